/**
 * Chinese, Japanese, Korean, Thai, Lao, Khmer and Burmese write words without spaces between
 * them (or, in Korean, with particles fused to them), so a run of their letters is a phrase, not
 * a word: split on non-letters alone, "查询指定城市的天气" is one term and no query matches it.
 * Such runs are read as words of their own instead, as full-text search engines read them:
 *
 * - CJK runs as their overlapping pairs of characters (查询 询指 指定 …), the usual
 *   dictionary-free reading: a two-character word of the query matches it inside any run, at
 *   the cost of a few pairs that straddle two words, which match rarely, and it does not depend
 *   on both sides being cut into words the same way. A character standing alone is kept.
 * - Thai, Lao, Khmer and Burmese runs, whose characters are not words, by the dictionary word
 *   breaker of the runtime's ICU (`Intl.Segmenter`); kept whole where the runtime has none.
 */
const CJK = "\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}";
const SOUTHEAST_ASIAN = "\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}";
const UNSPACED = new RegExp(`[${CJK}${SOUTHEAST_ASIAN}]`, "u");
const RUNS = new RegExp(`[${CJK}]+|[^${CJK}]+`, "gu");
const IS_CJK = new RegExp(`^[${CJK}]`, "u");

let wordBreaker: Intl.Segmenter | null | undefined;

/** The runtime's word breaker, made once; `null` on a runtime built without it. */
function words(): Intl.Segmenter | null {
  if (wordBreaker === undefined)
    wordBreaker = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("th", { granularity: "word" }) : null;
  return wordBreaker;
}

/**
 * Appends `word` (a run of letters and digits, lower-cased) to `out`, with the runs of unspaced
 * scripts in it read as described above. Linear in the word's length.
 *
 * @example
 * pushWords("查询12306余票", out)   // out gains 查询, 12306, 余票
 * pushWords("天气预报", out)        // 天气, 气预, 预报
 * pushWords("บริการรีดผ้า", out)    // บริการ, รีด, ผ้า
 */
export function pushWords(word: string, out: string[]): void {
  if (!UNSPACED.test(word)) {
    out.push(word);
    return;
  }
  for (const [run] of word.matchAll(RUNS)) {
    if (IS_CJK.test(run)) pushPairs(run, out);
    else pushBrokenWords(run, out);
  }
}

function pushPairs(run: string, out: string[]): void {
  const characters = Array.from(run);
  if (characters.length === 1) out.push(run);
  for (let i = 0; i + 1 < characters.length; i++) out.push(characters[i]! + characters[i + 1]!);
}

/**
 * Characters of one run the word breaker reads. Dictionary breaking costs several times what the
 * rest of analysis does per character, and a real sentence is far shorter; past this a run's rest
 * is kept as one word, so a hostile description of one unbroken run costs what a spaced one does.
 */
const MAX_BROKEN_RUN = 2_048;

function pushBrokenWords(run: string, out: string[]): void {
  const breaker = UNSPACED.test(run) ? words() : null;
  if (!breaker) {
    out.push(run);
    return;
  }
  const read = run.length > MAX_BROKEN_RUN ? run.slice(0, MAX_BROKEN_RUN) : run;
  for (const { segment, isWordLike } of breaker.segment(read)) if (isWordLike) out.push(segment);
  if (read.length < run.length) out.push(run.slice(MAX_BROKEN_RUN));
}
