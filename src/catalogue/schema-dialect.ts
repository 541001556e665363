import { Ajv } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

/** The JSON Schema dialects toolsift validates with; a schema picks one with its root `$schema`. */
export type Dialect = "2020-12" | "2019-09" | "draft-07";

type AjvClass = typeof Ajv | typeof Ajv2019 | typeof Ajv2020;
/** An ajv instance of any of the three dialects. */
export type AnyAjv = Ajv | Ajv2019 | Ajv2020;
/** The options every dialect's ajv takes. */
export type AjvOptions = ConstructorParameters<typeof Ajv2020>[0];

const CLASSES: Record<Dialect, AjvClass> = { "2020-12": Ajv2020, "2019-09": Ajv2019, "draft-07": Ajv };

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: AnyAjv) => void;

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

/** A new ajv for a dialect, with the formats toolsift knows. */
export function createAjv(dialect: Dialect, options: AjvOptions): AnyAjv {
  const ajv = new CLASSES[dialect](options);
  addFormats(ajv);
  return ajv;
}
