import stem from "wink-porter2-stemmer";
import { MAX_WORD_CHARS } from "./limits.js";
import { splitIdentifier, splitWords } from "./split-identifier.js";
import { STOP_WORDS } from "./stop-words.js";

const stemCache = new Map<string, string>();

function cachedStem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    // A catalogue plus its queries has a small vocabulary; the cap only guards against
    // a pathological stream of unique tokens.
    if (stemCache.size < 200_000) stemCache.set(word, stemmed);
  }
  return stemmed;
}

function toTerms(words: readonly string[]): string[] {
  const terms: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    terms.push(cachedStem(word.length > MAX_WORD_CHARS ? word.slice(0, MAX_WORD_CHARS) : word));
  }
  return terms;
}

/**
 * Turns prose (a description, a query) into the terms the lexical index stores: words,
 * lower-cased, stop words dropped, Porter2-stemmed.
 *
 * @example
 * analyzeText("Creates GitHub issues") // ["creat", "github", "issu"]
 */
export function analyzeText(text: string): string[] {
  return toTerms(splitWords(text));
}

/**
 * Like {@link analyzeText} for identifiers: `server__tool`, snake_case, camelCase and
 * kebab-case names are split into their words first.
 *
 * @example
 * analyzeIdentifier("github__listPullRequests") // ["github", "list", "pull", "request"]
 */
export function analyzeIdentifier(identifier: string): string[] {
  return toTerms(splitIdentifier(identifier));
}
