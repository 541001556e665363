import { analyzeText } from "./analyze.js";

/**
 * Short forms people type in requests to tools, with the words tool descriptions spell out
 * instead: "open a PR", "list my repos", "restart the k8s deployment". Each is a common short
 * form in software and office work with one reading there. Short forms with another common
 * reading are left out (`mr` and `mrs` are titles, `desc` is descending, `cal` calories, `doc` a
 * doctor, `tf` Terraform or TensorFlow), since a wrong reading costs more than none.
 */
const LONG_FORMS: Readonly<Record<string, string>> = {
  acct: "account",
  accts: "accounts",
  addr: "address",
  admin: "administrator",
  amt: "amount",
  app: "application",
  apps: "applications",
  appt: "appointment",
  appts: "appointments",
  config: "configuration",
  configs: "configurations",
  db: "database",
  dbs: "databases",
  dept: "department",
  dir: "directory",
  dirs: "directories",
  dm: "direct message",
  dms: "direct messages",
  docs: "documents",
  env: "environment",
  envs: "environments",
  gh: "github",
  img: "image",
  imgs: "images",
  info: "information",
  k8s: "kubernetes",
  mgr: "manager",
  mins: "minutes",
  msg: "message",
  msgs: "messages",
  mtg: "meeting",
  mtgs: "meetings",
  num: "number",
  org: "organization",
  orgs: "organizations",
  pic: "picture",
  pics: "pictures",
  pr: "pull request",
  prs: "pull requests",
  qty: "quantity",
  repo: "repository",
  repos: "repositories",
  stats: "statistics",
  txt: "text",
  tz: "timezone",
  var: "variable",
  vars: "variables",
  vm: "virtual machine",
  vms: "virtual machines",
  yt: "youtube",
};

/** Reads a query word as the terms of its long form; `undefined` for a word that is no short form. */
export type LongForms = (word: string) => string[] | undefined;

/**
 * The reader of a table: the built-in short forms, with `extra` added over them (a key is any
 * one word, compared lower-cased), or none at all with `false`. Each long form is analysed once.
 *
 * @example
 * longForms({ svc: "service" })("SVC") // ["servic"]
 * longForms(false)("repo")             // undefined
 */
export function longForms(extra: Readonly<Record<string, string>> | false = {}): LongForms {
  if (extra === false) return () => undefined;
  const table = new Map(Object.entries(LONG_FORMS));
  for (const [short, long] of Object.entries(extra)) table.set(short.toLowerCase(), long);
  const analysed = new Map<string, string[]>();
  return (word) => {
    const short = word.toLowerCase();
    const long = table.get(short);
    if (long === undefined) return undefined;
    let terms = analysed.get(short);
    if (terms === undefined) analysed.set(short, (terms = analyzeText(long)));
    return terms;
  };
}

/**
 * The terms of a short form's long form in the built-in table, for a query word the catalogue
 * does not know: a catalogue that says `repo` itself keeps matching `repo`, so the reading
 * applies only where the short form would match nothing. `undefined` for a word that is no
 * short form the table knows.
 *
 * @example
 * longFormTerms("PRs") // ["pull", "request"]
 * longFormTerms("k8s") // ["kubernet"]
 * longFormTerms("bug") // undefined
 */
export const longFormTerms: LongForms = longForms();
