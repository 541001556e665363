/**
 * Characters that would hide or disguise text from a person reading it: controls (C0, DEL, C1;
 * U+0085 is a newline to some terminals), format characters (bidi embeddings, overrides,
 * isolates and marks, zero-width characters, the soft hyphen, the Mongolian vowel separator, the
 * byte-order mark, tag characters U+E0000–U+E007F that can smuggle text to a model), line and
 * paragraph separators, private-use characters, the combining grapheme joiner, the Hangul
 * fillers, variation selectors, and lone surrogates. The confirmation a user is asked and the
 * audit log a person reads escape the same set, so neither can show what the other would hide.
 */
export const HIDDEN_CHARACTERS =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Variation_Selector}\u115f\u1160\u3164\uffa0]|\u034f|[\u{e0000}-\u{e007f}]/gu;
