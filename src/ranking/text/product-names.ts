import { MAX_ANALYSED_CHARS } from "./limits.js";
import { splitIdentifier, splitWords, WORD_GAP } from "./split-identifier.js";

/**
 * Names of widely used products and services that a request names when it wants that product:
 * "create a Jira ticket", "what's on my Google Calendar". Written in lower case as words
 * (`splitWords`), a name of several words as a phrase. Only names that are not also everyday
 * words are here: `slack`, `notion`, `zoom`, `box`, `linear`, `teams`, `outlook`, `monday`,
 * `snowflake` and `signal` name products, but "cut the slack" and "zoom into the map" do not,
 * and a name read wrongly costs more than one not read (some of them are read when capitalised:
 * see `CAPITALISED_PRODUCT_NAMES`).
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
 * Names of products that are also everyday words, read in a request only as a name is written:
 * with a capital first letter, not at the start of a sentence ("post it on Slack", "the Notion
 * page", "a Zoom call"), where "zoom into the map" or "Zoom in." is the word. In a tool's text
 * they count in any case, so a catalogue with a zoom tool is never told it lacks Zoom. `linear`,
 * `teams`, `box`, `signal` and `monday` stay out: "Linear Regression", "Platform Teams", "next
 * Monday" are capitalised mid-sentence without naming the product.
 */
const CAPITALISED_PRODUCT_NAMES: readonly string[] = ["notion", "outlook", "slack", "snowflake", "zoom"];
const EVERYDAY: ReadonlySet<string> = new Set(CAPITALISED_PRODUCT_NAMES);

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
  for (const name of [...PRODUCT_NAMES, ...CAPITALISED_PRODUCT_NAMES]) {
    const words = name.split(" ");
    const list = byFirst.get(words[0]!) ?? [];
    list.push(words);
    byFirst.set(words[0]!, list);
  }
  return byFirst;
})();

/** The product names (see the lists above) a run of words holds, each once, in the order met; `everyday` reads the capitalised list's too. */
function namesIn(words: readonly string[], into: Set<string>, everyday = true): void {
  for (let i = 0; i < words.length; i++) {
    for (const name of BY_FIRST_WORD.get(words[i]!) ?? []) {
      if (!everyday && name.length === 1 && EVERYDAY.has(name[0]!)) continue;
      if (name.every((word, offset) => words[i + offset] === word)) into.add(name.join(" "));
    }
  }
}

/**
 * The widely used products a request names, in lower case: `["jira"]` for "Create a Jira
 * ticket", `["google calendar"]` for "what's on my Google Calendar". Only names that are not
 * everyday words count (see the list), and the few that are only when written as a name ("post
 * it on Slack"; see `CAPITALISED_PRODUCT_NAMES`), so most requests name none. Those come last.
 *
 * @example
 * ```ts
 * productsNamed("open a Jira ticket and post it on GitHub"); // ["jira", "github"]
 * productsNamed("zoom into the chart"); // []
 * productsNamed("Zoom in, then share it on Slack"); // ["slack"]
 * productsNamed("mail jane@gmail.com"); // []
 * ```
 */
export function productsNamed(request: string): string[] {
  const found = new Set<string>();
  const chunks = [...request.slice(0, MAX_ANALYSED_CHARS).matchAll(/(\s*)(\S+)/g)].filter(
    ([, , chunk]) => !ADDRESS.test(chunk!),
  );
  namesIn(splitWords(chunks.map(([, , chunk]) => chunk).join(" ")), found, false);
  let sentenceStart = true;
  for (const [, space, chunk] of chunks) {
    if (space!.includes("\n")) sentenceStart = true;
    // The chunk's first word opens the sentence when the chunk does, behind a quote or bracket too.
    const words = chunk!.split(WORD_GAP).filter((word) => word !== "");
    words.forEach((word, i) => {
      const lower = word.toLowerCase();
      const capitalised = word.length > 1 && word[0] !== lower[0] && word.slice(1) === lower.slice(1);
      if (capitalised && EVERYDAY.has(lower) && !(i === 0 && sentenceStart)) found.add(lower);
    });
    sentenceStart = /[.!?:;]["')\]]*$/.test(chunk!);
  }
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
