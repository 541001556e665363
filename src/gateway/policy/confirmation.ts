import type { ToolDefinition } from "../../index.js";

/** How much of one argument's value the confirmation shows. */
export const MAX_SHOWN_VALUE = 300;
/** How much of one argument's name the confirmation shows. */
const MAX_SHOWN_KEY = 100;
/** How long the input part of a confirmation may be, all arguments and the note of what was left out. */
export const MAX_SHOWN_INPUT = 2_000;

/**
 * Characters that would hide or disguise text: C0 and C1 controls, DEL, bidirectional
 * embeddings, overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
 * U+061C), zero-width characters, line and paragraph separators, the byte-order mark, and lone
 * surrogates. Shown as `\uXXXX` so the user sees they are there.
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text with every {@link HIDDEN} character escaped visibly (`\n`, `\t`, else `\uXXXX`), and `\` doubled. */
export function escapeVisible(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(HIDDEN, (char) => {
    if (char === "\n") return "\\n";
    if (char === "\t") return "\\t";
    if (char === "\r") return "\\r";
    return `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

/** A value as the user reads it: strings quoted, anything else as compact JSON; escaped, then cut at `max`. */
function shown(value: unknown, max: number): { text: string; full: number } {
  const raw = typeof value === "string" ? `"${value}"` : (JSON.stringify(value) ?? String(value));
  const text = escapeVisible(raw);
  if (text.length <= max) return { text, full: text.length };
  return { text: `${text.slice(0, max)}… (${text.length - max} more characters)`, full: text.length };
}

function isScalar(value: unknown): boolean {
  return value === null || (typeof value !== "object" && typeof value !== "function");
}

/**
 * What the user is asked before a destructive call: the tool, why it asks, and every argument of
 * the (validated) input, scalars first (so a short `path` is never pushed out by a long
 * `content`), then objects and arrays, each in the model's order. Each value is cut on its own at
 * {@link MAX_SHOWN_VALUE} characters, saying how many more there are; control and bidirectional
 * characters are escaped in names and values alike. When the arguments do not all fit in
 * {@link MAX_SHOWN_INPUT}, the message names the ones left out and their size; when even those
 * names would not fit, it returns `undefined`: the call must not be confirmed on what the user
 * cannot see.
 *
 * @example
 * ```ts
 * confirmationOf(tool, { content: "…1,600 characters…", path: "~/.config/autostart/x.desktop" });
 * // "Run fs__write? …\n\nInput:\npath: \"~/.config/autostart/x.desktop\"\ncontent: \"…\"… (1302 more characters)"
 * ```
 */
export function confirmationOf(tool: Pick<ToolDefinition, "name" | "server">, input: unknown): string | undefined {
  const server = tool.server === undefined ? "" : ` (MCP server "${escapeVisible(tool.server)}")`;
  const head = `Run ${escapeVisible(tool.name)}${server}? It is marked destructive: it may change or delete data.\n\nInput:\n`;
  const body = inputLines(input);
  return body === undefined ? undefined : head + body;
}

/** The input part of a confirmation, or `undefined` when it cannot say what it leaves out within the bound. */
function inputLines(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return shown(input, MAX_SHOWN_INPUT - 100).text;
  }
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length === 0) return "(no arguments)";
  const ordered = [
    ...entries.filter(([, value]) => isScalar(value)),
    ...entries.filter(([, value]) => !isScalar(value)),
  ];
  const lines = ordered.map(([key, value]) => {
    const name = shown(key, MAX_SHOWN_KEY).text;
    const { text, full } = shown(value, MAX_SHOWN_VALUE);
    return { name, line: `${name}: ${text}`, full };
  });
  const all = lines.map((entry) => entry.line).join("\n");
  if (all.length <= MAX_SHOWN_INPUT) return all;
  // The most lines that fit together with a note naming every argument left out. Lengths are
  // summed as it goes (lines kept from the front, names left out from the back), so many
  // arguments cost linear time.
  const kept: number[] = [0];
  for (const entry of lines) kept.push(kept[kept.length - 1]! + entry.line.length + 1);
  let names = 0;
  let size = 0;
  for (let keep = lines.length - 1; keep >= 0; keep--) {
    const left = lines.length - keep;
    names += lines[keep]!.name.length + (left === 1 ? 0 : 2);
    size += lines[keep]!.full;
    const note = `… and ${left} more argument${left === 1 ? "" : "s"} not shown here (${size} characters): `;
    if (note.length + names + 1 > MAX_SHOWN_INPUT) return undefined;
    if (kept[keep]! + note.length + names + 1 <= MAX_SHOWN_INPUT) {
      const shownNames = lines
        .slice(keep)
        .map((entry) => entry.name)
        .join(", ");
      return [...lines.slice(0, keep).map((entry) => entry.line), `${note}${shownNames}.`].join("\n");
    }
  }
  return undefined;
}
