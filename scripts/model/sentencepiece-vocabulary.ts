/**
 * Turns a SentencePiece vocabulary (USE-lite's) into the WordPiece vocabulary toolsift's
 * tokenizer reads, so a distilled model keeps the bundled model's tokenizer and its fast path.
 */
import type { ScoredPiece } from "../../src/model-build/use-lite-package.js";
import {
  CONTINUATION_PREFIX,
  SPECIAL_TOKENS,
  isSingleToken,
  normaliseWord,
} from "../../src/model-build/static-model/vocabulary.js";

/** SentencePiece marks the start of a word with U+2581. */
const WORD_START = "\u2581";
const ASCII_LETTERS_AND_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789";

export interface PieceVocabulary {
  /** Token of each id: the special tokens, then words and `##` continuations. */
  tokens: string[];
  /** For each token after the special ones, the id of the piece whose vector it takes. */
  pieceIds: number[];
}

/**
 * The WordPiece vocabulary of a SentencePiece one: `▁word` becomes the word, a piece without the
 * mark becomes `##piece`, both normalised as the tokenizer normalises text (lowercase, no
 * accents). Where normalising merges pieces (`▁The`, `▁the`) the likelier piece is kept. Left
 * out: control pieces (score 0: `<s>`, the unknown piece), pieces without a probability (NaN),
 * the bare `▁`, and pieces the BERT
 * pre-tokenizer can never produce (letters and punctuation mixed, whitespace). A lone
 * punctuation piece stands for itself, since the pre-tokenizer always splits it off.
 * Every ASCII letter and digit is kept both alone and as a continuation (taking the vector of
 * the form that exists), so no ASCII word becomes `[UNK]`.
 *
 * @example
 * ```ts
 * pieceVocabulary([["<s>", 0], ["▁the", -3.5], ["ing", -5.2]]);
 * // { tokens: ["[PAD]", "[UNK]", "the", "##ing"], pieceIds: [1, 2] }
 * ```
 */
export function pieceVocabulary(pieces: readonly ScoredPiece[]): PieceVocabulary {
  const candidates: { token: string; pieceId: number; logProbability: number }[] = [];
  pieces.forEach(([piece, logProbability], pieceId) => {
    if (logProbability === 0 || !Number.isFinite(logProbability)) return;
    const startsWord = piece.startsWith(WORD_START);
    const body = normaliseWord(startsWord ? piece.slice(WORD_START.length) : piece);
    if (body === "") return;
    if (isSingleToken(body))
      candidates.push({ token: startsWord ? body : CONTINUATION_PREFIX + body, pieceId, logProbability });
    else if ([...body].length === 1 && !/\s/u.test(body)) candidates.push({ token: body, pieceId, logProbability });
  });
  // Likelier first, so a merged form keeps its likeliest piece; ties keep the source order.
  candidates.sort((a, b) => b.logProbability - a.logProbability || a.pieceId - b.pieceId);
  const pieceOf = new Map<string, number>();
  for (const { token, pieceId } of candidates) if (!pieceOf.has(token)) pieceOf.set(token, pieceId);
  for (const char of ASCII_LETTERS_AND_DIGITS) {
    const continuation = CONTINUATION_PREFIX + char;
    const alone = pieceOf.get(char);
    const continued = pieceOf.get(continuation);
    if (alone === undefined && continued !== undefined) pieceOf.set(char, continued);
    if (continued === undefined && alone !== undefined) pieceOf.set(continuation, alone);
  }
  const entries = [...pieceOf].sort(([, a], [, b]) => a - b);
  return { tokens: [...SPECIAL_TOKENS, ...entries.map(([token]) => token)], pieceIds: entries.map(([, id]) => id) };
}
