import type { JsonValue } from "./copy-json.js";
import { safeRegExpEngine } from "./safe-regexp.js";
import { createAjv, type Dialect } from "./schema-dialect.js";

/** What toolsift needs of one of ajv's errors; its own shape, so ajv's types stay out of the public API. */
export interface ValidationError {
  keyword: string;
  instancePath: string;
  params: object;
  message?: string;
}

/** A compiled validator: a check that coerces its argument in place and lists what was wrong. */
export interface CompiledValidator {
  (value: unknown): boolean;
  errors?: readonly ValidationError[] | null;
}

/**
 * A tool's input validator, compiled on first use (compiling costs about a millisecond a
 * tool, too much to pay for thousands of tools at start-up; `checkSchema` has already
 * vouched that it compiles).
 *
 * Each validator has an ajv of its own, and so its own definitions: a root `$ref: "#"` or a
 * `$defs` entry resolves against this tool's schema alone, two tools (or two versions of one
 * re-listed tool) with the same `$id` never clash, and everything ajv keeps for a compile is
 * released with the tool, so a host that re-lists changed schemas forever does not grow memory.
 */
export class InputValidator {
  private compiled: CompiledValidator | Error | undefined;

  constructor(
    private readonly schema: { [key: string]: JsonValue },
    private readonly dialect: Dialect,
  ) {}

  /** The compiled function, or why it could not be compiled (remembered: it is not retried). */
  validator(): CompiledValidator | Error {
    if (!this.compiled) {
      try {
        // Models send "3" for 3 and "true" for true, and a stubbed tool gives them no schema to
        // follow at all: coercion turns near-misses into valid calls rather than wasted turns.
        // logger off: a format ajv does not know (custom ones are common in MCP schemas) is
        // skipped, not reported per compile. validateSchema off: checkSchema did it already.
        const ajv = createAjv(this.dialect, {
          allErrors: true,
          coerceTypes: true,
          useDefaults: true,
          strict: false,
          logger: false,
          validateSchema: false,
          code: { regExp: safeRegExpEngine },
        });
        const compiled = ajv.compile(this.schema);
        // Defence in depth (checkSchema refuses "$async"): an async validator returns a
        // Promise, which a synchronous check would read as "valid".
        this.compiled =
          (compiled as { $async?: unknown }).$async === true
            ? new Error('"$async" schemas are not supported')
            : (compiled as CompiledValidator);
      } catch (error) {
        this.compiled = error instanceof Error ? error : new Error(String(error));
      }
    }
    return this.compiled;
  }
}
