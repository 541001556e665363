/**
 * Word lists of the skewed catalogue generator, each in order of how common its words are:
 * the generator draws them with Zipf frequencies by list position, so the first verbs and
 * nouns are shared by thousands of tools, as "get", "list", "user" and "id" are in real ones.
 */

/** A verb a tool name starts with. */
export interface SkewedVerb {
  word: string;
  /** It acts on one existing thing, so the tool takes that thing's id. */
  needsId: boolean;
  /** Descriptions and queries use the plural noun ("list invoices"). */
  plural: boolean;
}

const verb = (word: string, needsId: boolean, plural = false): SkewedVerb => ({ word, needsId, plural });

/** 40 verbs, most common first. */
export const SKEWED_VERBS: readonly SkewedVerb[] = [
  verb("get", true),
  verb("list", false, true),
  verb("create", false),
  verb("update", true),
  verb("delete", true),
  verb("search", false, true),
  verb("add", false),
  verb("remove", true),
  verb("send", false),
  verb("set", true),
  verb("find", false, true),
  verb("check", true),
  verb("run", true),
  verb("cancel", true),
  verb("export", false, true),
  verb("import", false, true),
  verb("upload", false),
  verb("download", true),
  verb("move", true),
  verb("copy", true),
  verb("share", true),
  verb("archive", true),
  verb("restore", true),
  verb("assign", true),
  verb("close", true),
  verb("open", true),
  verb("start", true),
  verb("stop", true),
  verb("schedule", false),
  verb("approve", true),
  verb("reject", true),
  verb("sync", false, true),
  verb("merge", true),
  verb("publish", true),
  verb("invite", false),
  verb("link", true),
  verb("tag", true),
  verb("count", false, true),
  verb("validate", true),
  verb("refresh", true),
];

/**
 * 300 nouns, most common first. Multi-word nouns use `_` (they become two words in names and
 * descriptions); plurals follow the regular English rules (see {@link pluralOf}).
 */
export const SKEWED_NOUNS: readonly string[] = `
user item file order customer project message record account event
task issue document report invoice payment team note comment page
product contact ticket group folder channel list status job workspace
member setting role permission service request image table meeting calendar
repository branch label tag template email subscription plan price
transaction refund balance card address location device session token key
campaign lead deal company organization employee schedule shift booking reservation
course lesson student grade class assignment exam certificate enrollment attendance
post thread reply reaction mention notification alert incident metric dashboard
log trace span deployment release build pipeline artifact container cluster
node pod volume bucket object snapshot backup database query index
schema column row view dataset model experiment run prediction feature
secret policy rule webhook integration connection credential certificate_request domain record_set
server instance region zone network subnet firewall gateway route endpoint
package version dependency module library plugin extension theme widget component
form field response survey question answer poll vote rating review
article post_draft category collection playlist track album artist video stream
photo gallery asset media attachment link bookmark shortcut
contract agreement quote proposal estimate budget expense receipt vendor supplier
shipment delivery package_label carrier warehouse inventory stock sku variant bundle
cart checkout coupon discount promotion voucher gift_card loyalty_point reward referral
patient appointment prescription visit doctor clinic insurance claim diagnosis lab_result
property listing tenant lease unit building room floor desk space
vehicle trip driver fleet fuel_log route_plan stop parcel pickup drop_off
goal milestone sprint epic story backlog board column_group swimlane cycle
meeting_note agenda minute decision action_item follow_up reminder todo checklist habit
recipe ingredient menu dish restaurant table_booking review_reply supplier_order kitchen shift_swap
device_group sensor reading firmware alarm threshold zone_map beacon gateway_device telemetry
invoice_line payout tax_rate ledger journal_entry fiscal_period payroll timesheet bonus reimbursement
candidate job_posting interview offer onboarding_task training skill review_cycle feedback objective
api_key audit_log access_token
`
  .split(/\s+/)
  .filter((word) => word !== "");

/**
 * Rarer words that make two tools on the same server with the same verb and noun distinct
 * (`billing__update_invoice_recurring`); descriptions use them as adjectives.
 */
export const SKEWED_QUALIFIERS: readonly string[] = `
recurring draft archived pending shared public private bulk default primary
external internal legacy scheduled active deleted failed recent starred pinned
custom global local remote temporary permanent monthly weekly daily yearly
open closed paid unpaid overdue blocked flagged hidden verified unverified
incoming outgoing signed unsigned approved rejected expired trial premium basic
nested linked orphaned duplicate merged split partial complete empty encrypted
compressed cached stale fresh regional mobile desktop offline online batch
sandbox staging production preview beta stable experimental deprecated managed unmanaged
inbound outbound upcoming past favorite muted silent urgent critical minor
major secondary parent child root summary detailed raw annotated tagged
untagged sorted filtered grouped ranked weighted estimated actual planned projected
`
  .split(/\s+/)
  .filter((word) => word !== "");

/** Words after "by" in descriptions and queries, most common first; each is also a parameter. */
export const SKEWED_BY_FIELDS: readonly string[] = [
  "date",
  "id",
  "name",
  "status",
  "email",
  "type",
  "owner",
  "time",
  "tag",
  "region",
];

