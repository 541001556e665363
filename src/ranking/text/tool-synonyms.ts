import { analyzeText } from "./analyze.js";

/**
 * Words that mean the same thing in requests to tools. The GloVe build retrofits its vectors to
 * them (src/model-build/glove/retrofit.ts): GloVe learnt its senses from news and Wikipedia,
 * where a "ticket" is for a flight and an "issue" is a topic; here they are both items in a
 * tracker. BM25 reads a request's word the catalogue never uses as the others of its group
 * (see {@link synonymTerms}). Written for toolsift from general software and everyday
 * vocabulary, not derived from any dataset.
 */
export const TOOL_SYNONYMS: readonly (readonly string[])[] = [
  // operations every tool catalogue names in several ways
  ["get", "fetch", "retrieve", "obtain"],
  ["find", "search", "lookup", "locate"],
  ["create", "add", "insert"],
  ["open", "raise", "submit", "create"],
  ["delete", "remove", "erase", "purge"],
  ["update", "modify", "edit", "amend"],
  ["send", "deliver", "dispatch", "transmit"],
  ["login", "authenticate", "logon"],
  ["signup", "register", "enroll"],
  // software senses GloVe's news corpus lacks
  ["ticket", "issue", "bug", "incident", "defect"],
  ["tracker", "jira", "backlog"],
  ["repo", "repository", "codebase"],
  ["commit", "revision"],
  ["email", "mail", "inbox"],
  ["message", "chat", "dm"],
  ["folder", "directory"],
  ["spreadsheet", "sheet", "workbook"],
  ["database", "db"],
  ["url", "link", "hyperlink", "uri"],
  ["website", "webpage", "homepage"],
  ["picture", "image", "photo", "photograph"],
  ["password", "passcode", "passphrase", "credentials"],
  ["container", "docker", "kubernetes"],
  ["deploy", "deployment", "rollout"],
  ["calendar", "agenda", "schedule"],
  ["todo", "task", "checklist"],
];

/**
 * Words BM25 never reads as their group's others, since they have another common reading in
 * requests: open a file, issue a refund, a balance sheet, a bus schedule, add two numbers, raise
 * the volume, link two accounts, a concert ticket, a fitness tracker, a staff directory. A wrong
 * reading costs more than none. They are still read as themselves, and others may be read as them.
 */
const NOT_READ_AS_SYNONYMS: ReadonlySet<string> = new Set([
  "open",
  "issue",
  "sheet",
  "schedule",
  "add",
  "raise",
  "link",
  "ticket",
  "tracker",
  "directory",
]);

/** Groups whose words are related, not the same thing in a request (docker is no kubernetes), by first word. */
const RELATED_ONLY: ReadonlySet<string> = new Set(["tracker", "commit", "container"]);

/** Each readable word's group-mates, analysed once. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const others = new Map<string, Set<string>>();
  for (const group of TOOL_SYNONYMS) {
    if (RELATED_ONLY.has(group[0]!)) continue;
    for (const word of group) {
      if (NOT_READ_AS_SYNONYMS.has(word)) continue;
      const mates = others.get(word) ?? new Set<string>();
      for (const mate of group) if (mate !== word) mates.add(mate);
      others.set(word, mates);
    }
  }
  return new Map(
    [...others].map(([word, mates]) => {
      // "deployment" is "deploy" once stemmed: a word's own terms are no synonyms of it.
      const own = new Set(analyzeText(word));
      return [word, [...new Set([...mates].flatMap((mate) => analyzeText(mate)))].filter((term) => !own.has(term))];
    }),
  );
})();

/**
 * The terms of a request word's synonyms in tool requests ({@link TOOL_SYNONYMS}), for a word
 * the catalogue does not know; `undefined` for a word with none, or one with another common
 * reading.
 *
 * @example
 * synonymTerms("erase")  // ["delet", "remov", "purg"]
 * synonymTerms("ticket") // undefined: a concert ticket is no issue
 */
export function synonymTerms(word: string): readonly string[] | undefined {
  return SYNONYMS.get(word.toLowerCase());
}
