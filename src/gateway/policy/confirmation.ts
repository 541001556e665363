import type { ToolDefinition } from "../../index.js";
import { HIDDEN_CHARACTERS } from "../hidden-characters.js";

/** How much of one value the confirmation shows; a longer one is shown by its start and its end. */
export const MAX_SHOWN_VALUE = 300;
/** How much of one argument's name (one step of a path) the confirmation shows. */
const MAX_SHOWN_KEY = 100;
/** How long the input part of a confirmation may be, all values and the note of what was left out. */
export const MAX_SHOWN_INPUT = 2_000;
/** How deep in objects and arrays the confirmation lists values; deeper ones are named, not shown. */
export const MAX_SHOWN_DEPTH = 32;
/**
 * The most values (leaves) walked. Every value costs at least 3 characters, as a line (`a: 1` and
 * a newline) or as a name in the note (`a, `), so more than {@link MAX_SHOWN_INPUT} / 3 can never
 * be shown or named: past this, the confirmation is refused without walking the rest.
 */
const MAX_LEAVES = 1_000;

/** Text with every {@link HIDDEN_CHARACTERS} character escaped visibly (`\n`, `\t`, `\r`, else `\uXXXX` or `\u{XXXXX}`), and `\` doubled. */
export function escapeVisible(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(HIDDEN_CHARACTERS, (char) => {
    if (char === "\n") return "\\n";
    if (char === "\t") return "\\t";
    if (char === "\r") return "\\r";
    const hex = char.codePointAt(0)!.toString(16).toUpperCase();
    // Past four hex digits (outside the BMP), only the braced form can say it.
    return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
  });
}

/** A string in double quotes, escaped, with `"` escaped too, so a name or value cannot end its quotes early. */
function quoted(text: string): string {
  return `"${escapeVisible(text).replace(/"/g, '\\"')}"`;
}

/**
 * Shown text cut to its first half and last third of `max` when longer than `max`, saying how many
 * characters are not shown: the dangerous part of a long path is usually at its end. A surrogate
 * pair is never split (escaping leaves no lone ones).
 */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = Math.floor(max / 2);
  let tail = text.length - Math.floor(max / 3);
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (isHighSurrogate(text.charCodeAt(tail - 1))) tail++;
  return `${text.slice(0, head)}… (${tail - head} characters not shown) …${text.slice(tail)}`;
}

/** D800 to DBFF: the top six of its sixteen bits are 110110. */
function isHighSurrogate(code: number): boolean {
  return (code & 0xfc00) === 0xd800;
}

/** A scalar as the user reads it: strings quoted and escaped, anything else as JS would print it. */
function scalarText(value: unknown): string {
  return typeof value === "string" ? quoted(value) : escapeVisible(String(value));
}

/** Plain ASCII names are shown bare (`files[1].path`); any other is quoted (`["file name"]`), so a look-alike stands out. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** One step of a path: `.name` (bare at the start), `[3]`, or `["other name"]`, cut on its own. */
function step(key: string, first: boolean): string {
  if (IDENTIFIER.test(key) && key.length <= MAX_SHOWN_KEY) return first ? key : `.${key}`;
  return `[${cut(quoted(key), MAX_SHOWN_KEY)}]`;
}

function isScalar(value: unknown): boolean {
  return typeof value !== "object" || value === null;
}

/** One value of the input as a line: its path, the shown text, and the length of the text before it was cut. */
interface Leaf {
  path: string;
  text: string;
  full: number;
}

/**
 * Every leaf of the input, each with its path, in the model's order but with the top level's
 * scalars first; `undefined` past {@link MAX_LEAVES}. Objects and arrays nested deeper than
 * {@link MAX_SHOWN_DEPTH} become one leaf saying so; empty ones are shown as `{}` and `[]`.
 */
