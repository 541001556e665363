import { analyzeIdentifier, analyzeText } from "../../for-apps.js";
import type { ToolDefinition } from "../../index.js";
import type { Finding } from "./finding.js";

/**
 * The spans the stuffing signs read, each a plain proportion rather than a tuned score: what
 * prose never does, whatever the catalogue. Checked on every tool of the bench's nine tool sets
 * (about 8,900 tools): none flagged in eight of them; 4 of ToolBench's 2,479, RapidAPI listings
 * that do read stuffed (two that say "validate email" / "validate VAT" three times running, and
 * two copies of one description listing 39 output fields in 802 words).
 */
const STUFFING = {
  /** The longest phrase, in content words, whose saying three times in a row is a sign. */
  phrase: 10,
  /** Consecutive content words looked at together for repetition. */
  window: 20,
  /** Items of one to two words, in a row, that make a list rather than a sentence. */
  listItems: 10,
  /** Words over which a description is long enough to be "far longer" than its schema... */
  longWords: 100,
  /** ...when it is this many times the characters of its name and input schema together. */
  schemaTimes: 10,
} as const;

/** How many of a description's content words the repetition signs read. */
const MAX_TERMS = 2_000;

/**
 * A description stuffed with keywords to win searches: a phrase of two to 10 content words said
 * three times in a row, the same few words over and over (in
 * some 20 consecutive content words, no more than 5 different ones), or a long list of one- or
 * two-word items most of whose words appear nowhere in the tool's name or schema, in a
 * description far longer than its schema warrants (over 100 words and 10 times the characters
 * of the name and schema). A list alone is often honest (an enum's values, the fields returned),
 * and so is a long description alone, so those two count only together.
 *
 * @example
 * ```ts
 * keywordStuffing({ name: "x__find", description: "find search github issue ".repeat(10), inputSchema, execute });
 * // [{ severity: "warning", code: "keyword-stuffing", tools: ["x__find"], message: "repeats ..." }]
 * ```
 */
export function keywordStuffing(tool: ToolDefinition): Finding[] {
  const terms = analyzeText(tool.description);
  const signs: string[] = [];
  const repeated = fewestDistinct(terms.slice(0, MAX_TERMS), STUFFING.window);
  const phrase = repeatedPhrase(terms);
  if (phrase !== undefined) {
    signs.push(`says "${phrase}" three or more times in a row`);
  } else if (repeated !== undefined && repeated <= STUFFING.window / 4) {
    signs.push(`repeats the same ${repeated} words over ${STUFFING.window} words in a row`);
  } else {
    const list = unrelatedList(tool, terms);
    const words = tool.description.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    const schemaChars = tool.name.length + JSON.stringify(tool.inputSchema ?? {}).length;
    if (
      list !== undefined &&
      words > STUFFING.longWords &&
      tool.description.length > STUFFING.schemaTimes * schemaChars
    ) {
      signs.push(
        `lists ${list} one- or two-word items, mostly words its name and schema never use, in ${words} words (${Math.round(tool.description.length / schemaChars)} times the characters of its name and schema)`,
      );
    }
  }
  return signs.map((sign) => ({
    severity: "warning" as const,
    code: "keyword-stuffing",
    tools: [tool.name],
    message: `looks keyword-stuffed: its description ${sign}. Stuffed descriptions win searches they should not; toolsift caps each server's share of a search's results (maxResultsPerServer), but ask the server's authors for a plain description or hide the tool with deny.`,
  }));
}

/**
 * A run of two to `phrase` content words (not all the same) said three times back to back ("best tool search best
 * tool search best tool search"), which prose never does; `undefined` when there is none. Only
 * the first `MAX_TERMS` terms are read: a stuffed description shows it early.
 */
function repeatedPhrase(terms: readonly string[]): string | undefined {
  const read = terms.slice(0, MAX_TERMS);
  for (let length = 2; length <= STUFFING.phrase; length++) {
    for (let start = 0; start + 3 * length <= read.length; start++) {
      let same = true;
      for (let at = 0; at < 2 * length && same; at++) same = read[start + at] === read[start + length + at];
      const phrase = read.slice(start, start + length);
      // One word said again and again is the other sign's; a number or markup may repeat ("0 0 0").
      if (same && new Set(phrase).size > 1) return phrase.join(" ");
    }
  }
  return undefined;
}

/** The fewest different terms in any `window` consecutive terms; `undefined` when there are fewer. */
function fewestDistinct(terms: readonly string[], window: number): number | undefined {
  if (terms.length < window) return undefined;
  const counts = new Map<string, number>();
  let fewest = Number.POSITIVE_INFINITY;
  terms.forEach((term, at) => {
    counts.set(term, (counts.get(term) ?? 0) + 1);
    if (at >= window) {
      const leaving = terms[at - window]!;
      const left = counts.get(leaving)! - 1;
      if (left === 0) counts.delete(leaving);
      else counts.set(leaving, left);
    }
    if (at >= window - 1) fewest = Math.min(fewest, counts.size);
  });
  return fewest;
}

/**
 * The length of the description's longest run of one- or two-word items (split at `,`, `;`,
 * `|` and line breaks), when it has at least `listItems` of them and most of their words are in
 * neither the name nor the schema; otherwise `undefined`.
 */
function unrelatedList(tool: ToolDefinition, terms: readonly string[]): number | undefined {
  if (terms.length < STUFFING.listItems) return undefined;
  const items = tool.description.split(/[,;|\n]+/);
  let best = { start: 0, length: 0 };
  let start = 0;
  items.forEach((item, at) => {
    const words = item.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    if (words < 1 || words > 2) start = at + 1;
    else if (at + 1 - start > best.length) best = { start, length: at + 1 - start };
  });
  if (best.length < STUFFING.listItems) return undefined;
  const longest = items.slice(best.start, best.start + best.length);
  const own = new Set([
    ...analyzeIdentifier(tool.name),
    ...analyzeText(JSON.stringify(tool.inputSchema ?? {}).replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")),
  ]);
  const listed = analyzeText(longest.join(" "));
  const unrelated = listed.filter((term) => !own.has(term)).length;
  return unrelated * 2 > listed.length ? longest.length : undefined;
}
