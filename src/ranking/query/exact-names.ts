import type { RankDocument } from "../ranker.js";
import { splitIdentifier } from "../text/index.js";

/** Names written inside a longer query: `slack__post_message`, `createIssue`, `get-user`. */
const IDENTIFIER = /[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]/g;
const IDENTIFIER_LIKE = /[_-]|[a-z0-9][A-Z]/;

/** Tools filed under a key: one name, or several that share it (in the order they were added). */
type Filed = string | string[];

/**
 * Finds the tools a query names outright, so that rankers can put them first whatever their
 * scores say: a user or model that types `slack__post_message`, `slack post message`,
 * `postMessage` or `post message` means that tool, even when another tool's
 * description repeats the same words more often.
 *
 * A query names a tool when, whole, it is
 * 1. the tool's name, in any letter case;
 * 2. the name's words in order, however joined (`create issue`, `createIssue`, `create-issue`);
 * 3. the words of the name's local part, after a `server__` prefix or the tool's own server
 *    name (`post message` for `slack__post_message`).
 *
 * A query may also carry a tool's full name inside a longer text (`call github__create_issue
 * for the checkout bug`): an identifier-like word (one with `_`, `-` or an inner capital) whose
 * words are a tool name's words names it.
 *
 * Several tools can share a form (`github__create_issue` and `jira__create_issue` both answer
 * `create issue`): all of them are named, and callers keep their ranker's order among them.
 * The index is incremental and lazy: `add` and `remove` cost one name, a name's keys never
 * depend on other tools, and names are filed by the next `match`, so building a ranker's index
 * pays nothing for them (10,000 names take about 40 ms to file).
 */
export class ExactNames {
  /** Every key a tool is filed under, to unfile it on removal. */
  private readonly keysOf = new Map<string, string[]>();
  /** Key → the tools filed under it. */
  private readonly toolsOf = new Map<string, Filed>();
  /** The most words of any filed key: a longer query cannot be a name, only contain one. */
  private longestKey = 0;
  /** Tools added since the last `match`, with their servers: filed when a query needs them. */
  private readonly pending = new Map<string, string | undefined>();

  /** Adds a tool; it is filed under every form of its name by the next {@link match}. */
  add(name: string, server?: string): void {
    if (!this.keysOf.has(name)) this.pending.set(name, server);
  }

  remove(name: string): void {
    if (this.pending.delete(name)) return;
    const keys = this.keysOf.get(name);
    if (!keys) return;
    this.keysOf.delete(name);
    for (const key of keys) {
      const filed = this.toolsOf.get(key)!;
      if (typeof filed === "string") this.toolsOf.delete(key);
      else {
        filed.splice(filed.indexOf(name), 1);
        if (filed.length === 1) this.toolsOf.set(key, filed[0]!);
      }
    }
  }

  /** Files the pending tools, in the order they were added. */
  private flush(): void {
    for (const [name, server] of this.pending) this.file(name, server);
    this.pending.clear();
  }

  private file(name: string, server: string | undefined): void {
    const keys = keysOfName(name, server);
    this.keysOf.set(name, keys);
    for (const key of keys) {
      this.longestKey = Math.max(this.longestKey, key.split(" ").length);
      const filed = this.toolsOf.get(key);
      if (filed === undefined) this.toolsOf.set(key, name);
      else if (typeof filed === "string") this.toolsOf.set(key, [filed, name]);
      else filed.push(name);
    }
  }

  /** Brings the index in line with a whole catalogue: adds new names, drops missing ones. */
  sync(documents: readonly RankDocument[]): void {
    const current = new Set<string>();
    for (const document of documents) {
      current.add(document.name);
      this.add(document.name, document.server);
    }
    for (const name of [...this.keysOf.keys(), ...this.pending.keys()]) if (!current.has(name)) this.remove(name);
  }

  /**
   * The tools the query names, the most exactly named first; empty when it names none.
   *
   * @example
   * ```ts
   * names.match("post message");        // ["slack__post_message"]
   * names.match("open a pull request"); // []
   * ```
   */
  match(query: string): string[] {
    if (this.pending.size > 0) this.flush();
    const trimmed = query.trim();
    const found = new Set<string>();
    if (this.keysOf.has(trimmed)) found.add(trimmed);
    const file = (key: string) => {
      const filed = this.toolsOf.get(key);
      if (typeof filed === "string") found.add(filed);
      else if (filed) for (const name of filed) found.add(name);
    };
    // Cheap bound first: a query of more words than any name is no name (it may contain one).
    const words = wordCount(trimmed) <= this.longestKey ? splitIdentifier(trimmed) : [];
    if (words.length > 0) {
      const key = words.join(" ");
      file(`w:${key}`);
      file(`l:${key}`);
    }
    if (IDENTIFIER_LIKE.test(trimmed)) {
      for (const [word] of trimmed.matchAll(IDENTIFIER)) {
        if (!IDENTIFIER_LIKE.test(word)) continue;
        if (this.keysOf.has(word)) found.add(word);
        file(`w:${splitIdentifier(word).join(" ")}`);
      }
    }
    return [...found];
  }
}

/**
 * The keys a tool is filed under, most exact first: `w:` and the name's words, `l:` and the words
 * of its local part. A query matching a tool by its whole name puts it ahead of tools it matches
 * by their local part.
 */
function keysOfName(name: string, server: string | undefined): string[] {
  const words = splitIdentifier(name);
  if (words.length === 0) return [];
  const keys = [`w:${words.join(" ")}`];
  const local = localPart(name, server);
  const localWords = local === undefined ? [] : splitIdentifier(local);
  if (localWords.length > 0) keys.push(`l:${localWords.join(" ")}`);
  return keys;
}

/** Space-separated runs holding an ASCII letter or digit: a lower bound on the words `splitIdentifier` finds. */
function wordCount(text: string): number {
  let count = 0;
  let counted = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32) counted = false;
    else if (!counted && ((code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122))) {
      count++;
      counted = true;
    }
  }
  return count;
}

/**
 * The part of a name after its server prefix: `post_message` for `slack__post_message`, and
 * for a tool of server `slack` also for `slack_post_message`; `undefined` without a prefix.
 */
function localPart(name: string, server: string | undefined): string | undefined {
  const namespaced = name.indexOf("__");
  if (namespaced > 0 && namespaced + 2 < name.length) return name.slice(namespaced + 2);
  if (
    server &&
    name.length > server.length + 1 &&
    name.toLowerCase().startsWith(server.toLowerCase()) &&
    /[_-]/.test(name[server.length]!)
  ) {
    return name.slice(server.length + 1);
  }
  return undefined;
}
