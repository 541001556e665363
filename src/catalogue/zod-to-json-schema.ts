import { createRequire } from "node:module";
import type { ZodSchemaLike } from "./tool-definition.js";

type ToJsonSchema = (schema: unknown, options: { io: "input" }) => unknown;

const require = createRequire(import.meta.url);
let zodToJsonSchema: ToJsonSchema | undefined;

/**
 * A zod schema's input as JSON Schema. Zod 4's schemas convert themselves (`.toJSONSchema()`),
 * so toolsift needs no zod of its own; only a schema without that method (zod 3.25's v4 core,
 * or zod mini) is converted by the zod package, which its user then has installed.
 *
 * @throws Error when the schema cannot be represented in JSON Schema, or no zod can convert it.
 */
export function zodInputJsonSchema(schema: ZodSchemaLike): unknown {
  const own = (schema as { toJSONSchema?: unknown }).toJSONSchema;
  if (typeof own === "function") return (own as (options: { io: "input" }) => unknown).call(schema, { io: "input" });
  zodToJsonSchema ??= (require("zod") as { z: { toJSONSchema: ToJsonSchema } }).z.toJSONSchema;
  return zodToJsonSchema(schema, { io: "input" });
}
