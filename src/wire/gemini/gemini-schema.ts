/**
 * A tool's JSON Schema converted to the subset Gemini's function declarations accept, with a
 * report of every fallback the conversion took. Pure: the same schema gives the same result.
 *
 * What the conversion relies on, from Gemini's Schema reference (Gemini API, `@google/genai`,
 * Vertex AI, Firebase AI Logic):
 * - The Schema object is "a select subset of an OpenAPI 3.0 schema object": `type` (an enum:
 *   STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT; optional), `format`, `title`,
 *   `description`, `nullable`, `default`, `example`, `enum` (strings), `items`, `minItems`,
 *   `maxItems`, `properties`, `required`, `propertyOrdering`, `minProperties`,
 *   `maxProperties`, `minLength`, `maxLength`, `pattern`, `minimum`, `maximum`, `anyOf`.
 *   Nothing else is listed, so everything else is dropped: `$ref`/`$defs`, `oneOf`, `allOf`,
 *   `not`, `const`, type arrays, `additionalProperties` (absent from older models' Schema),
 *   `exclusiveMinimum`, `multipleOf`, `uniqueItems`, `prefixItems`, `examples`, …
 * - `enum` holds strings, for a primitive type, marked with `format: "enum"`; the documented
 *   examples include an INTEGER enum of strings.
 * - Formats: NUMBER `float`/`double`, INTEGER `int32`/`int64`; for STRING the Gemini Developer
 *   API accepts only `enum` and `date-time` (Firebase's reference: "otherwise requests will fail").
 * - Observed 400s reported by SDK users (not in the reference, but the API's own messages):
 *   "properties: should be non-empty for OBJECT type", "properties: only allowed for OBJECT
 *   type", an ARRAY without `items`, and `required` naming a property the node lacks. So an
 *   object without properties is sent as an untyped schema described in text, and `parameters`
 *   is left out for a tool without parameters ("for function with no parameters, this can be
 *   left unset").
 *
 * Nothing is lost by loosening: `execute` validates every call against the tool's real schema,
 * so a constraint Gemini is not shown is still enforced, and told to the model in the error.
 *
 * @module
 */
import { geminiPropertyName } from "./gemini-names.js";
import { isRecord } from "../../util/is-record.js";

/** A schema in Gemini's subset (see the module notes). */
export type GeminiSchema = { [keyword: string]: unknown };

/** A fallback the conversion took, and where. */
export type GeminiFallbackKind =
  /** A `$ref` replaced by the schema it points to (finite, so nothing is lost). */
  | "ref-inlined"
  /** A recursive `$ref`: an untyped schema with the referenced schema described in text. */
  | "ref-recursive"
  /** A `$ref` that points nowhere in the schema: an untyped schema. */
  | "ref-unresolved"
  /** Deeper or larger than the conversion goes: the rest is an untyped schema described in text. */
  | "too-large"
  /** `oneOf` sent as `anyOf` (Gemini has no exactly-one). */
  | "one-of"
  /** `const` sent as a single-value `enum`, or described when it is not a string or number. */
  | "const"
  /** A type array (`["string", "null"]`) sent as `nullable` and/or `anyOf`. */
  | "type-array"
  /** `allOf` of plain object schemas merged into one. */
  | "all-of-merged"
  /** `allOf` too complex to merge: dropped, described in text. */
  | "all-of-dropped"
  /** `additionalProperties` dropped (described in text when it is a schema). */
  | "additional-properties"
  /** A `format` Gemini does not list, dropped and named in the description. */
  | "format"
  /** An `enum` of values that are not strings or numbers, described in text. */
  | "enum-described"
  /** A keyword outside Gemini's subset dropped (named in the description when it constrains). */
  | "keyword-dropped"
  /** An object without properties (any object, a map), or a schema with no type: untyped. */
  | "open"
  /** A property whose name Gemini refuses, renamed (and renamed back at execution). */
  | "renamed-property"
  /** The tool's schema is not an object with properties: `parameters` left out. */
  | "no-parameters";

/** One fallback: its kind and the JSON pointer of the node it was taken at. */
export interface GeminiFallback {
  kind: GeminiFallbackKind;
  path: string;
}

/** How to rename a call's arguments back: wire property name → real name, nested. */
export interface GeminiRenames {
  properties?: Map<string, { name: string; renames?: GeminiRenames }>;
  items?: GeminiRenames;
}

