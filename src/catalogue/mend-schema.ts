import type { JsonValue } from "./copy-json.js";
import { forEachSubschema, Pointer } from "./subschemas.js";
import { isRecord } from "../util/is-record.js";

type JsonObject = { [key: string]: JsonValue };

/**
 * Type names written by other conventions, each with the JSON Schema type it can only mean:
 * another case ("STRING", as Gemini's OpenAPI subset and RapidAPI listings write it), Python's
 * names ("dict", "float", "tuple", as BFCL-style function specs write them) and a few others.
 * `null` marks "any", which constrains nothing: its `type` is removed. A name not here ("ENUM",
 * "file", "date") has no single reading, and the schema stays refused.
 */
const TYPE_NAMES: ReadonlyMap<string, string | null> = new Map([
  ["string", "string"],
  ["str", "string"],
  ["number", "number"],
  ["float", "number"],
  ["double", "number"],
  ["decimal", "number"],
  ["integer", "integer"],
  ["int", "integer"],
  ["long", "integer"],
  ["boolean", "boolean"],
  ["bool", "boolean"],
  ["object", "object"],
  ["dict", "object"],
  ["map", "object"],
  ["array", "array"],
  ["list", "array"],
  ["tuple", "array"],
  ["null", "null"],
  ["none", "null"],
  ["any", null],
]);

/** Annotation keywords: they describe a value and never decide whether it is valid. */
const TEXT_ANNOTATIONS = ["title", "description", "$comment"] as const;
const FLAG_ANNOTATIONS = ["deprecated", "readOnly", "writeOnly"] as const;

/** How many mends a report names before it counts the rest: a hostile schema can need thousands. */
const MAX_NAMED_MENDS = 5;

/**
 * What {@link mendSchema} changed, for a warning: the first few mends by where they are, and
 * how many there were in all.
 */
export interface SchemaMends {
  readonly count: number;
  readonly named: readonly string[];
}

/**
 * Mends, in place, the mistakes in an input schema whose meaning is not in doubt, so that a tool
 * written loosely can still be checked instead of refused. Called only on a schema its checks
 * refused, and the mended schema is checked again in full: a mend never lets an unchecked input
 * through, it only reads the schema as its author evidently meant it.
 *
 * - a `type` by another convention ("STRING", "dict", "float"; see `TYPE_NAMES`) is read as
 *   its JSON Schema name; "any" is removed;
 * - `required: true` written on a property (JSON Schema draft 3's style) names the property in
 *   its object's `required` list; `required: false` there is removed, and a `required` that is
 *   one name becomes a list of it;
 * - an annotation of the wrong kind (a number as a `description`, one example as `examples`,
 *   "true" as `deprecated`) is turned into the right kind or removed: annotations never change
 *   which inputs are valid;
 * - the top level, which must be an object schema, gets `"type": "object"` when it has none.
 *
 * Anything else (an unknown type name, an empty `enum`, a pattern that cannot run, a `$ref`
 * that leads nowhere) is left as it is, and stays refused. The work is one walk of the schema,
 * which `copyJson` has already bounded.
 *
 * @param schema - toolsift's own copy of the schema (see `copyJson`), changed in place.
 * @example
 * ```ts
 * const schema = { properties: { q: { type: "STRING", required: true } } };
 * mendSchema(schema);
 * // schema: { properties: { q: { type: "string" } }, required: ["q"], type: "object" }
 * // returns { count: 3, named: ['"required": true at /properties/q moved to its object\'s "required" list',
 * //   '"type" "STRING" at /properties/q read as "string"', '"type": "object" added at the top level, …'] }
 * ```
 */
export function mendSchema(schema: JsonObject): SchemaMends {
  const mends = new MendLog();
  const visit = (node: JsonValue, path: Pointer): void => {
    if (!isRecord(node)) return;
    mendNode(node as JsonObject, path, mends);
    forEachSubschema(node as JsonObject, path, visit);
  };
  visit(schema, Pointer.ROOT);
  if (schema.type === undefined) {
    schema.type = "object";
    mends.add(() => '"type": "object" added at the top level, which must be an object schema');
  }
  return { count: mends.count, named: mends.named };
}

