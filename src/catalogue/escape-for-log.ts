import { HIDDEN_CHARACTERS } from "./hidden-characters.js";

/**
 * `text` made safe to be (part of) one line of a log: every {@link HIDDEN_CHARACTERS} character is
 * escaped visibly (`\n`, `\r`, `\t`, else `\u001b` or `\u{e0001}`), so text from outside
 * (an upstream server's stderr or error, a client's error answer) cannot start a forged line,
 * move the cursor or recolour the terminal (an ESC or CSI sequence loses its ESC and prints as
 * text), or reorder what a reader sees (bidi controls).
 *
 * Backslashes are left as they are: the output holds no hidden character, so escaping it again
 * changes nothing, and every seam a line passes through may apply this without doubling
 * anything. A `\n` in the output is therefore either an escaped newline or those two characters
 * as sent; either way it is on the same line. C0 controls come out as `JSON.stringify` writes
 * them, so a secret with a control in it is still matched by its JSON-escaped form.
 *
 * @example
 * ```ts
 * escapeForLog("done\n\u001b[2Jtoolsift: all clear"); // "done\\n\\u001b[2Jtoolsift: all clear"
 * ```
 */
export function escapeForLog(text: string): string {
  return text.replace(HIDDEN_CHARACTERS, escapeCharacter);
}

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** Escapes already worked out: a line of 8,192 ESC characters costs 8,192 look-ups, not 8,192 hex conversions. */
const ESCAPES = new Map<string, string>();
/** A line of distinct private-use characters must not grow the map without end. */
const MAX_ESCAPES = 1_024;

function escapeCharacter(char: string): string {
  const known = ESCAPES.get(char);
  if (known !== undefined) return known;
  const code = char.codePointAt(0)!;
  const hex = code.toString(16);
  const escaped = NAMED[char] ?? (code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`);
  if (ESCAPES.size < MAX_ESCAPES) ESCAPES.set(char, escaped);
  return escaped;
}
