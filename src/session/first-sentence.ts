const MAX_LENGTH = 160;

/** How much of a description is read: a summary sits at its start, and a description may be huge. */
const MAX_READ = 4_000;

/** A line that is only a tag: `<use_case>`, `</description>`. */
const TAG_LINE = /^<\/?[A-Za-z_][\w-]*>$/u;
/** A paragraph wrapped in a tag: `<description>Lists files.</description>`. */
const WRAPPED = /^<([A-Za-z_][\w-]*)>\s*(.*?)\s*<\/\1>$/u;
/** A list item's marker: `- `, `* `, `• `, `1. `, `2) `. */
const LIST_MARKER = /^(?:[-*•+]|\d{1,3}[.)])\s+/u;
/** A line that opens a block of its own: a heading, a code fence, a list item. */
const BLOCK_START = /^(?:#{1,6}\s|```|~~~|(?:[-*•+]|\d{1,3}[.)])\s)/u;
/** Pictographs some servers open a section's title with (`🎯 Purpose`), and what joins them. */
const LEADING_PICTOGRAPHS = /^(?:\p{Extended_Pictographic}|\uFE0F|\u200D|\s)+/u;
/** The title of a section that says what a tool does: `🎯 Purpose:`, `## Description`. */
const PURPOSE_TITLE =
  /^(?:#{1,6}\s+)?(?:(?:\p{Extended_Pictographic}|\uFE0F|\u200D)+\s*)?(?:purpose|description|summary|overview):?$/iu;
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
  const read = description.length > MAX_READ ? description.slice(0, MAX_READ) : description;
  const text = firstParagraph(read.split(/\r\n?|\n/u)) ?? read.trim().replace(/\s+/gu, " ");
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
 * The first paragraph of text, titles skipped, white space folded and emphasis dropped;
 * `undefined` when there is none (every line a title), and the caller reads the whole text.
 * A description laid out in titled sections is read from its purpose's section when it has one
 * (`🛡️ Guardrails:` may come first), and a paragraph that ends in a colon takes the list it
 * opens (`… including:` then `- size`, `- type`).
 */
function firstParagraph(lines: readonly string[]): string | undefined {
  let start = skipTitles(lines, 0);
  if (start === lines.length) return undefined;
  // Only a description that opens with a title is laid out in sections; blank lines do not count.
  if (nextLineAt(lines, 0) < start) {
    const purpose = lines.findIndex(
      (line, i) => PURPOSE_TITLE.test(plain(line)) && isTitle(plain(line), () => nextLine(lines, i + 1)),
    );
    if (purpose >= 0 && skipTitles(lines, purpose) < lines.length) start = skipTitles(lines, purpose);
  }
  const paragraph = [plain(lines[start]!).replace(LIST_MARKER, "")];
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = plain(lines[i]!);
    if (line === "" || BLOCK_START.test(line) || isLabel(line)) break;
    paragraph.push(line);
  }
  let joined = paragraph.join(" ").replace(/\s+/gu, " ").trim();
  if (joined.endsWith(":")) {
    const items: string[] = [];
    for (; i < lines.length && joined.length + items.join(", ").length <= MAX_LENGTH; i++) {
      const line = plain(lines[i]!);
      if (!LIST_MARKER.test(line)) break;
      items.push(line.replace(LIST_MARKER, "").replace(/[.;,]$/u, ""));
    }
    if (items.length > 0) joined = `${joined} ${items.join(", ")}`;
  }
  // The tag may wrap the paragraph on its lines rather than stand on a line of its own.
  const text = WRAPPED.exec(joined)?.[2] ?? joined;
  return text === "" ? undefined : text;
}

/** The first line from `from` on that holds anything and is no title. */
function skipTitles(lines: readonly string[], from: number): number {
  let i = from;
  for (; i < lines.length; i++) {
    const line = plain(lines[i]!);
    if (line !== "" && !isTitle(line, () => nextLine(lines, i + 1))) break;
  }
  return i;
}

/** The first line from `from` on that holds anything, plain; "" when none does. */
function nextLine(lines: readonly string[], from: number): string {
  const at = nextLineAt(lines, from);
  return at < lines.length ? plain(lines[at]!) : "";
}

/** Where the first line from `from` on that holds anything is; `lines.length` when none does. */
function nextLineAt(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && plain(lines[i]!) === "") i++;
  return i;
}

/** A line trimmed and its emphasis markers gone; "" for a line that holds only a tag. */
function plain(line: string): string {
  const trimmed = line.trim();
  return TAG_LINE.test(trimmed) ? "" : trimmed.replace(EMPHASIS, "").trim();
}

/**
 * Whether a line only titles what follows: a markdown heading, a label of at most three words
 * ending in a colon (`Purpose:`, `Best for:`, `Args:`), or a pictograph and at most three words
 * with no full stop, over a list (`🎯 Purpose` above `1. Authenticates …`).
 */
function isTitle(line: string, next: () => string): boolean {
  if (/^#{1,6}\s/u.test(line) || isLabel(line)) return true;
  const words = line.replace(LEADING_PICTOGRAPHS, "");
  return words !== line && wordCount(words) <= 3 && !/[.!?]$/u.test(words) && LIST_MARKER.test(next());
}

/** `Purpose:`, `🎯 Usage Guidance:`, `Best for:`: at most three words and a colon. */
function isLabel(line: string): boolean {
  return line.endsWith(":") && wordCount(line.replace(LEADING_PICTOGRAPHS, "")) <= 3;
}

function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/u).length;
}
