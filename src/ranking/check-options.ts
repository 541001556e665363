import { describeValue } from "../describe-value.js";
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

/**
 * The options object at `path` (the top level when empty), `{}` when left out; refuses anything
 * else, and keys it does not know with the nearest known key when one is close: a typo must not
 * be ignored. `inner` names options that hold options of their own (`semantic` holds `cacheDir`),
 * so a key given one level too high is pointed to where it belongs.
 */
export function checkKeys(
  owner: string,
  path: string,
  value: unknown,
  known: readonly string[],
  example: string,
  inner: Readonly<Record<string, readonly string[]>> = {},
): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidOption(`${owner}: ${path || "options"}`, `an object such as ${example}, or left out`, value);
  }
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const holder = Object.keys(inner).find((option) => inner[option]!.includes(key));
    const near = holder ? `${holder}.${key}` : nearest(key, known);
    throw new OptionsError(
      "invalid_options",
      `${owner}: unknown option ${JSON.stringify(under(path, key.slice(0, 60)))}.${near ? ` Did you mean "${under(path, near)}"?` : ""} ` +
        `${path ? `${path} takes` : "The options are"} ${known.join(", ")}.`,
    );
  }
  return value as Record<string, unknown>;
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

/** `key` under `path` (`semantic.index`), or `key` itself at the top level. */
export function under(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** Names an option of `owner`'s at `path`, for messages: `at("k1")` is `Bm25Ranker: k1`. */
export function optionAt(owner: string, path: string): (key: string) => string {
  return (key) => `${owner}: ${under(path, key)}`;
}

/** The known key a typo most likely meant: within two edits (one for short keys), ignoring case. */
function nearest(key: string, known: readonly string[]): string | undefined {
  const typed = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= (typed.length <= 4 ? 1 : 2) ? best : undefined;
}

/** Edits between two keys (insert, delete, replace, swap two neighbours); keys are short, so the plain table will do. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return Infinity;
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = distance;
    }
  }
  return rows[a.length]![b.length]!;
}
