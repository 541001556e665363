/**
 * Words that mean the same thing in requests to tools, for retrofitting the GloVe vectors
 * (see retrofit.ts). GloVe learnt its senses from news and Wikipedia, where a "ticket" is for a
 * flight and an "issue" is a topic; here they are both items in a tracker. Written for toolsift
 * from general software and everyday vocabulary, not derived from any dataset.
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
