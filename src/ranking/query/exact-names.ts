import type { RankDocument } from "../ranker.js";
import { analyzeIdentifier, splitIdentifier } from "../text/index.js";

/**
 * The ways a query can name a tool, most exact first. A query matching a tool in an earlier
 * form puts it ahead of tools it matches in a later one.
 */
const FORMS = ["name", "words", "local-words", "terms", "local-terms"] as const;
type NameForm = (typeof FORMS)[number];

/** Names written inside a longer query: `slack__post_message`, `createIssue`, `get-user`. */
const IDENTIFIER = /[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]/g;
const IDENTIFIER_LIKE = /[_-]|[a-z0-9][A-Z]/;

/**
 * Finds the tools a query names outright, so that rankers can put them first whatever their
 * scores say: a user or model that types `slack__post_message`, `slack post message`,
 * `postMessage`, `post message` or `post messages` means that tool, even when another tool's
 * description repeats the same words more often.
 *
 * A query names a tool when, whole, it is
 * 1. the tool's name, in any letter case;
 * 2. the name's words in order, however joined (`create issue`, `createIssue`, `create-issue`);
 * 3. the words of the name's local part, after a `server__` prefix or the tool's own server
 *    name (`post message` for `slack__post_message`);
 * 4. or, for a query in words rather than an identifier, 2. or 3. up to stemming, stop words
 *    and word order (`list the events` for `list_events`).
 *
 * A query may also carry a tool's full name inside a longer text (`call github__create_issue
 * for the checkout bug`); an identifier-like word (one with `_`, `-` or an inner capital) that is
 * a tool's name names it.
 *
 * Several tools can share a form (`github__create_issue` and `jira__create_issue` both answer
 * `create issue`): all of them are named, and callers keep their ranker's order among them.
 * The index is incremental: `add` and `remove` cost one name, and a name's keys never depend
 * on other tools.
 */
export class ExactNames {
  /** Every key a tool is filed under, to unfile it on removal. */
  private readonly keysOf = new Map<string, string[]>();
  /** Key (form-prefixed) → the tools filed under it, in the order they were added. */
  private readonly toolsOf = new Map<string, string[]>();

  /** Files a tool under every form of its name. */
  add(name: string, server?: string): void {
    if (this.keysOf.has(name)) return;
    const keys = [...new Set(keysOfName(name, server))];
    this.keysOf.set(name, keys);
    for (const key of keys) {
      const tools = this.toolsOf.get(key);
      if (tools) tools.push(name);
      else this.toolsOf.set(key, [name]);
    }
  }

  remove(name: string): void {
    const keys = this.keysOf.get(name);
    if (!keys) return;
    this.keysOf.delete(name);
    for (const key of keys) {
      const tools = this.toolsOf.get(key)!;
      if (tools.length === 1) this.toolsOf.delete(key);
      else tools.splice(tools.indexOf(name), 1);
    }
  }

  /** Brings the index in line with a whole catalogue: adds new names, drops missing ones. */
  sync(documents: readonly RankDocument[]): void {
    const current = new Set<string>();
    for (const document of documents) {
      current.add(document.name);
      this.add(document.name, document.server);
    }
    for (const name of [...this.keysOf.keys()]) if (!current.has(name)) this.remove(name);
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
    const trimmed = query.trim();
    const found = new Set<string>();
    if (this.keysOf.has(trimmed)) found.add(trimmed);
    // A query written as an identifier means that identifier: only prose is read up to stemming.
    const prose = /\s/.test(trimmed) || !IDENTIFIER_LIKE.test(trimmed);
    for (const form of FORMS) {
      if (!prose && (form === "terms" || form === "local-terms")) continue;
      const key = queryKey(form, trimmed);
      if (key !== undefined) for (const name of this.toolsOf.get(key) ?? []) found.add(name);
    }
    for (const [word] of trimmed.matchAll(IDENTIFIER)) {
      if (!IDENTIFIER_LIKE.test(word)) continue;
      if (this.keysOf.has(word)) found.add(word);
      for (const name of this.toolsOf.get(`name:${word.toLowerCase()}`) ?? []) found.add(name);
    }
    return [...found];
  }
}

/** The keys a tool is filed under: one per form of its name, each prefixed with its form. */
function keysOfName(name: string, server: string | undefined): string[] {
  const keys = [`name:${name.toLowerCase()}`];
  const add = (form: NameForm, key: string) => key !== "" && keys.push(`${form}:${key}`);
  add("words", splitIdentifier(name).join(" "));
  add("terms", termsKey(name));
  const local = localPart(name, server);
  if (local !== undefined) {
    add("local-words", splitIdentifier(local).join(" "));
    add("local-terms", termsKey(local));
  }
  return keys;
}

function queryKey(form: NameForm, query: string): string | undefined {
  let key: string;
  switch (form) {
    case "name":
      key = query.toLowerCase();
      break;
    case "words":
    case "local-words":
      key = splitIdentifier(query).join(" ");
      break;
    default:
      key = termsKey(query);
  }
  return key === "" ? undefined : `${form}:${key}`;
}

/** Stemmed terms without stop words, in a fixed order: equal for `list the events` and `events_list`. */
function termsKey(text: string): string {
  return [...new Set(analyzeIdentifier(text))].sort().join(" ");
}

/**
 * The part of a name after its server prefix: `post_message` for `slack__post_message`, and
 * for a tool of server `slack` also for `slack_post_message`; `undefined` without a prefix.
 */
function localPart(name: string, server: string | undefined): string | undefined {
  const namespaced = name.indexOf("__");
  if (namespaced > 0 && namespaced + 2 < name.length) return name.slice(namespaced + 2);
  if (server && name.length > server.length + 1 && name.toLowerCase().startsWith(server.toLowerCase()) && /[_-]/.test(name[server.length]!)) {
    return name.slice(server.length + 1);
  }
  return undefined;
}
