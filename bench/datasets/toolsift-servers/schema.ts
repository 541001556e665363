/**
 * Tiny JSON Schema builders that keep the server files readable. A property key ending in
 * `?` is optional; every other key lands in `required`.
 */

/** A JSON Schema fragment as plain data. */
export type Schema = { [keyword: string]: unknown };

/** Properties by name; `"name?"` marks an optional one. */
export type Props = Record<string, Schema>;

/** An object schema with its `required` list worked out from the `?` markers. */
export interface ObjectSchema {
  type: "object";
  properties: Record<string, Schema>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A string. */
export const str = (description: string, extra: Schema = {}): Schema => ({ type: "string", description, ...extra });

/** An integer. */
export const int = (description: string, extra: Schema = {}): Schema => ({ type: "integer", description, ...extra });

/** A number. */
export const num = (description: string, extra: Schema = {}): Schema => ({ type: "number", description, ...extra });

/** A boolean. */
export const bool = (description: string, extra: Schema = {}): Schema => ({ type: "boolean", description, ...extra });

/** A string restricted to `values`. */
export const oneOf = (values: readonly string[], description: string, extra: Schema = {}): Schema => ({
  type: "string",
  enum: [...values],
  description,
  ...extra,
});

/** An array of `items`. */
export const list = (items: Schema, description: string, extra: Schema = {}): Schema => ({
  type: "array",
  items,
  description,
  ...extra,
});

/** An object built from `props`, with `required` from the `?` markers. */
export function obj(props: Props, description?: string, extra: Schema = {}): ObjectSchema {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const [key, schema] of Object.entries(props)) {
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    properties[name] = schema;
    if (!optional) required.push(name);
  }
  return {
    type: "object",
    ...(description === undefined ? {} : { description }),
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...extra,
  };
}

/** A free-form string map, as used for labels, tags and metadata. */
export const stringMap = (description: string): Schema => ({
  type: "object",
  description,
  additionalProperties: { type: "string" },
});

/** ISO 8601 date-time string. */
export const dateTime = (description: string): Schema => str(description, { format: "date-time" });

/** Page-number pagination as REST APIs of the GitHub family use it. */
export const pageParams = (maxPerPage: number, perPageKey = "per_page"): Props => ({
  [`${perPageKey}?`]: int(`Results per page, at most ${maxPerPage}.`, { minimum: 1, maximum: maxPerPage }),
  "page?": int("Page number to fetch, starting at 1.", { minimum: 1, default: 1 }),
});

/** Cursor pagination: a limit plus the opaque cursor from the previous response. */
export const cursorParams = (maxLimit: number, cursorKey = "cursor", limitKey = "limit"): Props => ({
  [`${limitKey}?`]: int(`Maximum number of results, 1-${maxLimit}.`, { minimum: 1, maximum: maxLimit }),
  [`${cursorKey}?`]: str("Opaque cursor returned by the previous call; omit for the first page."),
});
