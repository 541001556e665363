import { STOP_WORDS } from "../../src/ranking/text/stop-words.js";

/** Words that tell one request of a chain from the next (see `splitRequests`): kept, though some are stop words. */
const CHAIN_WORDS: ReadonlySet<string> = new Set(
  "and then also finally lastly additionally next after afterwards besides furthermore moreover second third".split(
    " ",
  ),
);

/**
 * A request longer than `limit` characters shortened by what BM25 does not read before it is cut:
 * stop words and repeated words are dropped (a chain's cue words and punctuation stay, so its
 * requests still split), then the rest is cut at `limit`. A request within the limit is returned
 * as it is. A bench experiment on the 500-character cut, not a rule of the library.
 */
export function compactRequest(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const seen = new Set<string>();
  const kept = text.replace(/[\p{L}\p{N}'’]+/gu, (word) => {
    const lower = word.toLowerCase();
    if (CHAIN_WORDS.has(lower)) return word;
    if (STOP_WORDS.has(lower) || seen.has(lower)) return "";
    seen.add(lower);
    return word;
  });
  return kept
    .replace(/[ \t]+/g, " ")
    .replace(/ ([,.;!?])/g, "$1")
    .trim()
    .slice(0, limit);
}
