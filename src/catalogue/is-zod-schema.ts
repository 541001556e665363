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

/**
 * Whether a value is a schema of zod 3's classic API (`import { z } from "zod"` with zod 3),
 * which toolsift does not read: it has no JSON Schema of its own to give, and no zod 4 core.
 * Told apart so that it is refused with the fix, not read as a JSON Schema full of functions.
 */
export function isClassicZodSchema(value: unknown): boolean {
  if (typeof value !== "object" || value === null || "_zod" in value) return false;
  const definition = (value as { _def?: unknown })._def;
  return (
    typeof definition === "object" &&
    definition !== null &&
    typeof (definition as { typeName?: unknown }).typeName === "string" &&
    typeof (value as { safeParseAsync?: unknown }).safeParseAsync === "function"
  );
}
