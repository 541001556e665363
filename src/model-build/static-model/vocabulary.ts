/**
 * Picks the words of the bundled model from GloVe's frequency-ordered vocabulary.
 */

/** Special tokens at fixed ids; both map to the zero row. */
export const PAD_TOKEN = "[PAD]";
export const UNK_TOKEN = "[UNK]";
export const SPECIAL_TOKENS = [PAD_TOKEN, UNK_TOKEN] as const;

/** Prefix WordPiece puts on a piece that continues a word ("getweather" → "get", "##weather"). */
export const CONTINUATION_PREFIX = "##";

// The characters the tokenizer's BertPreTokenizer splits off as single-character tokens.
const PUNCTUATION = "\\p{P}\\u0021-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u007E";
const SINGLE_PRE_TOKEN = new RegExp(`^[^\\s${PUNCTUATION}]+$`, "u");
// BertNormalizer puts spaces around CJK ideographs, so a word containing one never survives whole.
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2fa1f}]/u;
const NUMBER = /^\d+$/;

/**
 * What the tokenizer's normaliser (BertNormalizer: lowercase, strip accents) makes of a word.
 *
 * @example
 * ```ts
 * normaliseWord("Café"); // "cafe"
 * ```
 */
export function normaliseWord(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "");
}

/** Whether the tokenizer can ever produce `word` (already normalised) as one pre-token. */
export function isSingleToken(word: string): boolean {
  return SINGLE_PRE_TOKEN.test(word) && !CJK.test(word);
}

export interface VocabularyOptions {
  /** How many tokenizable words to take from the top of the frequency list. */
  size: number;
  /** Words to add even if they rank below `size` (when GloVe has them at all). */
  extraWords: readonly string[];
  /**
   * How many of the most frequent selected words (of at least `pieceMinLength` characters) also
   * become a continuation piece "##word", so WordPiece can split run-together words.
   */
  pieces: number;
  pieceMinLength: number;
}

export interface Vocabulary {
  /** Token strings by id: the special tokens, the words, then the continuation pieces. */
  tokens: readonly string[];
  /** For each word row (ids from `SPECIAL_TOKENS.length` on), its 0-based rank in the source list. */
  wordRanks: readonly number[];
  /** For each continuation piece, the id of the word it repeats. */
  pieceWordIds: readonly number[];
  /** Extra words asked for that the source does not have, or the tokenizer cannot produce. */
  missingExtraWords: readonly string[];
}

/**
 * The most frequent tokenizable words, then the extra words, then the continuation pieces.
 * Words that normalise to the same string keep the most frequent one's vector.
 *
 * @example
 * ```ts
 * const vocabulary = selectVocabulary(["the", "The", "cat"], { size: 10, extraWords: [], pieces: 0, pieceMinLength: 3 });
 * vocabulary.tokens; // ["[PAD]", "[UNK]", "the", "cat"]
 * ```
 */
export function selectVocabulary(sourceWords: readonly string[], options: VocabularyOptions): Vocabulary {
  const firstRank = new Map<string, number>();
  sourceWords.forEach((word, rank) => {
    const normalised = normaliseWord(word);
    if (!firstRank.has(normalised) && isSingleToken(normalised)) firstRank.set(normalised, rank);
  });

  const tokens: string[] = [...SPECIAL_TOKENS];
  const wordRanks: number[] = [];
  const chosen = new Set<string>();
  const add = (word: string, rank: number): void => {
    chosen.add(word);
    tokens.push(word);
    wordRanks.push(rank);
  };

  for (const [word, rank] of firstRank) {
    if (wordRanks.length >= options.size) break;
    add(word, rank);
  }

  const missingExtraWords: string[] = [];
  const extras: { word: string; rank: number }[] = [];
  for (const extra of new Set(options.extraWords.map(normaliseWord))) {
    if (chosen.has(extra)) continue;
    const rank = firstRank.get(extra);
    if (rank === undefined) missingExtraWords.push(extra);
    else extras.push({ word: extra, rank });
  }
  // Rank order keeps ids independent of how the extra list happens to be written.
  extras.sort((a, b) => a.rank - b.rank);
  for (const { word, rank } of extras) add(word, rank);

  const pieceWordIds: number[] = [];
  for (let i = 0; i < wordRanks.length && pieceWordIds.length < options.pieces; i++) {
    const word = tokens[SPECIAL_TOKENS.length + i] as string;
    if ([...word].length < options.pieceMinLength || NUMBER.test(word)) continue;
    tokens.push(`${CONTINUATION_PREFIX}${word}`);
    pieceWordIds.push(SPECIAL_TOKENS.length + i);
  }

  return { tokens, wordRanks, pieceWordIds, missingExtraWords: missingExtraWords.sort() };
}