/** A converted input schema: `parameters` (absent when the tool takes none Gemini can be shown). */
export interface GeminiConversion {
  parameters?: GeminiSchema;
  fallbacks: GeminiFallback[];
  /** Present when a property was renamed: see {@link restoreArguments}. */
  renames?: GeminiRenames;
}

/** Deepest nesting converted; deeper schemas are described in text. */
export const MAX_GEMINI_DEPTH = 16;
/** Most schema nodes one conversion emits (a finite `$ref` graph can still blow up when inlined). */
export const MAX_GEMINI_NODES = 2000;
/** Longest text a schema that could not be converted is described in. */
const MAX_DESCRIBED = 600;

const TYPES: Record<string, string> = {
  string: "STRING",
  number: "NUMBER",
  integer: "INTEGER",
  boolean: "BOOLEAN",
  array: "ARRAY",
  object: "OBJECT",
};
const FORMATS: Record<string, readonly string[]> = {
  STRING: ["enum", "date-time"],
  NUMBER: ["float", "double"],
  INTEGER: ["int32", "int64"],
};
/** Annotations and containers: dropped without a report, they constrain nothing. */
const SILENT = new Set(["$schema", "$id", "$comment", "$defs", "definitions", "$anchor", "readOnly", "writeOnly"]);
/** Keywords passed through as they are, for the types they belong to. */
const KEPT = {
  ANY: ["title", "default", "example"],
  STRING: ["minLength", "maxLength", "pattern"],
  NUMBER: ["minimum", "maximum"],
  INTEGER: ["minimum", "maximum"],
  ARRAY: ["minItems", "maxItems"],
  OBJECT: ["minProperties", "maxProperties"],
} as const satisfies Record<string, readonly string[]>;
/** Every keyword the conversion reads itself (the rest is dropped and reported). */
const HANDLED = new Set([
  "type",
  "description",
  "nullable",
  "enum",
  "const",
  "format",
  "properties",
  "required",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "$ref",
  "additionalProperties",
  ...Object.values(KEPT).flat(),
]);

interface Context {
  root: unknown;
  fallbacks: GeminiFallback[];
  nodes: number;
}

/**
 * A tool's input schema in Gemini's subset, as `parameters` of its declaration.
 *
 * @example
 * ```ts
 * const { parameters, fallbacks } = toGeminiParameters({ type: "object", properties: { id: { const: "a" } } });
 * // parameters: { type: "OBJECT", properties: { id: { type: "STRING", format: "enum", enum: ["a"] } } }
 * // fallbacks: [{ kind: "const", path: "/properties/id" }]
 * ```
 */
export function toGeminiParameters(inputSchema: unknown): GeminiConversion {
  // No parameters (a stub's any-input schema, say): Gemini wants `parameters` left unset.
  if (isEmptyObjectSchema(inputSchema)) return { fallbacks: [] };
  const context: Context = { root: inputSchema, fallbacks: [], nodes: 0 };
  const renames: GeminiRenames = {};
  const converted = convert(inputSchema, context, "", 0, [], renames);
  const properties = converted.properties as Record<string, unknown> | undefined;
  const hasRenames = renames.properties !== undefined || renames.items !== undefined;
  if (converted.type !== "OBJECT" || properties === undefined || Object.keys(properties).length === 0) {
    context.fallbacks.push({ kind: "no-parameters", path: "" });
    return { fallbacks: context.fallbacks };
  }
  return { parameters: converted, fallbacks: context.fallbacks, ...(hasRenames ? { renames } : {}) };
}

/** A call's arguments with renamed properties given their real names back (a copy; the input is not changed). */
export function restoreArguments(value: unknown, renames: GeminiRenames | undefined): unknown {
  if (renames === undefined || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return renames.items ? value.map((item) => restoreArguments(item, renames.items)) : value;
  if (!renames.properties) return value;
  const restored: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const real = renames.properties.get(key);
    restored[real?.name ?? key] = restoreArguments(item, real?.renames);
  }
  return restored;
}

function isEmptyObjectSchema(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  const { properties, type, ...rest } = schema as Record<string, unknown>;
  const noProperties =
    properties === undefined ||
    (typeof properties === "object" && properties !== null && Object.keys(properties).length === 0);
  return (
    noProperties &&
    (type === undefined || type === "object") &&
    Object.keys(rest).every(
      (key) =>
        SILENT.has(key) ||
        key === "required" ||
        key === "additionalProperties" ||
        key === "description" ||
        key === "title",
    )
  );
}

