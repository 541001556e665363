import { analyzeText, type LongForms, longFormTerms, STOP_WORDS } from "../text/index.js";
import { knownLongForm } from "./bm25-terms.js";

/**
 * When BM25 answers nothing: the limits a best match must stay under, all of them, for the
 * query to count as about something the catalogue lacks. See {@link abstains}.
 */
export interface AbstentionOptions {
  /**
   * The best score, in units of the idf of a word only one tool has.
   * @defaultValue 0.75
   */
  maxEvidence?: number;
  /**
   * The idf-weighted share of the query's words the best tool contains (a word no tool has counts
   * with the largest idf).
   * @defaultValue 0.25
   */
  maxExplained?: number;
  /** The idf-weighted share of the best tool's name words the query contains. @defaultValue 0.2 */
  maxNameCoverage?: number;
  /**
   * The best score, as for `maxEvidence`, when the best tool is in a server and contains a single
   * word of a query with one word of its own.
   * @defaultValue 0.55
   */
  maxSingleWordEvidence?: number;
}

export const DEFAULT_ABSTENTION: Required<AbstentionOptions> = {
  maxEvidence: 0.75,
  maxExplained: 0.25,
  maxNameCoverage: 0.2,
  maxSingleWordEvidence: 0.55,
};

/** What BM25 knows about a query and its best match, for {@link abstains}. */
export interface MatchEvidence {
  /** The best score ÷ the idf of a word only one tool has. */
  evidence: number;
  /** The idf-weighted share of the query's terms the best tool contains. */
  explained: number;
  /** The idf-weighted share of the best tool's name terms the query contains. */
  nameCoverage: number;
  /** How many distinct query terms the best tool contains. */
  matchedTerms: number;
  /** Whether the best tool belongs to a server (a `server__tool` name, or a `server` field). */
  inServer: boolean;
  /** Whether the query names the best tool's server (`slack` for `slack__pin_message`). */
  namesServer: boolean;
  /** Everyday words of the query the catalogue never uses: see {@link foreignWords}. */
  foreignWords: number;
}

/**
 * Whether BM25 should answer a query with nothing. It abstains only when every sign says the
 * best match is a coincidence of common words:
 *
 * 1. the query has words of its own: everyday words (lower-case letters, not stop words) that no
 *    tool uses, like `restaurant` in "book a table at an Italian restaurant";
 * 2. it does not name the best tool's server;
 * 3. the best score is weak: under `maxEvidence` (0.75) of the idf of a word only one tool has
 *    (about what such a word adds when the query finds it in that tool's name);
 * 4. the best tool explains little of the query: it contains under `maxExplained` (25%) of the
 *    query's idf weight and the query under `maxNameCoverage` (20%) of the tool's name; or it is a
 *    tool in a server (`postgres__list_tables`) that contains one word of the query (`table`),
 *    while the query has two words of its own or the match is weaker still (under
 *    `maxSingleWordEvidence`, 0.55).
 *
 * The first sign is the guarantee that BM25 never abstains when a tool matches the query's
 * distinctive words: a query whose content words all occur in one tool (its name, or anywhere in
 * it) has no word of its own, so it is always answered. A query that names a tool is answered
 * before abstention is considered (see `ExactNames`).
 *
 * Chosen on toolsift's bench by how many unanswerable queries a rule answers with nothing against
 * the recall@5 it costs on every dataset (all queries): on toolsift's own set 4% → 62% of its 71
 * unanswerable queries for 0.2 points of recall, CLINC150's 1,200 out-of-scope queries 51% → 52%
 * (most share no word with its terse intents) for 0.15 points, BFCL 0.13 points, Seal-Tools and
 * StableToolBench none. A single sign costs far more recall for the same abstention (the weak
 * score alone: 30 points of Seal-Tools' recall to abstain on 27% of toolsift's queries), because
 * a long query always looks weakly explained and a short casual one always looks weakly scored.
 * The one-word case is limited to tools in servers: in a catalogue of intents with two-word names
 * (CLINC150), one matched word is how most answerable queries look.
 */
export function abstains(match: MatchEvidence, limits: Required<AbstentionOptions>): boolean {
  if (match.foreignWords === 0 || match.namesServer || match.evidence >= limits.maxEvidence) return false;
  const explainsLittle = match.explained < limits.maxExplained && match.nameCoverage < limits.maxNameCoverage;
  const oneWordOfAServer =
    match.inServer &&
    match.matchedTerms <= 1 &&
    (match.foreignWords >= 2 || match.evidence < limits.maxSingleWordEvidence);
  return explainsLittle || oneWordOfAServer;
}

/**
 * How many distinct everyday words of the query no tool uses: words written in lower-case
 * letters only (so not names, codes, numbers or paths, which are a request's arguments), not stop
 * words, whose terms the index does not know, nor those of their long form (`repos`, where the
 * index knows `repository`). In a script without case (Chinese, Japanese,
 * Korean, Thai, Arabic, Hebrew, Devanagari…) no letter marks a name, so each run of its letters
 * between other characters counts as a word: without that, a Chinese request asked of English
 * tools had no word of its own, and a number it held ("10 个") made a match look strong.
 *
 * @example
 * ```ts
 * foreignWords("book a table at an Italian restaurant", isKnown); // 2 (book, restaurant) in a database catalogue
 * foreignWords("我想在肯德基买10个汉堡", isKnown);                  // 2 (我想在肯德基买, 个汉堡) in an English one
 * ```
 */
export function foreignWords(
  query: string,
  isKnown: (term: string) => boolean,
  readLong: LongForms = longFormTerms,
): number {
  const foreign = new Set<string>();
  const count = (word: string) => {
    const terms = analyzeText(word);
    if (terms.length > 0 && !terms.some(isKnown) && knownLongForm(word, isKnown, readLong) === undefined)
      foreign.add(terms.join(" "));
  };
  for (const raw of query.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (/^[\p{Ll}\p{M}]+$/u.test(word)) {
      if (!STOP_WORDS.has(word)) count(word);
    } else {
      for (const [caseless] of raw.matchAll(/\p{Lo}[\p{Lo}\p{M}]*/gu)) count(caseless);
    }
  }
  return foreign.size;
}
