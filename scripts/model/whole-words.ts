/**
 * Whole words for the bundled model's vocabulary. USE-lite's 8,000 pieces split many common
 * words into pieces that mean nothing alone ("pause" as `pa ##use`, "radius" as `ra ##di ##us`);
 * the mean of those rows is noise, while the whole encoder reads the word in context. A word the
 * pieces split gets its own row, started from the encoder's vector of the word alone and then
 * fitted with the pieces (model2vec's vocabulary extension; the code is written here).
 */
import { isSingleToken, normaliseWord } from "../../src/model-build/static-model/vocabulary.js";

/** Fewer uses than this and the fit has too little to move a row with. */
export const MIN_WORD_USES = 5;

/** How often each word of `sentences` is used, read as the tokenizer reads it (lowercase, no accents), letters only, 3 to 24 of them. */
export function countWords(sentences: readonly string[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const sentence of sentences)
    for (const raw of sentence.match(/\p{L}+/gu) ?? []) {
      const word = normaliseWord(raw);
      if (/^[a-z]{3,24}$/.test(word)) uses.set(word, (uses.get(word) ?? 0) + 1);
    }
  return uses;
}

/** Endings that make another form of the same word; WordPiece reads "alarms" as `alarm ##s` once "alarm" is a token. */
const INFLECTIONS = ["s", "es", "ed", "d", "ing", "er", "ers", "ly"] as const;

/**
 * The `count` words used most often (at least `minUses` times) that `pieces` splits into two
 * tokens or more, in order of use and then alphabetically. Numbers and identifiers are not
 * counted as words (see {@link countWords}), so they do not crowd words out. A word that is
 * another form of a token or of another candidate ("alarms" beside "alarm") is left to that word
 * plus its ending, so the forms of a word keep sharing its row as the pieces made them. (The stem
 * need only be a candidate, not among the `count` taken: then neither form gets a row.)
 *
 * @param isToken - Whether a word is already one token of the vocabulary.
 * @example
 * ```ts
 * splitWords(countWords(["pause the song", "pause it"]), (w) => (w === "pause" ? 2 : 1), 10, 2);
 * // ["pause"]
 * ```
 */
export function splitWords(
  uses: ReadonlyMap<string, number>,
  pieces: (word: string) => number,
  count: number,
  minUses = MIN_WORD_USES,
  isToken: (word: string) => boolean = () => false,
): string[] {
  const candidates = [...uses]
    .filter(([word, n]) => n >= minUses && isSingleToken(word) && pieces(word) >= 2)
    .map(([word]) => word);
  const isCandidate = new Set(candidates);
  const formOfAnother = (word: string) =>
    INFLECTIONS.some((ending) => {
      const stem = word.slice(0, -ending.length);
      return word.endsWith(ending) && stem.length >= 3 && (isToken(stem) || isCandidate.has(stem));
    });
  return candidates
    .filter((word) => !formOfAnother(word))
    .sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, count);
}

/**
 * A word's probability on the pieces' scale, for its SIF weight: its share of the corpus's
 * words times the median, over the words that are one piece, of that piece's probability over
 * the word's share. The product of a split word's pieces' probabilities would make every such
 * word rarer than any piece, and so weigh it as a rare word however common it is.
 *
 * @param pieceProbability - The probability of the one piece a word is, or `undefined` when
 *   the pieces split it.
 */
export function wordProbabilities(
  uses: ReadonlyMap<string, number>,
  pieceProbability: (word: string) => number | undefined,
): (word: string) => number {
  let total = 0;
  for (const n of uses.values()) total += n;
  const ratios: number[] = [];
  for (const [word, n] of uses) {
    const probability = pieceProbability(word);
    if (probability !== undefined && n >= MIN_WORD_USES) ratios.push(probability / (n / total));
  }
  ratios.sort((a, b) => a - b);
  const scale = ratios.length === 0 ? 1 : (ratios[Math.floor(ratios.length / 2)] as number);
  return (word) => (scale * (uses.get(word) ?? 0)) / total;
}
