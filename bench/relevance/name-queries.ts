import { splitIdentifier } from "../../src/ranking/text/index.js";

/** One way of typing a tool's name as a query. */
export interface NameQuery {
  query: string;
  tool: string;
  form: "name" | "words" | "camelCase" | "local words";
}

/** What the exact-name check asks of a catalogue: its queries, and the forms left out as ambiguous. */
export interface NameQuerySet {
  queries: NameQuery[];
  /** Forms another tool's name also has (`calculate final velocity` for both `calculate_final_velocity` and `calculateFinalVelocity`). */
  ambiguous: number;
}

const camelCase = (words: readonly string[]) =>
  words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");

/** The part after a `server__` prefix, if any. */
const localPart = (name: string) => {
  const at = name.indexOf("__");
  return at > 0 && at + 2 < name.length ? name.slice(at + 2) : undefined;
};

/**
 * The queries a user or model types for a tool it knows by name: the name itself, its words
 * (`github create issue`), the words in camelCase (`githubCreateIssue`) and, for a `server__tool`
 * name, the local part's words (`create issue`). A form is left out when another tool's name has
 * the same words, so no ranker could put one of them first by right; a camelCase form that splits
 * back into other words (`best over 15` from `best_over_1_5`) is left out as not a real spelling.
 *
 * @example
 * ```ts
 * nameQueries(["slack__post_message"]).queries.map((q) => q.query);
 * // ["slack__post_message", "slack post message", "slackPostMessage", "post message"]
 * ```
 */
export function nameQueries(names: readonly string[]): NameQuerySet {
  const wordsKey = (text: string) => splitIdentifier(text).join(" ");
  // How many tools each word sequence names, through the full name or the local part.
  const owners = new Map<string, Set<string>>();
  for (const name of names) {
    for (const text of [name, localPart(name)]) {
      if (text === undefined) continue;
      const key = wordsKey(text);
      owners.set(key, (owners.get(key) ?? new Set()).add(name));
    }
  }
  const queries: NameQuery[] = [];
  let ambiguous = 0;
  for (const name of names) {
    queries.push({ query: name, tool: name, form: "name" });
    const words = splitIdentifier(name);
    const candidates: NameQuery[] = [{ query: words.join(" "), tool: name, form: "words" }];
    const camel = camelCase(words);
    if (wordsKey(camel) === words.join(" ") && camel !== name)
      candidates.push({ query: camel, tool: name, form: "camelCase" });
    const local = localPart(name);
    if (local !== undefined)
      candidates.push({ query: splitIdentifier(local).join(" "), tool: name, form: "local words" });
    for (const candidate of candidates) {
      if ((owners.get(wordsKey(candidate.query))?.size ?? 0) > 1) ambiguous++;
      else queries.push(candidate);
    }
  }
  return { queries, ambiguous };
}
