/**
 * Length bounds for text that MCP servers supply (descriptions, titles, error messages, stderr),
 * which may be of any size and contain anything.
 */

/**
 * `text` cut to at most `max` UTF-16 units, ending in `…` when cut. Never splits a surrogate pair,
 * so the result is always well-formed where the input was.
 */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  // A high surrogate whose low half would be cut off goes too.
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** `text` as one bounded line: runs of whitespace and control characters become one space. */
export function oneLine(text: string, max: number): string {
  // Cut first (with room for the collapse to shrink it) so a huge input costs no more than max work.
  return boundText(
    boundText(text, max * 4)
      .replace(/[\s\p{Cc}]+/gu, " ")
      .trim(),
    max,
  );
}
