import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { isZodSchema } from "./is-zod-schema.js";
import type { CatalogueTool } from "./catalogue-tool.js";

/** One thing wrong with a tool input: where (a JSON pointer, "" for the input itself) and what. */
export interface InputIssue {
  path: string;
  message: string;
}

export type InputValidation =
  | { ok: true; value: unknown }
  | { ok: false; issues: InputIssue[] }
  /** The schema itself could not be compiled; the input is passed through unchecked. */
  | { ok: true; value: unknown; uncheckedBecause: string };

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

// Models send "3" for 3 and "true" for true, and a stubbed tool gives them no schema to
// follow at all: coercion turns near-misses into valid calls rather than wasted turns.
// logger off: a format ajv does not know (custom ones are common in MCP schemas) is skipped, not reported per compile.
// addUsedSchema off and removeSchema after each compile: a schema's $id must not clash with
// its own re-listed copy (or another tool's), and ajv must not keep every schema it has seen.
const ajv = new Ajv2020({ allErrors: true, coerceTypes: true, useDefaults: true, strict: false, logger: false, addUsedSchema: false });
addFormats(ajv);

const compiled = new WeakMap<CatalogueTool, ValidateFunction | Error>();

/**
 * Validates and coerces a tool input against the tool's real schema (and, for a zod tool,
 * its zod schema, so refinements and transforms apply). The input is not mutated. It can
 * reject: a zod transform or refinement that throws is the caller's to turn into a result.
 */
export async function validateInput(tool: CatalogueTool, input: unknown): Promise<InputValidation> {
  const validate = validatorFor(tool);
  const value = structuredCloneOrSelf(input ?? {});
  if (validate instanceof Error) return { ok: true, value, uncheckedBecause: validate.message };
  if (!validate(value)) return { ok: false, issues: (validate.errors ?? []).map(toIssue) };
  const schema = tool.definition.inputSchema;
  if (isZodSchema(schema)) {
    // Async: a zod schema may hold async refinements; safeParse would throw on those.
    const parsed = await schema.safeParseAsync(value);
    if (!parsed.success) {
      return {
        ok: false,
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.length ? `/${issue.path.map(String).join("/")}` : "",
          message: issue.message,
        })),
      };
    }
    return { ok: true, value: parsed.data };
  }
  return { ok: true, value };
}

/** Renders issues as one line each, `path: message`, for a model to act on. */
export function formatIssues(issues: readonly InputIssue[]): string {
  return issues.map((issue) => `- ${issue.path || "(input)"}: ${issue.message}`).join("\n");
}

function validatorFor(tool: CatalogueTool): ValidateFunction | Error {
  let validate = compiled.get(tool);
  if (!validate) {
    try {
      validate = ajv.compile(tool.inputSchema);
    } catch (error) {
      validate = error instanceof Error ? error : new Error(String(error));
    } finally {
      ajv.removeSchema(tool.inputSchema);
    }
    compiled.set(tool, validate);
  }
  return validate;
}

function toIssue(error: ErrorObject): InputIssue {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    return { path: `${error.instancePath}/${String(params.missingProperty)}`, message: "is required but missing" };
  }
  if (error.keyword === "additionalProperties") {
    return { path: `${error.instancePath}/${String(params.additionalProperty)}`, message: "is not a parameter of this tool" };
  }
  if (error.keyword === "enum") {
    return { path: error.instancePath, message: `must be one of ${JSON.stringify(params.allowedValues)}` };
  }
  return { path: error.instancePath, message: error.message ?? error.keyword };
}

function structuredCloneOrSelf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
