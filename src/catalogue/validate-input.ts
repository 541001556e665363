import type { CatalogueTool } from "./catalogue-tool.js";
import { copyJson, describePath } from "./copy-json.js";
import type { ValidationError } from "./input-validator.js";
import { CATALOGUE_LIMITS } from "./limits.js";

// Kept importable from here: the tests and the catalogue name it with validateInput.
export { InputValidator, type CompiledValidator } from "./input-validator.js";

/** One thing wrong with a tool input: where (a JSON pointer, "" for the input itself) and what. */
export interface InputIssue {
  path: string;
  message: string;
}

/**
 * The outcome of checking one input. There is no third, unchecked outcome: an input is
 * either valid against the tool's real schema, or it does not run.
 */
export type InputValidation =
  | { ok: true; value: unknown }
  | { ok: false; issues: InputIssue[] }
  /** The input was fine to read, but the tool's schema could not be compiled: the tool cannot run. */
  | { ok: false; schemaError: string };

/**
 * Validates and coerces a tool input against the tool's real schema (and, for a zod tool,
 * its zod schema, so refinements and transforms apply: the value returned is zod's output).
 *
 * The input is first copied as plain JSON, reading each property once; the copy is what is
 * checked, approved and run, so a caller that changes its object (or a getter, or a Proxy)
 * cannot make the tool run on anything else. An input that is not JSON data (a function
 * inside, a cycle, past the size bounds) is an issue, not a reason to check less. It can
 * reject: a zod transform or refinement that throws is the caller's to turn into a result.
 */
export async function validateInput(tool: CatalogueTool, input: unknown): Promise<InputValidation> {
  const copy = copyJson(input === undefined ? {} : input, CATALOGUE_LIMITS.input);
  if (!copy.ok) {
    return {
      ok: false,
      issues: [
        {
          path: copy.path,
          message: `${copy.problem}: a tool input must be plain JSON data (${describePath(copy.path)})`,
        },
      ],
    };
  }
  const validate = tool.validator.validator();
  if (validate instanceof Error) return { ok: false, schemaError: validate.message };
  const value = copy.value;
  if (!validate(value)) return { ok: false, issues: (validate.errors ?? []).map(toIssue) };
  const schema = tool.zodSchema;
  if (schema) {
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

function toIssue(error: ValidationError): InputIssue {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    return { path: `${error.instancePath}/${String(params.missingProperty)}`, message: "is required but missing" };
  }
  if (error.keyword === "additionalProperties") {
    return {
      path: `${error.instancePath}/${String(params.additionalProperty)}`,
      message: "is not a parameter of this tool",
    };
  }
  if (error.keyword === "enum") {
    return { path: error.instancePath, message: `must be one of ${JSON.stringify(params.allowedValues)}` };
  }
  return { path: error.instancePath, message: error.message ?? error.keyword };
}
