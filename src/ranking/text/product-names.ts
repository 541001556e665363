import { MAX_ANALYSED_CHARS } from "./limits.js";
import { splitIdentifier, splitWords } from "./split-identifier.js";

/**
 * Names of widely used products and services that a request names when it wants that product:
 * "create a Jira ticket", "what's on my Google Calendar". Written in lower case as words
 * (`splitWords`), a name of several words as a phrase. Only names that are not also everyday
 * words are here: `slack`, `notion`, `zoom`, `box`, `linear`, `teams`, `outlook`, `monday`,
 * `snowflake` and `signal` name products, but "cut the slack" and "zoom into the map" do not,
 * and a name read wrongly costs more than one not read.
 */
const PRODUCT_NAMES: readonly string[] = [
  "airbnb",
  "airtable",
  "amazon",
  "ansible",
  "apple music",
  "asana",
  "aws",
  "azure",
  "bigquery",
  "binance",
  "bitbucket",
  "calendly",
  "canva",
  "circleci",
  "clickup",
  "cloudflare",
  "coinbase",
  "confluence",
  "databricks",
  "datadog",
  "digitalocean",
  "discord",
  "docusign",
  "doordash",
  "dropbox",
  "ebay",
  "elasticsearch",
  "etsy",
  "evernote",
  "expedia",
  "facebook",
  "fedex",
  "figma",
  "firebase",
  "freshdesk",
  "github",
  "gitlab",
  "gmail",
  "google analytics",
  "google calendar",
  "google docs",
  "google drive",
  "google forms",
  "google maps",
  "google sheets",
  "grafana",
  "heroku",
  "hubspot",
  "imdb",
  "instacart",
  "instagram",
  "intercom",
  "jenkins",
  "jira",
  "kubernetes",
  "linkedin",
  "lyft",
  "mailchimp",
  "microsoft teams",
  "mongodb",
  "mysql",
  "netflix",
  "netlify",
  "new relic",
  "onedrive",
  "onenote",
  "opentable",
  "pagerduty",
  "paypal",
  "pinterest",
  "postgres",
  "postgresql",
  "quickbooks",
  "reddit",
  "redis",
  "robinhood",
  "salesforce",
  "sendgrid",
  "sentry",
  "servicenow",
  "sharepoint",
  "shopify",
  "snapchat",
  "splunk",
  "spotify",
  "strava",
  "stripe",
  "supabase",
  "telegram",
  "terraform",
  "tiktok",
  "todoist",
  "trello",
  "twilio",
  "twitch",
  "twitter",
  "uber",
  "vercel",
  "venmo",
  "whatsapp",
  "wikipedia",
  "xero",
  "yelp",
  "youtube",
  "zendesk",
];

/**
 * Names of one product, or of a company and its platform that tools describe by either name:
 * S3 tools say "AWS" and a request says "Amazon's blob storage". A tool that names one names
 * them all, for {@link productsOfTool}: a request is then never told a catalogue lacks a
 * product it has under its other name. (Amazon the shop goes with it: the cost is an unmarked
 * shopping request where an AWS server is, not a wrong mark.)
 */
const SAME_PRODUCT: readonly (readonly string[])[] = [
  ["amazon", "aws"],
  ["postgres", "postgresql"],
];

/** Each name's words, under its first word, so a text is scanned once whatever the list's length. */
const BY_FIRST_WORD: ReadonlyMap<string, readonly (readonly string[])[]> = (() => {
  const byFirst = new Map<string, string[][]>();
  for (const name of PRODUCT_NAMES) {
    const words = name.split(" ");
    const list = byFirst.get(words[0]!) ?? [];
    list.push(words);
    byFirst.set(words[0]!, list);
  }
  return byFirst;
})();

/** The product names (see the list above) a run of words holds, each once, in the order met. */
function namesIn(words: readonly string[], into: Set<string>): void {
  for (let i = 0; i < words.length; i++) {
    for (const name of BY_FIRST_WORD.get(words[i]!) ?? []) {
      if (name.every((word, offset) => words[i + offset] === word)) into.add(name.join(" "));
    }
  }
}

/**
 * The widely used products a request names, in lower case: `["jira"]` for "Create a Jira
 * ticket", `["google calendar"]` for "what's on my Google Calendar". Only names that are not
 * everyday words count (see the list), so most requests name none.
 *
 * @example
 * ```ts
 * productsNamed("open a Jira ticket and post it on GitHub"); // ["jira", "github"]
 * productsNamed("zoom into the chart"); // []
 * productsNamed("mail jane@gmail.com"); // []
 * ```
 */
export function productsNamed(request: string): string[] {
  const found = new Set<string>();
  const words = request
    .slice(0, MAX_ANALYSED_CHARS)
    .split(/\s+/)
    .filter((chunk) => !ADDRESS.test(chunk));
  namesIn(splitWords(words.join(" ")), found);
  return [...found];
}

/**
 * What marks a run of non-space characters as an e-mail address, a URL or a host name:
 * `jane@gmail.com` names an address, not Gmail, and `postgres://db` a connection, not a
 * request for Postgres. Tested per run, so the work is linear in the request's length.
 */
const ADDRESS = /@|:\/\/|[\p{L}\p{N}]\.\p{L}/u;

/**
 * The widely used products a tool's text names: its name and server read both as written and
 * split as identifiers (`pagerduty__list`, `PagerDutyIncidents`), and its description as prose.
 * A tool of a product nearly always names it, in one of these; another name of the same
 * product (see `SAME_PRODUCT`) is added beside it.
 */
export function productsOfTool(tool: { name: string; server?: string; description: string }, into: Set<string>): void {
  for (const identifier of [tool.name, tool.server ?? ""]) {
    namesIn(splitWords(identifier), into);
    namesIn(splitIdentifier(identifier), into);
  }
  namesIn(splitWords(tool.description), into);
  for (const names of SAME_PRODUCT) if (names.some((name) => into.has(name))) for (const name of names) into.add(name);
}