function convert(
  node: unknown,
  context: Context,
  path: string,
  depth: number,
  refs: readonly string[],
  renames: GeminiRenames,
): GeminiSchema {
  context.nodes++;
  if (typeof node !== "object" || node === null || Array.isArray(node)) {
    if (node !== true) note(context, "open", path);
    return { description: node === false ? "No value is accepted." : "Any value." };
  }
  if (depth > MAX_GEMINI_DEPTH || context.nodes > MAX_GEMINI_NODES) {
    note(context, "too-large", path);
    return described(node, "Nested too deep to show here");
  }
  let schema = node as Record<string, unknown>;
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    const target = resolveRef(context.root, ref);
    const { $ref: _ref, ...siblings } = schema;
    if (target === undefined) {
      note(context, "ref-unresolved", path);
      return convert(siblings, context, path, depth, refs, renames);
    }
    if (refs.includes(ref)) {
      note(context, "ref-recursive", path);
      return described(target, `Recursive (${ref})`, siblings.description);
    }
    note(context, "ref-inlined", path);
    return convert({ ...(target as object), ...siblings }, context, path, depth, [...refs, ref], renames);
  }
  if (Array.isArray(schema.allOf)) schema = mergeAllOf(schema, context, path);
  const notes: string[] = [];
  const out: GeminiSchema = {};
  const type = readType(schema, context, path, out);
  if (type === "NULL") {
    return withDescription({ nullable: true }, schema.description, ["Always null."]);
  }
  if (type !== undefined) out.type = type;

  const anyOf = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (anyOf === schema.oneOf && anyOf !== undefined) note(context, "one-of", path);
  if (schema.anyOf !== undefined && schema.oneOf !== undefined) {
    note(context, "keyword-dropped", path);
    notes.push(`Also exactly one of: ${summary(schema.oneOf)}.`);
  }
  if (anyOf !== undefined && anyOf.length > 0) {
    const key = schema.anyOf === anyOf ? "anyOf" : "oneOf";
    const real = anyOf.flatMap((branch, index) =>
      isNullSchema(branch) ? [] : [convert(branch, context, `${path}/${key}/${index}`, depth + 1, refs, renames)],
    );
    if (real.length < anyOf.length) out.nullable = true;
    if (real.length === 1 && out.type === undefined)
      Object.assign(out, real[0], out.nullable ? { nullable: true } : {});
    else if (real.length > 0) out.anyOf = real;
  }

  const place: Place = { context, path, depth, refs, renames, notes };
  enumOf(schema, out, place);
  formatOf(schema, out, place);
  for (const keyword of [
    ...KEPT.ANY,
    ...((KEPT as Record<string, readonly string[]>)[(out.type as string) ?? ""] ?? []),
  ])
    if (keptValue(keyword, schema[keyword])) out[keyword] = schema[keyword];
  if (out.type === "OBJECT") objectOf(schema, out, place);
  if (out.type === "ARRAY") arrayOf(schema, out, place);
  dropped(schema, out, place);
  if (out.type === "OBJECT" && out.properties === undefined) {
    // An object without properties is refused by the API: sent untyped, described.
    note(context, "open", path);
    delete out.type;
    for (const keyword of KEPT.OBJECT) delete out[keyword];
    notes.unshift("A JSON object.");
  } else if (out.type === undefined && out.anyOf === undefined) note(context, "open", path);
  return withDescription(out, schema.description, notes);
}

function isNullSchema(branch: unknown): boolean {
  return typeof branch === "object" && branch !== null && (branch as { type?: unknown }).type === "null";
}

function readType(
  schema: Record<string, unknown>,
  context: Context,
  path: string,
  out: GeminiSchema,
): string | undefined {
  const { type } = schema;
  if (typeof type === "string") return type === "null" ? "NULL" : TYPES[type];
  if (Array.isArray(type)) {
    note(context, "type-array", path);
    const types = type.filter((item): item is string => typeof item === "string");
    if (types.includes("null")) out.nullable = true;
    const rest = types.filter((item) => item !== "null" && TYPES[item] !== undefined);
    if (rest.length === 0) return types.includes("null") ? "NULL" : undefined;
    if (rest.length === 1) return TYPES[rest[0] as string];
    // Several types: anyOf branches of just the type; the other keywords stay on the parent.
    out.anyOf = rest.map((item) => ({ type: TYPES[item] }));
    return undefined;
  }
  if (schema.properties !== undefined) return "OBJECT";
  if (schema.items !== undefined) return "ARRAY";
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string")) return "STRING";
  if (typeof schema.const === "string") return "STRING";
  return undefined;
}