/** Counts mends and words the first few: a hostile schema's thousands cost no strings. */
class MendLog {
  count = 0;
  readonly named: string[] = [];

  add(say: () => string): void {
    if (this.count++ < MAX_NAMED_MENDS) this.named.push(say());
  }
}

/** The mends in one phrase for a message: those named, then how many more there were. */
export function describeMends(mends: SchemaMends): string {
  const more = mends.count - mends.named.length;
  return `${mends.named.join("; ")}${more > 0 ? `, and ${more} more` : ""}`;
}

function mendNode(node: JsonObject, path: Pointer, mends: MendLog): void {
  mendType(node, path, mends);
  mendRequired(node, path, mends);
  mendAnnotations(node, path, mends);
}

function mendType(node: JsonObject, path: Pointer, mends: MendLog): void {
  const { type } = node;
  const names = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (names === undefined || !names.every((name) => typeof name === "string")) return;
  if (names.every((name) => TYPE_NAMES.get(name as string) === name)) return;
  const read = names.map((name) => TYPE_NAMES.get((name as string).toLowerCase()));
  if (read.some((name) => name === undefined)) return;
  if (read.includes(null)) {
    delete node.type;
    mends.add(() => `"type" ${JSON.stringify(type)} at ${at(path)} removed: "any" allows every value`);
    return;
  }
  const mended = [...new Set(read as string[])];
  node.type = typeof type === "string" || mended.length === 1 ? mended[0]! : mended;
  mends.add(() => `"type" ${JSON.stringify(type)} at ${at(path)} read as ${JSON.stringify(node.type)}`);
}

function mendRequired(node: JsonObject, path: Pointer, mends: MendLog): void {
  const { required: written } = node;
  if (typeof written === "string") {
    node.required = [written];
    mends.add(() => `"required" ${JSON.stringify(written)} at ${at(path)} read as a list of that name`);
  }
  const { properties } = node;
  if (isRecord(properties)) {
    for (const name of Object.keys(properties)) {
      const property = properties[name];
      if (!isRecord(property) || typeof property.required !== "boolean") continue;
      const required = property.required;
      // A malformed list of the object's own is not overwritten: the schema stays refused.
      if (required && node.required !== undefined && !Array.isArray(node.required)) continue;
      delete (property as JsonObject).required;
      if (!required) {
        mends.add(() => `"required": false at ${at(path.child("properties").child(name))} removed`);
        continue;
      }
      const list = (node.required ??= []) as JsonValue[];
      if (!list.includes(name)) list.push(name);
      mends.add(
        () => `"required": true at ${at(path.child("properties").child(name))} moved to its object's "required" list`,
      );
    }
  }
}

function mendAnnotations(node: JsonObject, path: Pointer, mends: MendLog): void {
  for (const keyword of TEXT_ANNOTATIONS) {
    const value = node[keyword];
    if (value === undefined || typeof value === "string") continue;
    if (typeof value === "number" || typeof value === "boolean") {
      node[keyword] = String(value);
      mends.add(() => `"${keyword}" at ${at(path)} read as text`);
    } else {
      delete node[keyword];
      mends.add(() => `"${keyword}" at ${at(path)} removed: it is not text`);
    }
  }
  for (const keyword of FLAG_ANNOTATIONS) {
    const value = node[keyword];
    if (value === undefined || typeof value === "boolean") continue;
    if (value === "true" || value === "false") {
      node[keyword] = value === "true";
      mends.add(() => `"${keyword}" at ${at(path)} read as ${value}`);
    } else {
      delete node[keyword];
      mends.add(() => `"${keyword}" at ${at(path)} removed: it is not true or false`);
    }
  }
  const { examples } = node;
  if (examples !== undefined && !Array.isArray(examples)) {
    node.examples = [examples];
    mends.add(() => `"examples" at ${at(path)} read as a list of one example`);
  }
}

function at(path: Pointer): string {
  return path.isRoot ? "the top level" : path.describe();
}
