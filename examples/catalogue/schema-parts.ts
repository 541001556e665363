import type { JsonSchemaObject } from "../../src/catalogue/tool-definition.js";

declare const valueType: unique symbol;

/**
 * A JSON Schema fragment that also tells the compiler what values it accepts, so a tool's
 * `execute` gets a typed input without a second, hand-written interface that could drift.
 * The marker property exists only in the type; the emitted JSON is plain JSON Schema.
 */
export type Schema<T> = { readonly [keyword: string]: unknown; readonly [valueType]?: T };

/** The TypeScript type of the values a {@link Schema} accepts. */
export type Infer<S> = S extends { readonly [valueType]?: infer T } ? T : never;

/** A typed JSON Schema that describes an object, usable as a tool's `inputSchema`. */
export type ObjectSchema<T> = Schema<T> & JsonSchemaObject;

/** The `properties` of an object schema, by name. */
export type Properties = Record<string, Schema<unknown>>;
type Simplify<T> = { [K in keyof T]: T[K] };
type ObjectValue<P extends Properties, R extends keyof P> = Simplify<
  { [K in R]: Infer<P[K]> } & { [K in Exclude<keyof P, R>]?: Infer<P[K]> }
>;

/** Keywords a string property may carry besides its description. */
export interface StringKeywords {
  format?: "date-time" | "date" | "email" | "uri" | "uuid";
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  default?: string;
  /** Sample values; the first one names an entity the example fake actually holds. */
  examples?: readonly string[];
}

/** Keywords a numeric property may carry besides its description. */
export interface NumberKeywords {
  minimum?: number;
  maximum?: number;
  default?: number;
  examples?: readonly number[];
}

/** Keywords an array property may carry besides its description. */
export interface ArrayKeywords {
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  /** Sample arrays; the first one names entities the example fake actually holds. */
  examples?: readonly (readonly unknown[])[];
}

const typed = <T>(schema: Record<string, unknown>): Schema<T> => schema;

/** A string property. */
export const text = (description: string, keywords: StringKeywords = {}): Schema<string> =>
  typed({ type: "string", description, ...keywords });

const formatted =
  (format: NonNullable<StringKeywords["format"]>) =>
  (description: string, examples?: readonly string[]): Schema<string> =>
    text(description, examples ? { format, examples } : { format });

/** A string property in RFC 3339 date-time form. */
export const dateTime = formatted("date-time");

/** A string property holding a calendar date (YYYY-MM-DD). */
export const date = formatted("date");

/** A string property holding one email address. */
export const email = formatted("email");

/** The same property, also accepting JSON null (which APIs use to clear a value). */
export const orNull = <T>(schema: Schema<T>): Schema<T | null> => typed({ ...schema, type: [schema.type, "null"] });

/** A string property restricted to a fixed set of values. */
export function choice<const V extends readonly [string, ...string[]]>(
  values: V,
  description: string,
  fallback?: V[number],
): Schema<V[number]> {
  return typed({ type: "string", enum: values, description, ...(fallback === undefined ? {} : { default: fallback }) });
}

/** An integer property. */
export const integer = (description: string, keywords: NumberKeywords = {}): Schema<number> =>
  typed({ type: "integer", description, ...keywords });

/** A (possibly fractional) number property. */
export const decimal = (description: string, keywords: NumberKeywords = {}): Schema<number> =>
  typed({ type: "number", description, ...keywords });

/** A boolean property, with its default when the caller leaves it out. */
export const flag = (description: string, fallback?: boolean): Schema<boolean> =>
  typed({ type: "boolean", description, ...(fallback === undefined ? {} : { default: fallback }) });

/** A property that takes any JSON scalar, as a SQL statement's parameter values do. */
export const scalar = (description: string): Schema<string | number | boolean | null> =>
  typed({ type: ["string", "number", "boolean", "null"], description });

/** An array property whose items all follow `items`. */
export const list = <S extends Schema<unknown>>(
  items: S,
  description: string,
  keywords: ArrayKeywords = {},
): Schema<Infer<S>[]> => typed({ type: "array", items, description, ...keywords });

/** An array of plain strings, the most common list in tool inputs (labels, ids, addresses). */
export const strings = (description: string, keywords: ArrayKeywords = {}): Schema<string[]> =>
  list(typed<string>({ type: "string" }), description, keywords);

/** A free-form string-to-string map, as payment and mail APIs use for metadata and headers. */
export const stringMap = (description: string): Schema<Record<string, string>> =>
  typed({ type: "object", description, additionalProperties: { type: "string" } });

/**
 * An object schema. `required` names the properties a caller must give; the rest become
 * optional in the inferred type too.
 *
 * @example
 * ```ts
 * const input = obj({ path: text("File to read."), head: integer("First N lines only.") }, ["path"]);
 * ```
 */
export function obj<P extends Properties, const R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
  description?: string,
): ObjectSchema<ObjectValue<P, R>> {
  return {
    type: "object",
    ...(description === undefined ? {} : { description }),
    properties,
    ...(required.length === 0 ? {} : { required }),
  };
}

/** The `owner`/`repo` pair that names a GitHub repository in every repository-scoped tool. */
export const repoRef = {
  owner: text(
    "Account or organization that owns the repository: the first path segment of github.com/{owner}/{repo}. " +
      "Not case-sensitive; for a fork, name the fork's owner, not the upstream one.",
    { examples: ["acme"] },
  ),
  repo: text(
    "Repository name without the .git suffix: the second path segment of github.com/{owner}/{repo}. " +
      "Not case-sensitive. A renamed repository is still found under its old name through GitHub's redirect.",
    { examples: ["storefront"] },
  ),
};

/** Page-number pagination (`page`, `per_page`), as REST APIs in the GitHub style take it. */
export const pagePaging = (maxPerPage = 100, defaultPerPage = 30) => ({
  page: integer(
    "Page of results to fetch, starting at 1. Keep per_page the same from one page to the next, " +
      "or items are skipped or repeated; a page with fewer than per_page items is the last one.",
    { minimum: 1, default: 1 },
  ),
  per_page: integer(
    `Items per page, 1 to ${maxPerPage} (default ${defaultPerPage}). ` +
      "Larger pages mean fewer calls and rate-limit hits but a longer answer to read.",
    { minimum: 1, maximum: maxPerPage, default: defaultPerPage },
  ),
});

/** Cursor pagination (`cursor`, `limit`), as Slack-style APIs take it. */
export const cursorPaging = (maxLimit = 200, defaultLimit = 100) => ({
  cursor: text(
    "Opaque cursor from response_metadata.next_cursor of the previous call, passed back unchanged; omit it for the " +
      "first page. An empty or null next_cursor means there is nothing more to fetch.",
  ),
  limit: integer(
    `Maximum number of items to return, 1 to ${maxLimit} (default ${defaultLimit}). ` +
      "A page may hold fewer items even when more remain, so keep paging until next_cursor is empty " +
      "rather than stopping at a short page.",
    { minimum: 1, maximum: maxLimit, default: defaultLimit },
  ),
});

/** A person a commit is attributed to: display name and address. */
export const person = (description: string) =>
  obj(
    {
      name: text("Display name as it should appear in history, such as Mira Kovač.", { minLength: 1 }),
      email: email("Email address; commits show as verified only when it belongs to the signing account."),
    },
    ["name", "email"],
    description,
  );
