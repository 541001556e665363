import { foldLatin } from "./fold-latin.js";
import { pushWords } from "./unspaced-scripts.js";
import { MAX_ANALYSED_CHARS } from "./limits.js";

/**
 * Splits a tool or parameter name into lower-case words: `github__createIssue`,
 * `create-issue` and `HTTPServer_v2` become `github create issue`, `create issue`,
 * `http server v 2`. Rankers match these words against queries, which never say
 * `create_issue`.
 *
 * Word boundaries go between a lower-case letter or digit and an upper-case letter, before the
 * last capital of a run of capitals followed by a lower-case letter (`HTTPServer`), and between
 * a letter and a digit. A lone `s` after capitals is a plural, not a word's start: `listVMs` is
 * `list vms`, not `list v ms`. One pass, linear in the name's length.
 */
export function splitIdentifier(identifier: string): string[] {
  const text = identifier.length > MAX_ANALYSED_CHARS ? identifier.slice(0, MAX_ANALYSED_CHARS) : identifier;
  let spaced = "";
  let from = 0;
  for (let i = 1; i < text.length; i++) {
    const previous = text.charCodeAt(i - 1);
    const current = text.charCodeAt(i);
    const boundary =
      ((isLower(previous) || isDigit(previous)) && isUpper(current)) ||
      (isUpper(previous) &&
        isUpper(current) &&
        i + 1 < text.length &&
        isLower(text.charCodeAt(i + 1)) &&
        !isPluralS(text, i + 1)) ||
      ((isLower(previous) || isUpper(previous)) && isDigit(current));
    if (boundary) {
      spaced += `${text.slice(from, i)} `;
      from = i;
    }
  }
  return splitWords(spaced + text.slice(from));
}

/**
 * Splits prose into lower-case words on anything that is not a letter or digit. Unlike
 * {@link splitIdentifier} it leaves `GitHub` or `PostgreSQL` whole, as their users write them.
 * A letter's combining marks belong to its word (Thai and Devanagari write vowels as marks), and
 * compatibility forms read as their plain letters (NFKC: `ＡＰＩ` is `api`), and a Latin word
 * reads without its accents (`café` is `cafe`; see `foldLatin`).
 * Scripts that put no spaces between words are cut into words of their own: Chinese, Japanese
 * and Korean into pairs of characters, Thai, Lao, Khmer and Burmese by a dictionary (see
 * `pushWords`).
 */
export function splitWords(text: string): string[] {
  const lower = (text.length > MAX_ANALYSED_CHARS ? text.slice(0, MAX_ANALYSED_CHARS) : text).toLowerCase();
  return splitAsciiWords(lower) ?? splitUnicodeWords(lower);
}

/**
 * What separates two words of prose: anything but a letter, a letter's mark or a digit. The
 * lexical index reads queries by it too, so both sides cut text in the same places.
 */
export const WORD_GAP = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * The definition: runs of Unicode letters, their marks and digits, unspaced scripts cut further.
 * The text is first brought to one form (NFKC), so that an accent typed as a separate mark, a
 * full-width `ＡＰＩ` of CJK text or a ligature `ﬁ` reads as the plain letters do. A mark with no
 * letter before it (an emoji's variation selector) is no word.
 */
function splitUnicodeWords(lower: string): string[] {
  const words: string[] = [];
  // NFKC can lengthen a text (one character to at most 18), so it is cut again.
  const normalised = lower.normalize("NFKC").toLowerCase().slice(0, MAX_ANALYSED_CHARS);
  for (const run of normalised.split(WORD_GAP)) {
    const word = run.replace(/^\p{M}+/u, "");
    if (word.length > 0) pushWords(foldLatin(word), words);
  }
  return words;
}

/**
 * The same split for lower-cased ASCII text (nearly all tool text), where the letters and
 * digits are a-z and 0-9: one scan, without the Unicode-property regex and the empty strings
 * `split` leaves at the ends, which were most of the time BM25 spent analysing a catalogue.
 * `undefined` at the first character outside ASCII, for the definition to handle.
 */
function splitAsciiWords(lower: string): string[] | undefined {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    if (code >= 128) return undefined;
    const wordChar = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(lower.slice(start));
  return words;
}

const isLower = (code: number) => code >= 97 && code <= 122;
/** An `s` at `at` that ends its word: the plural of the capitals before it (`IDs`, `PRs`). */
const isPluralS = (text: string, at: number) =>
  text.charCodeAt(at) === 115 && (at + 1 === text.length || !isLower(text.charCodeAt(at + 1)));
const isUpper = (code: number) => code >= 65 && code <= 90;
const isDigit = (code: number) => code >= 48 && code <= 57;
