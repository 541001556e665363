import { checkSchema } from "./check-schema.js";
import { describePath } from "./copy-json.js";
import { schemaCopy } from "./schema-copy.js";
import type { JsonSchemaObject } from "./tool-definition.js";

/** {@link readOutputSchema}'s answer: the schema to pass on, or why there is none. */
export type OutputSchemaRead = { ok: true; schema: JsonSchemaObject } | { ok: false; problem: string };

/**
 * A tool's output schema (MCP's `outputSchema`) as toolsift passes it on to clients: its own
 * plain, bounded copy of an object schema that is valid for its dialect, whose patterns run and
 * whose references resolve inside it, without `$schema`, as an input schema is sent. A client
 * compiles it to check the tool's `structuredContent`, and one that cannot compile may cost the
 * client its whole tool list, so anything less is refused, with the reason. Nothing is mended:
 * an output schema checks what the server sends, not what a model wrote.
 *
 * @example
 * ```ts
 * readOutputSchema({ type: "object", properties: { temperature: { type: "number" } } });
 * // { ok: true, schema: { type: "object", properties: { temperature: { type: "number" } } } }
 * readOutputSchema({ type: "array" });
 * // { ok: false, problem: 'has type "array"; an output schema must be an object schema' }
 * ```
 */
export function readOutputSchema(value: unknown): OutputSchemaRead {
  // A function is left to the copy, which says it is not JSON data.
  if (value === null || (typeof value !== "object" && typeof value !== "function") || Array.isArray(value))
    return { ok: false, problem: `is ${Array.isArray(value) ? "an array" : typeof value}, not an object schema` };
  const copy = schemaCopy(value);
  if (!copy.ok) return { ok: false, problem: `at ${describePath(copy.path)} ${copy.problem}` };
  const { schema, dialect } = copy;
  if (schema.type !== "object") {
    const type = schema.type === undefined ? "no type" : `type ${JSON.stringify(schema.type)}`;
    return { ok: false, problem: `has ${type}; an output schema must be an object schema` };
  }
  const problem = checkSchema(schema, dialect);
  return problem === undefined ? { ok: true, schema: schema as JsonSchemaObject } : { ok: false, problem };
}
