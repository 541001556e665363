/**
 * How many distinct servers one query may restrict its search to. A request is at most 2,000
 * characters, so it can hold some two hundred `server:` terms; a model that means several servers names
 * two or three, and the rest is noise (or an attack) that would cost a catalogue pass each.
 */
export const MAX_SERVER_TERMS = 10;

/** A query's `server:` / `+name` terms, read apart from the words it searches for. */
export interface ServerScope {
  /** The query without its server terms, trimmed: what is ranked. May be empty. */
  text: string;
  /**
   * The servers named, in the form {@link normalizeServerName} gives, distinct, in query order,
   * at most {@link MAX_SERVER_TERMS}.
   */
  names: string[];
  /** For each of `names`, the words as the query wrote them, to give back to the text when no server has that name. */
  written: string[];
  /** How many distinct server names past the cap were dropped. */
  ignored: number;
}

/** `server:github`, `Server:jira` (the name may also follow as the next word: `server: github`). */
const SERVER_TERM = /^server:(.*)$/i;
/** `+github`, as in Claude Code's tool search: a name that starts with a letter, so `+5` stays a word. */
const PLUS_TERM = /^\+(\p{L}.*)$/u;

/**
 * Reads the server terms of a query: `server:github open a pull request` restricts the search to
 * the `github` server's tools, `+github open a pull request` too (Claude Code's syntax), and
 * several terms make a union. Terms may stand anywhere in the query; the other words, in their
 * order, are the text that is ranked.
 *
 * @example
 * ```ts
 * parseServerScope("server:GitHub +jira open an issue");
 * // { text: "open an issue", names: ["github", "jira"], written: ["GitHub", "jira"], ignored: 0 }
 * ```
 */
export function parseServerScope(query: string): ServerScope {
  const words = query.split(/\s+/).filter((word) => word !== "");
  const text: string[] = [];
  const names: string[] = [];
  const written: string[] = [];
  const dropped = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const server = SERVER_TERM.exec(word);
    let name = server ? server[1]! : PLUS_TERM.exec(word)?.[1];
    if (server && name === "" && i + 1 < words.length) name = words[++i]!;
    const normalized = name === undefined ? "" : normalizeServerName(name);
    if (normalized === "") {
      // Not a server term (or one that names nothing, `server:` alone or `+!`): an ordinary word.
      if (name === undefined) text.push(word);
      continue;
    }
    if (names.includes(normalized)) continue;
    if (names.length < MAX_SERVER_TERMS) {
      names.push(normalized);
      written.push(name!);
    } else dropped.add(normalized);
  }
  return { text: text.join(" "), names, written, ignored: dropped.size };
}

/**
 * A server name as a `server:` term is matched against it: lower-cased, compatibility-normalised,
 * and every run of characters that are not letters or digits read as one `_`, trimmed. So
 * `server:google-drive` names a server called `google_drive`, `Google Drive` or `google.drive`,
 * and OpenAI's namespace names (the server's name with such characters replaced) name their server.
 *
 * @example
 * ```ts
 * normalizeServerName("Google Drive"); // "google_drive"
 * ```
 */
export function normalizeServerName(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
}
