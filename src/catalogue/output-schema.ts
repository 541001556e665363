import { checkSchema } from "./check-schema.js";
import { copyJson, describePath, type JsonValue } from "./copy-json.js";
import { CATALOGUE_LIMITS } from "./limits.js";
import { dialectOf } from "./schema-dialect.js";
import type { JsonSchemaObject } from "./tool-definition.js";
import { isRecord } from "../util/is-record.js";

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
  const copy = copyJson(value, CATALOGUE_LIMITS.schema);
  if (!copy.ok) return { ok: false, problem: `at ${describePath(copy.path)} ${copy.problem}` };
  const schema = copy.value;
  if (!isRecord(schema))
    return { ok: false, problem: `is ${Array.isArray(schema) ? "an array" : typeof schema}, not an object schema` };
  if (schema.type !== "object") {
    const type = schema.type === undefined ? "no type" : `type ${JSON.stringify(schema.type)}`;
    return { ok: false, problem: `has ${type}; an output schema must be an object schema` };
  }
  const { $schema, ...rest } = schema as { [key: string]: JsonValue };
  const problem = checkSchema(rest, dialectOf($schema));
  return problem === undefined ? { ok: true, schema: rest as JsonSchemaObject } : { ok: false, problem };
}