function leavesOf(input: unknown): Leaf[] | undefined {
  const leaves: Leaf[] = [];
  const visit = (value: unknown, path: string, depth: number): boolean => {
    if (leaves.length >= MAX_LEAVES) return false;
    if (typeof value !== "object" || value === null) {
      const full = scalarText(value);
      leaves.push({ path, text: cut(full, MAX_SHOWN_VALUE), full: full.length });
    } else if (depth >= MAX_SHOWN_DEPTH) {
      leaves.push({ path, text: `(nested deeper than ${MAX_SHOWN_DEPTH} levels, not shown)`, full: 0 });
    } else if (Array.isArray(value)) {
      if (value.length === 0) leaves.push({ path, text: "[]", full: 2 });
      for (let i = 0; i < value.length; i++) if (!visit(value[i], `${path}[${i}]`, depth + 1)) return false;
    } else {
      const entries = Object.entries(value);
      if (entries.length === 0) leaves.push({ path, text: "{}", full: 2 });
      const ordered =
        depth === 0
          ? [...entries.filter(([, item]) => isScalar(item)), ...entries.filter(([, item]) => !isScalar(item))]
          : entries;
      for (const [key, item] of ordered) if (!visit(item, path + step(key, depth === 0), depth + 1)) return false;
    }
    return true;
  };
  return visit(input, "", 0) ? leaves : undefined;
}

/**
 * What the user is asked before a destructive call: the tool, why it asks, and every value of the
 * (validated) input on a line of its own with its path (`files[1].path: "…"`), objects and arrays
 * flattened. Values shown whole come first (so a short `path` is never pushed out by a long
 * `content`), then the cut ones, each in the model's order with the top level's scalars first.
 * Each value is cut on its own at {@link MAX_SHOWN_VALUE} characters, keeping its start and its
 * end and saying how many characters are not shown; hiding characters are escaped in names and
 * values alike. When the values do not all fit in {@link MAX_SHOWN_INPUT}, the message names the
 * ones left out by their paths, with their size; when even those would not fit (or the input has
 * over {@link MAX_LEAVES} values), it returns `undefined`: the call must not be confirmed on what
 * the user cannot see.
 *
 * @example
 * ```ts
 * confirmationOf(tool, { files: [{ content: "…400 characters…" }, { path: "~/.config/autostart/x.desktop" }] });
 * // "Run fs__write? …\n\nInput:\nfiles[1].path: \"~/.config/autostart/x.desktop\"\nfiles[0].content: \"xxx… (152 characters not shown) …xxx\""
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
  if (typeof input === "object" && input !== null && !Array.isArray(input) && Object.keys(input).length === 0)
    return "(no arguments)";
  const leaves = leavesOf(input);
  if (leaves === undefined) return undefined;
  const ordered = [
    ...leaves.filter((leaf) => leaf.full <= MAX_SHOWN_VALUE),
    ...leaves.filter((leaf) => leaf.full > MAX_SHOWN_VALUE),
  ];
  const lines = ordered.map((leaf) => ({
    name: leaf.path,
    line: leaf.path === "" ? leaf.text : `${leaf.path}: ${leaf.text}`,
    full: leaf.full,
  }));
  const all = lines.map((entry) => entry.line).join("\n");
  if (all.length <= MAX_SHOWN_INPUT) return all;
  // The most lines that fit together with a note naming every value left out. Lengths are summed
  // as it goes (lines kept from the front, names left out from the back), so many values cost
  // linear time.
  const kept: number[] = [0];
  for (const entry of lines) kept.push(kept[kept.length - 1]! + entry.line.length + 1);
  let names = 0;
  let size = 0;
  for (let keep = lines.length - 1; keep >= 0; keep--) {
    const left = lines.length - keep;
    names += lines[keep]!.name.length + (left === 1 ? 0 : 2);
    size += lines[keep]!.full;
    const note = `… and ${left} more value${left === 1 ? "" : "s"} not shown here (${size} characters): `;
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
