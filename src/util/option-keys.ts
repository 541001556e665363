import { describeValue } from "../describe-value.js";
import { OptionsError } from "../errors.js";

// The check every options object of the public API makes of its keys: a misspelt option must be
// refused, naming the one meant, never dropped. The rankers' other checks are in
// ranking/check-options.ts; this one is shared by every layer, so it lives here.

/**
 * The keys of an options type, as the list {@link checkKeys} takes. The compiler holds the list
 * to the type: a key the type has and the list lacks, or one the list has and the type lacks,
 * fails the type check, so the list cannot drift from the options it checks.
 *
 * @example
 * const KEYS = optionKeys<keyof SessionOptions>({ transcript: true, context: true, signal: true, scope: true });
 */
export function optionKeys<K extends string>(keys: Record<K, true>): readonly K[] {
  return Object.keys(keys) as K[];
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
    throw new OptionsError(
      "invalid_options",
      `${owner}: ${path || "options"} must be an object such as ${example}, or left out, not ${describeValue(value)}.`,
    );
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

/** `key` under `path` (`semantic.index`), or `key` itself at the top level. */
export function under(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
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
