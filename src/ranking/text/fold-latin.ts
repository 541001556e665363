/**
 * Latin letters that keep their difference inside the letter, so that removing marks leaves
 * them as they are: each read as what a keyboard without it types (`straße` as `strasse`).
 */
const INSEPARABLE: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};
const INSEPARABLE_LETTERS = /[ßæœøłđðþı]/gu;
const LATIN_WORD = /^[\p{sc=Latin}\p{M}\p{N}]+$/u;
/** Any code unit past ASCII: an ASCII word has no accent to fold. */
const BEYOND_ASCII = /[\u0080-\uffff]/;
const MARKS = /\p{M}+/gu;

/**
 * A lower-case word in Latin script without its accents: `café`, `réserver` and `Hà Nội`'s
 * words read as `cafe`, `reserver`, `ha`, `noi`. People type accented words both ways, and a tool
 * described in French or Vietnamese must be found by a request typed on a plain keyboard, as
 * full-text engines' folding filters do. A word with letters of any other script is returned as
 * it is: there a mark is part of the letter (a Thai or Devanagari vowel), not an accent on it.
 *
 * @example
 * foldLatin("réserver") // "reserver"
 * foldLatin("straße")   // "strasse"
 * foldLatin("हिन्दी")     // "हिन्दी" (unchanged)
 */
export function foldLatin(word: string): string {
  // Most words of a text that needs the Unicode path are still ASCII (one curly quote sends a
  // whole description there): they skip the decomposition, which cost about as much again.
  if (!BEYOND_ASCII.test(word) || !LATIN_WORD.test(word)) return word;
  return word
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(INSEPARABLE_LETTERS, (letter) => INSEPARABLE[letter] ?? letter);
}
