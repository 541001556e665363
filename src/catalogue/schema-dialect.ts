import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { Ajv2019 } from "ajv/dist/2019.js";
import type { Ajv2020 } from "ajv/dist/2020.js";

/** The JSON Schema dialects toolsift validates with; a schema picks one with its root `$schema`. */
export type Dialect = "2020-12" | "2019-09" | "draft-07";

type AjvClass = typeof Ajv | typeof Ajv2019 | typeof Ajv2020;
/** An ajv instance of any of the three dialects. */
export type AnyAjv = Ajv | Ajv2019 | Ajv2020;
/** The options every dialect's ajv takes. */
export type AjvOptions = ConstructorParameters<typeof Ajv2020>[0];

const require = createRequire(import.meta.url);
const classes: Partial<Record<Dialect, AjvClass>> = {};
let addFormats: ((ajv: AnyAjv) => void) | undefined;

/**
 * A dialect's ajv class, loaded on its first schema rather than at import: ajv takes longer to
 * load than the rest of toolsift, and most catalogues use one dialect, or none.
 */
function ajvClass(dialect: Dialect): AjvClass {
  const loaded = classes[dialect];
  if (loaded) return loaded;
  const loading =
    dialect === "2020-12"
      ? (require("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020 }).Ajv2020
      : dialect === "2019-09"
        ? (require("ajv/dist/2019.js") as { Ajv2019: typeof Ajv2019 }).Ajv2019
        : (require("ajv") as { Ajv: typeof Ajv }).Ajv;
  return (classes[dialect] = loading);
}

/**
 * The dialect a root `$schema` names. MCP and zod use 2020-12, which is also the default;
 * many generators still write draft-07 (whose tuple `items` 2020-12 rejects), so it is
 * honoured rather than misread. Draft-06 and draft-04 are read as draft-07, their closest kin
 * that ajv implements; a schema that relies on their differences fails the check and says so.
 */
export function dialectOf(schemaUri: unknown): Dialect {
  if (typeof schemaUri !== "string") return "2020-12";
  if (/json-schema\.org\/draft-0[467]\/schema/.test(schemaUri)) return "draft-07";
  if (/json-schema\.org\/draft\/2019-09\/schema/.test(schemaUri)) return "2019-09";
  return "2020-12";
}

/** Each dialect's meta-schema, as ajv registers it: a schema's `$schema` may add a trailing "#". */
export const META_SCHEMA_IDS: Readonly<Record<Dialect, string>> = {
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft-07": "http://json-schema.org/draft-07/schema",
};

/**
 * The options of the ajv that checks schemas against their meta-schema. The validators
 * generated from the meta-schemas (scripts/generate-meta-validators.ts) are built with the
 * same, so they report what this ajv reports.
 */
export const META_CHECKER_OPTIONS = { strict: false, logger: false, allErrors: false } as const satisfies AjvOptions;

/** A new ajv for a dialect, with the formats toolsift knows. */
export function createAjv(dialect: Dialect, options: AjvOptions): AnyAjv {
  const ajv = new (ajvClass(dialect))(options);
  // CommonJS: its default export may arrive wrapped.
  addFormats ??= ((formats: { default?: unknown }) => (formats.default ?? formats) as (ajv: AnyAjv) => void)(
    require("ajv-formats") as { default?: unknown },
  );
  addFormats(ajv);
  return ajv;
}