function enumOf(schema: Record<string, unknown>, out: GeminiSchema, place: Place): void {
  const { context, path, notes } = place;
  let values: unknown[] | undefined;
  if (schema.const !== undefined) {
    note(context, "const", path);
    values = [schema.const];
  } else if (Array.isArray(schema.enum)) values = schema.enum;
  if (values === undefined) return;
  const strings = values.every((value) => typeof value === "string");
  const numbers =
    (out.type === "INTEGER" || out.type === "NUMBER") &&
    values.every((value) => typeof value === "number" && Number.isFinite(value));
  if ((strings && (out.type === undefined || out.type === "STRING")) || numbers) {
    if (out.type === undefined) out.type = "STRING";
    out.enum = values.map(String);
    out.format = "enum";
    return;
  }
  note(context, "enum-described", path);
  notes.push(values.length === 1 ? `Must be ${clip(JSON.stringify(values[0]))}.` : `One of: ${summary(values)}.`);
}

function formatOf(schema: Record<string, unknown>, out: GeminiSchema, place: Place): void {
  const { context, path, notes } = place;
  const { format } = schema;
  if (format === undefined || out.format === "enum") return;
  if (typeof format === "string" && (FORMATS[(out.type as string) ?? ""] ?? []).includes(format)) {
    out.format = format;
    return;
  }
  note(context, "format", path);
  notes.push(`Format: ${clip(String(format))}.`);
}

/** Where a node's children are converted: the conversion, the node's pointer, depth, refs, renames and notes. */
interface Place {
  context: Context;
  path: string;
  depth: number;
  refs: readonly string[];
  renames: GeminiRenames;
  notes: string[];
}

function objectOf(schema: Record<string, unknown>, out: GeminiSchema, place: Place): void {
  const { context, path, depth, refs, renames, notes } = place;
  const source = schema.properties;
  if (isRecord(source)) {
    const properties: Record<string, GeminiSchema> = {};
    const wireOf = new Map<string, string>();
    for (const [name, child] of Object.entries(source)) {
      const wire = geminiPropertyName(name, new Set(Object.keys(properties)));
      const childRenames: GeminiRenames = {};
      properties[wire] = convert(child, context, `${path}/properties/${pointer(name)}`, depth + 1, refs, childRenames);
      wireOf.set(name, wire);
      const nested = childRenames.properties !== undefined || childRenames.items !== undefined;
      if (wire !== name) note(context, "renamed-property", `${path}/properties/${pointer(name)}`);
      if (wire !== name || nested) {
        renames.properties ??= new Map();
        renames.properties.set(wire, { name, ...(nested ? { renames: childRenames } : {}) });
      }
    }
    if (Object.keys(properties).length > 0) {
      out.properties = properties;
      const required = Array.isArray(schema.required)
        ? schema.required.flatMap((name) =>
            typeof name === "string" && wireOf.has(name) ? [wireOf.get(name) as string] : [],
          )
        : [];
      if (required.length > 0) out.required = [...new Set(required)];
    }
  }
  const extra = schema.additionalProperties;
  if (extra !== undefined) {
    note(context, "additional-properties", path);
    if (extra === false) notes.push("No other properties.");
    else if (typeof extra === "object" && extra !== null && Object.keys(extra).length > 0)
      notes.push(`Other properties: ${clip(JSON.stringify(extra))}.`);
  }
}

function arrayOf(schema: Record<string, unknown>, out: GeminiSchema, place: Place): void {
  const { context, path, depth, refs, renames, notes } = place;
  const { items } = schema;
  if (Array.isArray(items)) {
    // A tuple (draft 4's array form of items): OpenAPI 3.0 has none.
    note(context, "keyword-dropped", `${path}/items`);
    notes.push(`Items in order: ${summary(items)}.`);
    out.items = { description: "Any value." };
    return;
  }
  const itemRenames: GeminiRenames = {};
  // Gemini refuses an ARRAY without items: an untyped item stands for "any".
  out.items =
    items === undefined
      ? { description: "Any value." }
      : convert(items, context, `${path}/items`, depth + 1, refs, itemRenames);
  if (itemRenames.properties !== undefined || itemRenames.items !== undefined) renames.items = itemRenames;
}

