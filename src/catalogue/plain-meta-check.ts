import type { JsonValue } from "./copy-json.js";

type JsonObject = { [key: string]: JsonValue };

/**
 * Every keyword JSON Schema 2020-12's meta-schema says anything about: its seven vocabularies
 * and the deprecated keywords it still defines. A key outside this list is an annotation the
 * meta-schema allows with any value. A test compares the list with ajv's copy of the meta-schema.
 */
export const META_2020_12_KEYWORDS: ReadonlySet<string> = new Set([
  // core
  "$id",
  "$schema",
  "$ref",
  "$anchor",
  "$dynamicRef",
  "$dynamicAnchor",
  "$vocabulary",
  "$comment",
  "$defs",
  // applicator
  "prefixItems",
  "items",
  "contains",
  "additionalProperties",
  "properties",
  "patternProperties",
  "dependentSchemas",
  "propertyNames",
  "if",
  "then",
  "else",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  // unevaluated
  "unevaluatedItems",
  "unevaluatedProperties",
  // validation
  "type",
  "const",
  "enum",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  // meta-data
  "title",
  "description",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "examples",
  // format-annotation
  "format",
  // content
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
  // deprecated, still defined by the meta-schema
  "definitions",
  "dependencies",
  "$recursiveAnchor",
  "$recursiveRef",
]);

const SIMPLE_TYPES: ReadonlySet<JsonValue> = new Set([
  "array",
  "boolean",
  "integer",
  "null",
  "number",
  "object",
  "string",
]);

/**
 * Whether a JSON Schema 2020-12 schema is valid against its meta-schema, told by one plain walk
 * when every keyword it uses is a common one (`type`, `properties`, `required`, `enum`, bounds,
 * `items`, `anyOf`, annotations...). `false` means only that this walk cannot vouch for it (a
 * keyword it leaves to the full check, such as `$anchor` or `dependencies`, or a value the
 * meta-schema refuses): the generated meta-schema validator decides then. The walk never vouches
 * for a schema that validator refuses; a test holds the two to that on mutated schemas.
 *
 * It exists for speed: the generated validator runs every vocabulary's check on every
 * subschema, and was the costliest step of reading a catalogue (about 75 ms of 1,000 tools with
 * real schemas), where this walk takes a few.
 *
 * @param schema - A copy made by `copyJson`: plain, acyclic and bounded in depth.
 * @example
 * conformsPlainly({ type: "object", properties: { id: { type: "string" } }, required: ["id"] }) // true
 * conformsPlainly({ type: "object", required: ["id", "id"] }) // false: the validator explains why
 */
export function conformsPlainly(schema: JsonValue): boolean {
  if (typeof schema === "boolean") return true;
  if (!isObject(schema)) return false;
  for (const key of Object.keys(schema)) {
    if (!META_2020_12_KEYWORDS.has(key)) continue;
    if (!keywordConforms(key, schema[key]!)) return false;
  }
  return true;
}

function keywordConforms(keyword: string, value: JsonValue): boolean {
  switch (keyword) {
    case "items":
    case "contains":
    case "additionalProperties":
    case "propertyNames":
    case "if":
    case "then":
    case "else":
    case "not":
    case "unevaluatedItems":
    case "unevaluatedProperties":
    case "contentSchema":
      return conformsPlainly(value);
    case "prefixItems":
    case "allOf":
    case "anyOf":
    case "oneOf":
      return Array.isArray(value) && value.length > 0 && value.every(conformsPlainly);
    case "properties":
    case "patternProperties":
    case "dependentSchemas":
    case "$defs":
    case "definitions":
      // patternProperties' names are "format": "regex", which the meta-schema check does not assert.
      return isObject(value) && Object.keys(value).every((name) => conformsPlainly(value[name]!));
    case "type":
      return (
        SIMPLE_TYPES.has(value) || (Array.isArray(value) && value.length > 0 && uniqueStrings(value, SIMPLE_TYPES))
      );
    case "required":
      return Array.isArray(value) && uniqueStrings(value);
    case "dependentRequired":
      return (
        isObject(value) &&
        Object.keys(value).every((name) => {
          const names = value[name]!;
          return Array.isArray(names) && uniqueStrings(names);
        })
      );
    case "enum":
    case "examples":
      return Array.isArray(value);
    case "const":
    case "default":
      return true;
    case "multipleOf":
      return typeof value === "number" && value > 0;
    case "maximum":
    case "exclusiveMaximum":
    case "minimum":
    case "exclusiveMinimum":
      return typeof value === "number";
    case "maxLength":
    case "minLength":
    case "maxItems":
    case "minItems":
    case "maxContains":
    case "minContains":
    case "maxProperties":
    case "minProperties":
      return Number.isInteger(value) && (value as number) >= 0;
    case "uniqueItems":
    case "deprecated":
    case "readOnly":
    case "writeOnly":
      return typeof value === "boolean";
    case "title":
    case "description":
    case "$comment":
    case "format":
    case "contentEncoding":
    case "contentMediaType":
    // Their "format" (a regex, a URI) is an annotation the meta-schema check does not assert.
    case "pattern":
    case "$ref":
    case "$schema":
      return typeof value === "string";
    default:
      // $id, $anchor, $dynamicRef, $dynamicAnchor, $vocabulary, dependencies and the
      // $recursive keywords: rare, and left to the full check.
      return false;
  }
}

function isObject(value: JsonValue): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Distinct strings, each in `allowed` when given. */
function uniqueStrings(values: readonly JsonValue[], allowed?: ReadonlySet<JsonValue>): boolean {
  const seen = new Set<string>();
  for (const value of values) {
    if (typeof value !== "string" || seen.has(value) || (allowed && !allowed.has(value))) return false;
    seen.add(value);
  }
  return true;
}
