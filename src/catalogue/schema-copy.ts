import { copyJson, type JsonCopyProblem, type JsonValue } from "./copy-json.js";
import { CATALOGUE_LIMITS } from "./limits.js";
import { dialectOf, type Dialect } from "./schema-dialect.js";

/** A schema as toolsift keeps one it did not make: see {@link schemaCopy}. */
export type SchemaCopy =
  | { ok: true; schema: { [key: string]: JsonValue }; dialect: Dialect }
  | ({ ok: false } & JsonCopyProblem);

/**
 * How toolsift takes a tool's schema (an input schema, an output schema) from whoever made it:
 * its own copy, read once and bounded (see `copyJson`: the host's object may change, loop or
 * throw), without `$schema`, which no one on the wire needs and every token of which an input
 * schema pays on every turn, and the dialect that `$schema` named, for the checks.
 *
 * @param value - An object that is not an array: whether a schema may be anything else is the caller's rule.
 */
export function schemaCopy(value: object): SchemaCopy {
  const copy = copyJson(value, CATALOGUE_LIMITS.schema);
  if (!copy.ok) return copy;
  // The copy of an object that is neither null nor an array is a plain object.
  const { $schema, ...schema } = copy.value as { [key: string]: JsonValue };
  return { ok: true, schema, dialect: dialectOf($schema) };
}