/** Server slugs and how people write them; a catalogue uses about one per 40 tools, at most all 75. */
export const SERVERS: readonly (readonly [string, string])[] = [
  ["github", "GitHub"],
  ["gitlab", "GitLab"],
  ["bitbucket", "Bitbucket"],
  ["slack", "Slack"],
  ["discord", "Discord"],
  ["teams", "Microsoft Teams"],
  ["telegram", "Telegram"],
  ["jira", "Jira"],
  ["linear", "Linear"],
  ["asana", "Asana"],
  ["trello", "Trello"],
  ["notion", "Notion"],
  ["confluence", "Confluence"],
  ["gmail", "Gmail"],
  ["outlook", "Outlook"],
  ["gcal", "Google Calendar"],
  ["gdrive", "Google Drive"],
  ["dropbox", "Dropbox"],
  ["box", "Box"],
  ["s3", "Amazon S3"],
  ["postgres", "PostgreSQL"],
  ["mysql", "MySQL"],
  ["redis", "Redis"],
  ["mongo", "MongoDB"],
  ["elastic", "Elasticsearch"],
  ["stripe", "Stripe"],
  ["paypal", "PayPal"],
  ["shopify", "Shopify"],
  ["woo", "WooCommerce"],
  ["salesforce", "Salesforce"],
  ["hubspot", "HubSpot"],
  ["pipedrive", "Pipedrive"],
  ["zendesk", "Zendesk"],
  ["intercom", "Intercom"],
  ["freshdesk", "Freshdesk"],
  ["twilio", "Twilio"],
  ["sendgrid", "SendGrid"],
  ["mailchimp", "Mailchimp"],
  ["sentry", "Sentry"],
  ["datadog", "Datadog"],
  ["grafana", "Grafana"],
  ["pagerduty", "PagerDuty"],
  ["opsgenie", "Opsgenie"],
  ["k8s", "Kubernetes"],
  ["docker", "Docker"],
  ["ec2", "Amazon EC2"],
  ["gcp", "Google Cloud"],
  ["azure", "Azure"],
  ["vercel", "Vercel"],
  ["netlify", "Netlify"],
  ["cloudflare", "Cloudflare"],
  ["terraform", "Terraform Cloud"],
  ["jenkins", "Jenkins"],
  ["circleci", "CircleCI"],
  ["npm", "npm"],
  ["figma", "Figma"],
  ["airtable", "Airtable"],
  ["spotify", "Spotify"],
  ["youtube", "YouTube"],
  ["reddit", "Reddit"],
  ["mastodon", "Mastodon"],
  ["weather", "OpenWeather"],
  ["maps", "Google Maps"],
  ["zoom", "Zoom"],
  ["calendly", "Calendly"],
  ["quickbooks", "QuickBooks"],
  ["xero", "Xero"],
  ["okta", "Okta"],
  ["auth0", "Auth0"],
  ["vault", "HashiCorp Vault"],
  ["supabase", "Supabase"],
  ["firebase", "Firebase"],
  ["typeform", "Typeform"],
  ["expensify", "Expensify"],
  ["shippo", "Shippo"],
];

/** How a second noun attaches to the first: "the invoice of a customer". */
export const SKEWED_OWNER_LINKS: readonly string[] = ["of", "for", "in"];

/** Common parameters any tool may take, most common first: [name, description]. */
export const SKEWED_PARAMS: readonly (readonly [string, string])[] = [
  ["id", "The id of the item"],
  ["limit", "The most items to return"],
  ["query", "Words to search for"],
  ["name", "The name of the item"],
  ["status", "The status to set or filter by"],
  ["date", "The date, in ISO format"],
  ["customer_id", "The id of the customer"],
  ["user_id", "The id of the user"],
  ["email", "The email address"],
  ["start_date", "The first date to include"],
  ["end_date", "The last date to include"],
  ["cursor", "Where the next page starts"],
  ["page", "The page number"],
  ["sort", "The field to sort by"],
  ["fields", "The fields to return"],
  ["account_id", "The id of the account"],
  ["project_id", "The id of the project"],
  ["order_id", "The id of the order"],
  ["type", "The type of the item"],
  ["description", "A short description"],
  ["tags", "Tags to set or filter by"],
  ["owner_id", "The id of the owner"],
  ["include_archived", "Also return archived items"],
  ["format", "The output format"],
  ["notes", "Free text notes"],
];

/**
 * Second sentences of descriptions, in common words: `{one}` is the noun, `{many}` its plural,
 * `{verb}` the tool's verb.
 */
export const SKEWED_DETAILS: readonly string[] = [
  "Returns the {one} with its id, name and status.",
  "Use it when the user asks to {verb} {many}.",
  "The {one} must exist and you need access to it.",
  "Results are sorted by date and limited to one page.",
  "Only {many} you can see are included.",
  "Fails if the {one} is not found.",
  "Takes the id of the {one} and returns its new state.",
  "Dates use the ISO format.",
];

/**
 * Query shapes: `{rest}` is "[qualifier ]noun[ of an owner][ by field][ in Server]", `{a rest}`
 * the same with "a" or "an" in front. `plural` shapes take the plural noun.
 */
export const SKEWED_QUERY_TEMPLATES: readonly { text: string; plural: boolean }[] = [
  { text: "{verb} the {rest}", plural: false },
  { text: "{verb} {a rest}", plural: false },
  { text: "I need to {verb} the {rest}", plural: false },
  { text: "can you {verb} {rest}", plural: true },
  { text: "please {verb} all {rest}", plural: true },
  { text: "{verb} the {rest}", plural: true },
];

/** "a" or "an" before a phrase, by its first letters ("an invoice", "a user", "an unpaid bill"). */
export function withArticle(phrase: string): string {
  return `${/^(?:[aeio]|u(?![bcdfghjklmnpqrstvwxz][aeiouy]))/.test(phrase) ? "an" : "a"} ${phrase}`;
}

/** The plural of a noun written with spaces: regular English rules, applied to its last word. */
export function pluralOf(phrase: string): string {
  if (/[^aeiou]y$/.test(phrase)) return `${phrase.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(phrase)) return `${phrase}es`;
  return `${phrase}s`;
}
