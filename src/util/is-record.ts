/**
 * True for a non-null, non-array object, whose fields can then be read and checked one by one:
 * the first step of parsing any value that comes from outside toolsift's types (a model's
 * answer, an MCP result, a file a user wrote).
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
