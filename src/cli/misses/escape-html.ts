import { visibleText } from "./visible-text.js";

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * `text` as HTML text or a quoted attribute value: the five characters that could end either,
 * or start a tag or an entity, become entities. The same holds inside inline SVG, so a request
 * such as `</svg><script>` stays text there too.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** A string from a record, for the page: cut, hidden characters made visible, then HTML-escaped. */
export function htmlText(text: string, max: number): string {
  return escapeHtml(visibleText(text, max));
}
