const MAX_LENGTH = 160;

/**
 * The first sentence of a description, at most 160 characters (cut at a word, with "…").
 * A full stop counts as a sentence end only before white space and an upper-case letter or
 * the end, so "e.g. a file" and "v1.2" stay whole.
 */
export function firstSentence(description: string): string {
  const text = description.trim().replace(/\s+/g, " ");
  // White space is folded to single spaces above, and a full stop at the very end leaves the
  // whole text anyway, so one space before the capital is all there is to match.
  const end = /[.!?](?=\s[A-Z"'([])/.exec(text);
  const sentence = end ? text.slice(0, end.index + 1) : text;
  if (sentence.length <= MAX_LENGTH) return sentence;
  // Never cut between the halves of a surrogate pair (an emoji, say): half a pair is not text.
  const cutAt = /[\uD800-\uDBFF]/.test(sentence[MAX_LENGTH - 2] ?? "") ? MAX_LENGTH - 2 : MAX_LENGTH - 1;
  const cut = sentence.slice(0, cutAt);
  const lastSpace = cut.lastIndexOf(" ");
  return `${cut.slice(0, lastSpace > MAX_LENGTH / 2 ? lastSpace : cut.length).replace(/[\s,;:]+$/, "")}…`;
}
