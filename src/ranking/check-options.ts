import { describeValue } from "../describe-value.js";
import { under } from "../util/option-keys.js";
import { OptionsError, type OptionsErrorCode } from "../errors.js";

/**
 * Checks of ranker options, each throwing an {@link OptionsError} (`invalid_options`) that says
 * what is wrong, where, and what would do: `Bm25Ranker: k1 must be a finite number ≥ 0, such as
 * 1.2, not "fast" (a string).` A wrong option would otherwise be read silently (a string `k1`
 * scores NaN, a misspelt `fusin` is ignored) and show up only as worse rankings.
 *
 * `where` names the owner and the option's path, e.g. `HybridRanker: semantic.minSimilarity`.
 * An option set to `undefined` is taken as left out, as the rankers' `??` defaults do.
 */
export function invalidOption(
  where: string,
  wanted: string,
  value: unknown,
  code: OptionsErrorCode = "invalid_options",
): OptionsError {
  return new OptionsError(code, `${where} must be ${wanted}, not ${describeValue(value)}.`);
}

export interface NumberRange {
  /** Inclusive unless `above` is set. */
  min?: number;
  max?: number;
  /** The minimum is excluded. */
  above?: boolean;
  integer?: boolean;
  /** A good value, shown in the message. */
  example: number;
  /** Infinity and -Infinity are fine too: a limit that is always or never reached. */
  infinite?: boolean;
  /** Must be given (else left out is fine). */
  required?: boolean;
  /** The refusal's code, where one more precise than `invalid_options` is documented. */
  code?: OptionsErrorCode;
}

export function checkNumber(where: string, value: unknown, range: NumberRange): void {
  if (value === undefined && !range.required) return;
  const { min, max, above = false, integer = false, infinite = false } = range;
  if (infinite && (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY)) return;
  const fits =
    typeof value === "number" &&
    Number.isFinite(value) &&
    (!integer || Number.isInteger(value)) &&
    (min === undefined || (above ? value > min : value >= min)) &&
    (max === undefined || value <= max);
  if (fits) return;
  const kind = integer ? "a whole number" : "a finite number";
  const bounds =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` ${above ? ">" : "≥"} ${min}`
        : max !== undefined
          ? ` ≤ ${max}`
          : "";
  throw invalidOption(
    where,
    `${kind}${bounds}${infinite ? " (or ±Infinity)" : ""}, such as ${range.example}`,
    value,
    range.code,
  );
}

export function checkBoolean(where: string, value: unknown): void {
  if (value !== undefined && typeof value !== "boolean") throw invalidOption(where, "true or false", value);
}

export function checkOneOf(where: string, value: unknown, choices: readonly string[], code?: OptionsErrorCode): void {
  if (value !== undefined && !choices.includes(value as string)) {
    throw invalidOption(where, `one of ${choices.map((choice) => `"${choice}"`).join(", ")}`, value, code);
  }
}

export function checkFunction(where: string, value: unknown, example: string): void {
  if (value !== undefined && typeof value !== "function")
    throw invalidOption(where, `a function such as ${example}`, value);
}

/** `exactNames`, `multiPart` and `siblings`, which every built-in ranker takes. */
export const QUERY_HANDLING_KEYS = ["exactNames", "multiPart", "siblings"] as const;

export function checkQueryHandling(at: (key: string) => string, options: Record<string, unknown>): void {
  for (const key of QUERY_HANDLING_KEYS) checkBoolean(at(key), options[key]);
}

/** Names an option of `owner`'s at `path`, for messages: `at("k1")` is `Bm25Ranker: k1`. */
export function optionAt(owner: string, path: string): (key: string) => string {
  return (key) => `${owner}: ${under(path, key)}`;
}
