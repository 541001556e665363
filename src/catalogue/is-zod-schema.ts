import type { ZodSchemaLike } from "./tool-definition.js";

/** Whether a value is a zod (v4, or v3.25+ through its v4 core) schema rather than JSON Schema. */
export function isZodSchema(value: unknown): value is ZodSchemaLike {
  return (
    typeof value === "object" &&
    value !== null &&
    "_zod" in value &&
    typeof (value as { safeParseAsync?: unknown }).safeParseAsync === "function"
  );
}
