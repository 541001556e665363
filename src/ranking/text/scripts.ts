import { MAX_ANALYSED_CHARS } from "./limits.js";

/**
 * The writing systems toolsift tells apart, named as a model reading a `search_tools` answer
 * would recognise them. Letters of any other script are not counted.
 */
export const SCRIPTS = {
  Latin: "\\p{sc=Latin}",
  Greek: "\\p{sc=Greek}",
  Cyrillic: "\\p{sc=Cyrillic}",
  Armenian: "\\p{sc=Armenian}",
  Georgian: "\\p{sc=Georgian}",
  Hebrew: "\\p{sc=Hebrew}",
  Arabic: "\\p{sc=Arabic}",
  Devanagari: "\\p{sc=Devanagari}",
  Bengali: "\\p{sc=Bengali}",
  Tamil: "\\p{sc=Tamil}",
  Thai: "\\p{sc=Thai}",
  "Chinese characters": "\\p{sc=Han}",
  "Japanese kana": "\\p{sc=Hiragana}\\p{sc=Katakana}",
  "Korean Hangul": "\\p{sc=Hangul}",
} as const;

/** A writing system of {@link SCRIPTS}. */
export type Script = keyof typeof SCRIPTS;

const SCRIPT_LETTERS = Object.entries(SCRIPTS).map(
  ([script, letters]) => [script as Script, new RegExp(`[${letters}]`, "gu")] as const,
);
const NOT_ASCII = /[\u0080-\uffff]/;
const ASCII_LETTERS = /[a-z]/gi;

/**
 * How many letters of each script a text holds (read up to `MAX_ANALYSED_CHARS`, like the rest
 * of analysis), added into `counts`. ASCII text costs one scan.
 *
 * @example
 * countScripts("查询 weather", counts) // counts: Chinese characters +2, Latin +7
 */
export function countScripts(text: string, counts: Map<Script, number>): void {
  const read = text.length > MAX_ANALYSED_CHARS ? text.slice(0, MAX_ANALYSED_CHARS) : text;
  if (!NOT_ASCII.test(read)) {
    const latin = read.match(ASCII_LETTERS)?.length ?? 0;
    if (latin > 0) counts.set("Latin", (counts.get("Latin") ?? 0) + latin);
    return;
  }
  for (const [script, letters] of SCRIPT_LETTERS) {
    const found = read.match(letters)?.length ?? 0;
    if (found > 0) counts.set(script, (counts.get(script) ?? 0) + found);
  }
}
