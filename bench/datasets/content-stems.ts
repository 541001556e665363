import { createRequire } from "node:module";

// The package is CommonJS without type declarations; loading it through require keeps an
// ambient `declare module` out of the shared type space.
const stem = createRequire(import.meta.url)("wink-porter2-stemmer") as (word: string) => string;

/**
 * English function words that carry no topic. Deliberately only grammar words: verbs and
 * nouns such as "get", "list" or "new" stay content words, so the paraphrase rule stays strict.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being below
   between both but by can could did do does doing down during each either else ever every few for from
   further had has have having he her here hers herself him himself his how i if in into is it its itself
   just let me might mine more most must my myself neither no nor not now of off on once only or other
   ought our ours ourselves out over own per please same shall she should so some such than that the their
   theirs them themselves then there these they this those through to too under until up upon us very via
   was we were what whatever when where whether which while who whom whose why will with within without
   would yet you your yours yourself yourselves
   s t d ll m re ve don doesn didn isn aren wasn weren won wouldn shouldn couldn hasn haven hadn can cannot`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

/** Lower-cased alphanumeric words of free text (descriptions, queries). */
export function textWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** Words of a tool name: split on `_`, `-` and camelCase humps, then lower-cased. */
export function nameWords(name: string): string[] {
  // "HTTPServer" -> "HTTP Server", but a plural acronym such as "URLs" stays whole.
  return textWords(name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z](?!s\b)[a-z]+)/g, "$1 $2"));
}

/**
 * Porter2 stems of the content words in `words` (stop words dropped), so "tickets" and
 * "ticket" compare equal.
 *
 * @example
 * ```ts
 * contentStems(textWords("Open tickets for my team")); // Set { "open", "ticket", "team" }
 * ```
 */
export function contentStems(words: readonly string[]): Set<string> {
  const stems = new Set<string>();
  for (const word of words) {
    if (!STOP_WORDS.has(word)) stems.add(stem(word));
  }
  return stems;
}
