const MAX_LENGTH = 160;

/** How much of a description is read: a summary sits at its start, and a description may be huge. */
const MAX_READ = 4_000;

/** A line that is only a tag: `<use_case>`, `</description>`. */
const TAG_LINE = /^<\/?[A-Za-z_][\w-]*>$/u;
/** A paragraph wrapped in a tag: `<description>Lists files.</description>`. */
const WRAPPED = /^<([A-Za-z_][\w-]*)>(.*)<\/\1>$/u;
/** A list item's marker: `- `, `* `, `• `, `1. `, `2) `. */
const LIST_MARKER = /^(?:[-*•+]|\d+[.)])\s/u;
/** A markdown heading's marks. */
const HEADING = /^#+\s/u;
/** A heading or a code fence: a line that opens a block of its own, as a list item does. */
const BLOCK_START = /^(?:#+\s|```|~~~)/u;
/** What opens a section's title: a heading's marks, pictographs (`🎯 Purpose`). */
const TITLE_DECORATION = /^#*(?:\s|\p{Extended_Pictographic}|\uFE0F|\u200D)*/u;
/** The titles of a section that says what a tool does. */
const PURPOSE = /^(?:purpose|description|summary|overview):?$/iu;
/** Markdown emphasis, which a plain stub has no use for. */
const EMPHASIS = /\*\*|__/gu;
/**
 * A sentence end: `.`, `!` or `?` before white space and what opens a sentence (a capital, a
 * quote, a bracket, markdown, a pictograph), not after `e.g.`, `i.e.`, `vs.` or `cf.`, which
 * never end one.
 */
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|vs|cf))[.!?](?=\s(?:[\p{Lu}"'([*#`<\u201c]|\p{Extended_Pictographic}))/u;

/**
 * The first sentence of a description, at most 160 characters (cut at a word, with "…").
 *
 * Read as a summary is written: the first paragraph, after any section title (`🎯 Purpose:`,
 * `**Best for:**`, `## Overview`, a `<use_case>` tag) and without a list item's marker, so a
 * server that lays out every description in sections still gets a stub that says what each
 * tool does, not `Purpose: 1.` for all of them. A paragraph ends at a blank line or where a
 * list, a heading or a code block starts; a single line break inside it is a wrapped line.
 * A full stop counts as a sentence end only before white space and what opens a sentence, so
 * "e.g. a file" and "v1.2" stay whole.
 *
 * @example
 * ```ts
 * firstSentence("Create an issue. Returns its number."); // "Create an issue."
 * firstSentence("\n  🎯 Purpose:\n    1. Lists the deals of a pipeline.\n\n  📦 Returns: …"); // "Lists the deals of a pipeline."
 * ```
 */
export function firstSentence(description: string): string {
  const lines = description.slice(0, MAX_READ).split(/\r?\n/u).map(plain);
  const text = firstParagraph(lines) ?? lines.join(" ").replace(/\s+/gu, " ").trim();
  // White space is folded to single spaces, and a full stop at the very end leaves the whole
  // text anyway, so one space before what opens the next sentence is all there is to match.
  const end = SENTENCE_END.exec(text);
  const sentence = end ? text.slice(0, end.index + 1) : text;
  if (sentence.length <= MAX_LENGTH) return sentence;
  // Never cut between the halves of a surrogate pair (an emoji, say): half a pair is not text.
  const cutAt = /[\uD800-\uDBFF]/u.test(sentence[MAX_LENGTH - 2] ?? "") ? MAX_LENGTH - 2 : MAX_LENGTH - 1;
  const cut = sentence.slice(0, cutAt);
  const lastSpace = cut.lastIndexOf(" ");
  return `${cut.slice(0, lastSpace > MAX_LENGTH / 2 ? lastSpace : cut.length).replace(/[\s,;:]+$/u, "")}…`;
}

/**
 * The first paragraph of plain lines, titles skipped, white space folded; `undefined` when every
 * line is a title, and the caller reads the whole text. A description that opens with a title
 * is laid out in sections, and is read from its purpose's section when it has one
 * (`🛡️ Guardrails:` may come first). A paragraph that ends in a colon takes the list it opens
 * (`… including:` then `- size`, `- type`).
 */
function firstParagraph(lines: readonly string[]): string | undefined {
  let start = afterTitles(lines, 0);
  if (start === lines.length) return undefined;
  if (start > nextText(lines, 0)) {
    for (let i = start; i < lines.length; i++) {
      if (!PURPOSE.test(lines[i]!.replace(TITLE_DECORATION, "")) || !isTitle(lines, i)) continue;
      // A purpose title with nothing under it leaves the first paragraph the summary.
      const under = afterTitles(lines, i);
      if (under < lines.length) start = under;
      break;
    }
  }
  let end = start + 1;
  while (end < lines.length && lines[end] !== "" && !opensBlock(lines[end]!) && !isLabel(lines[end]!)) end++;
  const paragraph = lines.slice(start, end).join(" ").replace(LIST_MARKER, "");
  const items = paragraph.endsWith(":") ? listFrom(lines.slice(end)) : [];
  const text = `${paragraph} ${items.join(", ")}`.replace(/\s+/gu, " ").trim();
  // A tag may wrap the paragraph on its lines rather than stand on a line of its own.
  const wrapped = WRAPPED.exec(text);
  return wrapped ? wrapped[2]!.trim() : text;
}

/** The first line from `from` on that holds text (`lines.length` when none does). */
function nextText(lines: readonly string[], from: number): number {
  let i = from;
  // Past the last line `undefined` is no "", so the loop ends there.
  while (lines[i] === "") i++;
  return i;
}

/** The first line from `from` on that holds text and is no title (`lines.length` when none is). */
function afterTitles(lines: readonly string[], from: number): number {
  let i = nextText(lines, from);
  while (i < lines.length && isTitle(lines, i)) i = nextText(lines, i + 1);
  return i;
}

/**
 * Whether line `i` only titles what follows: a markdown heading, a label (see {@link isLabel}), or
 * a pictograph and at most three words with no full stop over a list (`🎯 Purpose` above
 * `1. Authenticates …`).
 */
function isTitle(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  if (HEADING.test(line) || isLabel(line)) return true;
  // Past the last line, `undefined` reads as the text "undefined", which is no list item.
  const next = lines[nextText(lines, i + 1)]!;
  return (
    /^\p{Extended_Pictographic}/u.test(line) && words(line) <= 3 && !/[.!?]$/u.test(line) && LIST_MARKER.test(next)
  );
}

/** `Purpose:`, `🎯 Usage Guidance:`, `Best for:`: at most three words and a colon. */
function isLabel(line: string): boolean {
  return line.endsWith(":") && words(line) <= 3;
}

/** A heading, a code fence or a list item: where a paragraph ends. */
function opensBlock(line: string): boolean {
  return BLOCK_START.test(line) || LIST_MARKER.test(line);
}

/** The items of the list the lines open with, without their markers or closing stops. */
function listFrom(lines: readonly string[]): string[] {
  const items: string[] = [];
  for (const line of lines) {
    if (!LIST_MARKER.test(line)) break;
    items.push(line.replace(LIST_MARKER, "").replace(/[.;,]$/u, ""));
  }
  return items;
}

/** A title's words, what opens it aside. */
function words(line: string): number {
  return line.replace(TITLE_DECORATION, "").split(/\s+/u).length;
}

/** A line trimmed and its emphasis gone; "" for a line that holds only a tag. */
function plain(line: string): string {
  const text = line.replace(EMPHASIS, "").trim();
  return TAG_LINE.test(text) ? "" : text;
}
