import stem from "wink-porter2-stemmer";
import { MAX_ANALYSED_CHARS, MAX_WORD_CHARS } from "./limits.js";
import { splitIdentifier, splitWords, WORD_GAP } from "./split-identifier.js";
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
 * The term two adjacent words of a query make when written as one (`round trip` as
 * `roundtrip`, `e mail` as `email`), for a catalogue that writes them together; `undefined`
 * when either is a stop word or holds anything but letters.
 *
 * @example
 * joinedTerm("Zip", "codes") // "zipcod"
 * joinedTerm("for", "me")    // undefined
 */
export function joinedTerm(first: string, second: string): string | undefined {
  // Nearly every query word is ASCII: lower-casing is all it needs of splitWords.
  const words =
    ASCII_LETTERS.test(first) && ASCII_LETTERS.test(second)
      ? [first.toLowerCase(), second.toLowerCase()]
      : splitWords(`${first} ${second}`);
  if (words.length !== 2 || !LETTERS.test(words[0]!) || !LETTERS.test(words[1]!)) return undefined;
  if (STOP_WORDS.has(words[0]!) || STOP_WORDS.has(words[1]!)) return undefined;
  const joined = `${words[0]}${words[1]}`.slice(0, MAX_WORD_CHARS);
  let term = recentJoins.get(joined);
  if (term === undefined) {
    if (recentJoins.size >= MAX_RECENT_JOINS) recentJoins.clear();
    recentJoins.set(joined, (term = stem(joined)));
  }
  return term;
}

/**
 * Stems of joined pairs, forgotten all at once when full. A search reads its query several
 * times (whole, by parts, for its coverage), and stemming is most of a join's cost; unlike
 * single words, the pairs of a stream of queries never stop being new, so they are not kept
 * beside the words' stems.
 */
const recentJoins = new Map<string, string>();
const MAX_RECENT_JOINS = 16_384;

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

/** A tool name's terms for the lexical index, and how many words they stand for. */
export interface NameTerms {
  terms: string[];
  /** The name's length in words: a joined reading is another reading of words already counted. */
  words: number;
}

/**
 * A tool name's terms for the lexical index: {@link analyzeIdentifier}'s, then each word of
 * letters then digits (`s3`, `ec2`, `base64`, `resnet50`) read whole, as prose reads it.
 * Requests write these whole ("list my s3 buckets"), and the split alone reads them as `s` and
 * `3`, so the name never matched them. The split stays for requests that write them apart
 * (`ResNet-50`).
 *
 * @example
 * analyzeName("aws-s3__putObjectV2") // { terms: ["aw", "s", "3", "put", "object", "v", "2", "s3", "v2"], words: 7 }
 */
export function analyzeName(name: string): NameTerms {
  const terms = analyzeIdentifier(name);
  const words = terms.length;
  const seen = new Set(terms);
  // Word by word, so that a separator keeps `get_v_2` from reading as `v2`.
  for (const word of name.slice(0, MAX_ANALYSED_CHARS).split(WORD_GAP)) {
    const pieces = splitIdentifier(word);
    for (let at = 1; at < pieces.length; at++) {
      if (!DIGITS.test(pieces[at]!) || !LETTERS.test(pieces[at - 1]!)) continue;
      const whole = analyzeText(pieces[at - 1]! + pieces[at]!);
      if (whole.length === 1 && !seen.has(whole[0]!)) {
        seen.add(whole[0]!);
        terms.push(whole[0]!);
      }
    }
  }
  return { terms, words };
}

const LETTERS = /^\p{L}+$/u;
const ASCII_LETTERS = /^[A-Za-z]+$/;
const DIGITS = /^[0-9]+$/;
