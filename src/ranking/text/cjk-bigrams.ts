/**
 * Chinese, Japanese and Korean write words without spaces between them (or, in Korean, with
 * particles fused to them), so a run of their characters is a phrase, not a word: split on
 * non-letters alone, "查询指定城市的天气" is one term and no query matches it. Each run is read
 * instead as its overlapping pairs of characters (查询 询指 指定 …), the usual dictionary-free
 * reading of these scripts in full-text search: a two-character word of the query then matches
 * it inside any run, at the cost of a few pairs that straddle two words, which match rarely.
 * A character standing alone is kept as itself.
 */
const CJK = "\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}";
const HAS_CJK = new RegExp(`[${CJK}]`, "u");
const RUNS = new RegExp(`[${CJK}]+|[^${CJK}]+`, "gu");
const IS_CJK = new RegExp(`^[${CJK}]`, "u");

/**
 * Appends `word` (a run of letters and digits, lower-cased) to `words`, with each run of CJK
 * characters in it replaced by its character pairs. Linear in the word's length.
 *
 * @example
 * pushCjkPairs("查询12306余票", words) // words gains 查询, 12306, 余票
 * pushCjkPairs("天气预报", words)      // 天气, 气预, 预报
 */
export function pushCjkPairs(word: string, words: string[]): void {
  if (!HAS_CJK.test(word)) {
    words.push(word);
    return;
  }
  for (const [run] of word.matchAll(RUNS)) {
    if (!IS_CJK.test(run)) {
      words.push(run);
      continue;
    }
    const characters = Array.from(run);
    if (characters.length === 1) words.push(run);
    for (let i = 0; i + 1 < characters.length; i++) words.push(characters[i]! + characters[i + 1]!);
  }
}