/** Keywords outside the subset: reported, and named in the description when they constrain. */
function dropped(schema: Record<string, unknown>, out: GeminiSchema, place: Place): void {
  const { context, path, notes } = place;
  for (const [keyword, value] of Object.entries(schema)) {
    if (HANDLED.has(keyword) || SILENT.has(keyword)) continue;
    if (keyword === "examples" && out.example === undefined && Array.isArray(value) && value.length > 0) {
      if (isJson(value[0])) out.example = value[0];
      continue;
    }
    note(context, "keyword-dropped", path);
    if (CONSTRAINTS.has(keyword)) notes.push(`${keyword}: ${clip(JSON.stringify(value) ?? String(value))}.`);
  }
}

/** Keywords that constrain a value: their meaning is kept in the description. */
const CONSTRAINTS = new Set([
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "prefixItems",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "not",
  "if",
  "then",
  "else",
]);

function mergeAllOf(schema: Record<string, unknown>, context: Context, path: string): Record<string, unknown> {
  const { allOf, ...rest } = schema;
  const members = (allOf as unknown[]).map((member) =>
    typeof member === "object" && member !== null && typeof (member as { $ref?: unknown }).$ref === "string"
      ? (resolveRef(context.root, (member as { $ref: string }).$ref) ?? member)
      : member,
  );
  const simple = members.every(
    (member) =>
      typeof member === "object" &&
      member !== null &&
      !Array.isArray(member) &&
      Object.keys(member).every((key) => ["type", "properties", "required", "description", "title"].includes(key)) &&
      ((member as { type?: unknown }).type === undefined || (member as { type?: unknown }).type === "object"),
  );
  if (
    !simple ||
    (rest.type !== undefined &&
      rest.type !== "object" &&
      members.length > 0 &&
      members.some((m) => (m as { properties?: unknown }).properties))
  ) {
    note(context, "all-of-dropped", path);
    const text = `Must also match all of: ${summary(members)}.`;
    return { ...rest, description: typeof rest.description === "string" ? `${rest.description} ${text}` : text };
  }
  note(context, "all-of-merged", path);
  const properties: Record<string, unknown> = { ...((rest.properties as object | undefined) ?? {}) };
  const required = new Set<unknown>(Array.isArray(rest.required) ? rest.required : []);
  const descriptions: string[] = typeof rest.description === "string" ? [rest.description] : [];
  for (const member of members as Record<string, unknown>[]) {
    Object.assign(properties, member.properties ?? {});
    for (const name of Array.isArray(member.required) ? member.required : []) required.add(name);
    if (typeof member.description === "string") descriptions.push(member.description);
  }
  return {
    ...rest,
    type: "object",
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
    ...(descriptions.length > 0 ? { description: descriptions.join(" ") } : {}),
  };
}

/** A JSON pointer `$ref` into the root schema (`#`, `#/$defs/x`, `#/definitions/x`, …). */
function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function described(schema: unknown, why: string, description?: unknown): GeminiSchema {
  const own = typeof description === "string" ? `${description} ` : "";
  const inner = (schema as { description?: unknown }).description;
  const lead = typeof inner === "string" && own === "" ? `${inner} ` : own;
  return { description: `${lead}${why}; its schema: ${clip(JSON.stringify(schema) ?? "{}")}` };
}

function withDescription(out: GeminiSchema, description: unknown, notes: string[]): GeminiSchema {
  const parts = [...(typeof description === "string" && description !== "" ? [description] : []), ...notes];
  if (parts.length > 0) out.description = parts.join(" ");
  return out;
}

function note(context: Context, kind: GeminiFallbackKind, path: string): void {
  context.fallbacks.push({ kind, path });
}

function summary(values: unknown): string {
  return clip((Array.isArray(values) ? values : [values]).map((value) => JSON.stringify(value)).join(", "));
}

function clip(text: string): string {
  return text.length <= MAX_DESCRIBED ? text : `${text.slice(0, MAX_DESCRIBED - 1)}…`;
}

function pointer(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A kept keyword's value, when it has the type the Schema reference gives it. */
function keptValue(keyword: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (keyword === "default" || keyword === "example") return isJson(value);
  if (keyword === "title" || keyword === "pattern") return typeof value === "string";
  if (keyword === "minimum" || keyword === "maximum") return typeof value === "number" && Number.isFinite(value);
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isJson(value: unknown): boolean {
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}
