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

/**
 * The terms of a short form's long form, for a query word the catalogue does not know: a
 * catalogue that says `repo` itself keeps matching `repo`, so the reading applies only where the
 * short form would match nothing. `undefined` for a word that is no short form this table knows.
 *
 * @example
 * longFormTerms("PRs") // ["pull", "request"]
 * longFormTerms("k8s") // ["kubernet"]
 * longFormTerms("bug") // undefined
 */
export function longFormTerms(word: string): string[] | undefined {
  const long = Object.hasOwn(LONG_FORMS, word.toLowerCase()) ? LONG_FORMS[word.toLowerCase()] : undefined;
  return long === undefined ? undefined : analyzeText(long);
}
