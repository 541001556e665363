/**
 * Narrowing helpers for values that come from outside toolsift's types: MCP results and tool
 * inputs. (Caught errors are described by `errorText` in src/errors.ts.)
 */

/** True for a non-null, non-array object, whose fields can then be read and checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
