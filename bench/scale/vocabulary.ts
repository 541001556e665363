/**
 * Word lists the catalogue generator draws from. Plausible, not real: enough variety that a
 * ranker has to use the words, and enough overlap (the same verb and noun on many servers)
 * that names alone do not give the answer away.
 */

export interface Verb {
  /** Appears in the tool name. */
  word: string;
  /** Opens the description; `{one}` and `{many}` become the noun's singular and plural. */
  phrase: string;
  /** What a user might say instead; queries use these so they are not copies of the name. */
  synonyms: readonly string[];
  /** Parameters this kind of operation takes besides the noun-specific ones. */
  needsId: boolean;
}

export const VERBS: readonly Verb[] = [
  { word: "get", phrase: "Get one {one} by its id", synonyms: ["show", "fetch", "look up", "retrieve"], needsId: true },
  { word: "list", phrase: "List {many}, newest first", synonyms: ["show all", "enumerate", "browse"], needsId: false },
  { word: "create", phrase: "Create a new {one}", synonyms: ["make", "add", "set up"], needsId: false },
  { word: "update", phrase: "Update the fields of an existing {one}", synonyms: ["change", "edit", "modify"], needsId: true },
  { word: "delete", phrase: "Delete a {one} permanently", synonyms: ["remove", "erase", "get rid of"], needsId: true },
  { word: "search", phrase: "Search {many} by a free-text query", synonyms: ["find", "look for", "hunt for"], needsId: false },
  { word: "archive", phrase: "Archive a {one} so it is hidden but kept", synonyms: ["hide", "put away", "shelve"], needsId: true },
  { word: "export", phrase: "Export {many} to a CSV or JSON file", synonyms: ["download", "dump", "back up"], needsId: false },
  { word: "share", phrase: "Share a {one} with other people", synonyms: ["give access to", "send a link to"], needsId: true },
  { word: "assign", phrase: "Assign a {one} to a user", synonyms: ["hand over", "delegate", "give"], needsId: true },
  { word: "comment", phrase: "Add a comment to a {one}", synonyms: ["reply on", "leave a note on", "annotate"], needsId: true },
  { word: "count", phrase: "Count {many} that match a filter", synonyms: ["tally", "total up", "count up"], needsId: false },
  { word: "restore", phrase: "Restore a deleted {one}", synonyms: ["undelete", "recover", "bring back"], needsId: true },
  { word: "sync", phrase: "Synchronise {many} with the remote source", synonyms: ["refresh", "resync", "pull latest"], needsId: false },
  { word: "watch", phrase: "Subscribe to changes on a {one}", synonyms: ["follow", "get notified about", "monitor"], needsId: true },
  { word: "duplicate", phrase: "Make a copy of a {one}", synonyms: ["copy", "clone"], needsId: true },
  { word: "move", phrase: "Move a {one} to another folder or project", synonyms: ["relocate", "transfer"], needsId: true },
  { word: "lock", phrase: "Lock a {one} against further edits", synonyms: ["freeze", "protect"], needsId: true },
  { word: "tag", phrase: "Attach labels to a {one}", synonyms: ["label", "categorise"], needsId: true },
  { word: "summarize", phrase: "Summarise the activity on a {one}", synonyms: ["recap", "give an overview of"], needsId: true },
];

export interface Noun {
  /** Singular, snake_case as it appears in the name. */
  word: string;
  plural: string;
  /** Noun-specific parameters: [name, description]. */
  fields: readonly (readonly [string, string])[];
}

const noun = (word: string, plural: string, ...fields: [string, string][]): Noun => ({ word, plural, fields });

export const NOUNS: readonly Noun[] = [
  noun("issue", "issues", ["title", "Short summary of the issue"], ["labels", "Labels to filter or set"]),
  noun("pull_request", "pull requests", ["base", "Branch to merge into"], ["draft", "Whether it is a draft"]),
  noun("message", "messages", ["text", "Message body"], ["thread", "Thread to post in"]),
  noun("channel", "channels", ["topic", "Channel topic"], ["private", "Whether the channel is private"]),
  noun("file", "files", ["path", "Path of the file"], ["mime_type", "Content type"]),
  noun("folder", "folders", ["path", "Folder path"], ["recursive", "Include subfolders"]),
  noun("user", "users", ["email", "The user's email address"], ["role", "Role in the workspace"]),
  noun("team", "teams", ["members", "User ids of the members"]),
  noun("project", "projects", ["key", "Short project key"], ["visibility", "Who can see it"]),
  noun("task", "tasks", ["due_date", "When the task is due"], ["priority", "Task priority"]),
  noun("event", "events", ["start", "Start time"], ["attendees", "People to invite"]),
  noun("invoice", "invoices", ["amount", "Total amount"], ["currency", "ISO currency code"]),
  noun("payment", "payments", ["amount", "Amount to charge"], ["method", "Payment method"]),
  noun("customer", "customers", ["email", "Customer email"], ["segment", "Customer segment"]),
  noun("order", "orders", ["status", "Fulfilment status"], ["placed_after", "Only orders placed after this date"]),
  noun("product", "products", ["sku", "Stock keeping unit"], ["price", "Unit price"]),
  noun("ticket", "tickets", ["subject", "Ticket subject"], ["requester", "Who opened it"]),
  noun("alert", "alerts", ["severity", "Alert severity"], ["source", "Emitting system"]),
  noun("incident", "incidents", ["severity", "Incident severity"], ["service", "Affected service"]),
  noun("dashboard", "dashboards", ["panels", "Panels to show"]),
  noun("deployment", "deployments", ["environment", "Target environment"], ["version", "Version to deploy"]),
  noun("container", "containers", ["image", "Container image"], ["ports", "Ports to expose"]),
  noun("database", "databases", ["engine", "Database engine"], ["size_gb", "Storage size in GB"]),
  noun("table", "tables", ["schema", "Schema name"], ["columns", "Column definitions"]),
  noun("record", "records", ["fields", "Field values"]),
  noun("document", "documents", ["title", "Document title"], ["content", "Document body"]),
  noun("page", "pages", ["parent", "Parent page"], ["title", "Page title"]),
  noun("label", "labels", ["color", "Label colour"]),
  noun("branch", "branches", ["from_ref", "Ref to branch from"]),
  noun("commit", "commits", ["sha", "Commit hash"], ["author", "Commit author"]),
  noun("release", "releases", ["tag", "Release tag"], ["notes", "Release notes"]),
  noun("webhook", "webhooks", ["url", "Callback URL"], ["events", "Events that trigger it"]),
  noun("report", "reports", ["period", "Reporting period"], ["format", "Output format"]),
  noun("contact", "contacts", ["phone", "Phone number"], ["company", "Company name"]),
  noun("lead", "leads", ["source", "Where the lead came from"], ["score", "Lead score"]),
  noun("subscription", "subscriptions", ["plan", "Billing plan"], ["renews_at", "Renewal date"]),
  noun("playlist", "playlists", ["tracks", "Track ids"]),
  noun("video", "videos", ["duration", "Length in seconds"], ["resolution", "Video resolution"]),
  noun("post", "posts", ["body", "Post text"], ["visibility", "Audience"]),
  noun("meeting", "meetings", ["start", "Start time"], ["agenda", "Meeting agenda"]),
  noun("booking", "bookings", ["slot", "Time slot"], ["guest", "Guest name"]),
  noun("secret", "secrets", ["value", "Secret value"], ["ttl", "Time to live"]),
  noun("bucket", "buckets", ["region", "Storage region"], ["versioning", "Keep object versions"]),
  noun("cluster", "clusters", ["node_count", "Number of nodes"], ["region", "Cloud region"]),
  noun("pipeline", "pipelines", ["stages", "Pipeline stages"], ["trigger", "What starts it"]),
  noun("build", "builds", ["commit", "Commit to build"], ["target", "Build target"]),
  noun("package", "packages", ["version", "Package version"], ["registry", "Package registry"]),
  noun("forecast", "forecasts", ["location", "City or coordinates"], ["days", "Days ahead"]),
  noun("route", "routes", ["origin", "Start point"], ["destination", "End point"]),
  noun("note", "notes", ["body", "Note text"]),
  noun("survey", "surveys", ["questions", "Survey questions"]),
  noun("workflow", "workflows", ["steps", "Workflow steps"], ["trigger", "Trigger condition"]),
  noun("account", "accounts", ["owner", "Account owner"], ["tier", "Service tier"]),
  noun("role", "roles", ["permissions", "Granted permissions"]),
  noun("domain", "domains", ["hostname", "Fully qualified host name"], ["dns_records", "DNS records"]),
  noun("certificate", "certificates", ["common_name", "Certificate common name"], ["expires_at", "Expiry date"]),
  noun("backup", "backups", ["retention_days", "How long to keep it"]),
  noun("snapshot", "snapshots", ["volume", "Volume to snapshot"]),
  noun("log", "logs", ["level", "Minimum log level"], ["since", "Earliest timestamp"]),
  noun("metric", "metrics", ["aggregation", "How to aggregate"], ["interval", "Sampling interval"]),
  noun("notification", "notifications", ["channel", "Delivery channel"], ["read", "Whether it was read"]),
  noun("expense", "expenses", ["category", "Expense category"], ["receipt", "Receipt image"]),
  noun("shipment", "shipments", ["carrier", "Shipping carrier"], ["tracking_number", "Tracking number"]),
  noun("recipe", "recipes", ["ingredients", "Ingredient list"], ["servings", "Number of servings"]),
  noun("song", "songs", ["artist", "Artist name"], ["album", "Album name"]),
];

/** Server slug and how people write it. */
export const SERVERS: readonly (readonly [string, string])[] = [
  ["github", "GitHub"], ["gitlab", "GitLab"], ["bitbucket", "Bitbucket"], ["slack", "Slack"], ["discord", "Discord"],
  ["teams", "Microsoft Teams"], ["telegram", "Telegram"], ["jira", "Jira"], ["linear", "Linear"], ["asana", "Asana"],
  ["trello", "Trello"], ["notion", "Notion"], ["confluence", "Confluence"], ["gmail", "Gmail"], ["outlook", "Outlook"],
  ["gcal", "Google Calendar"], ["gdrive", "Google Drive"], ["dropbox", "Dropbox"], ["box", "Box"], ["s3", "Amazon S3"],
  ["postgres", "PostgreSQL"], ["mysql", "MySQL"], ["redis", "Redis"], ["mongo", "MongoDB"], ["elastic", "Elasticsearch"],
  ["stripe", "Stripe"], ["paypal", "PayPal"], ["shopify", "Shopify"], ["woo", "WooCommerce"], ["salesforce", "Salesforce"],
  ["hubspot", "HubSpot"], ["pipedrive", "Pipedrive"], ["zendesk", "Zendesk"], ["intercom", "Intercom"], ["freshdesk", "Freshdesk"],
  ["twilio", "Twilio"], ["sendgrid", "SendGrid"], ["mailchimp", "Mailchimp"], ["sentry", "Sentry"], ["datadog", "Datadog"],
  ["grafana", "Grafana"], ["pagerduty", "PagerDuty"], ["opsgenie", "Opsgenie"], ["k8s", "Kubernetes"], ["docker", "Docker"],
  ["ec2", "Amazon EC2"], ["gcp", "Google Cloud"], ["azure", "Azure"], ["vercel", "Vercel"], ["netlify", "Netlify"],
  ["cloudflare", "Cloudflare"], ["terraform", "Terraform Cloud"], ["jenkins", "Jenkins"], ["circleci", "CircleCI"], ["npm", "npm"],
  ["figma", "Figma"], ["airtable", "Airtable"], ["spotify", "Spotify"], ["youtube", "YouTube"], ["reddit", "Reddit"],
  ["mastodon", "Mastodon"], ["weather", "OpenWeather"], ["maps", "Google Maps"], ["zoom", "Zoom"], ["calendly", "Calendly"],
  ["quickbooks", "QuickBooks"], ["xero", "Xero"], ["okta", "Okta"], ["auth0", "Auth0"], ["vault", "HashiCorp Vault"],
  ["supabase", "Supabase"], ["firebase", "Firebase"], ["typeform", "Typeform"], ["expensify", "Expensify"], ["shippo", "Shippo"],
];

/** Second sentences for descriptions; `{one}`/`{many}` as in {@link Verb.phrase}. */
export const DETAILS: readonly string[] = [
  "Returns the {one}'s id, name and status.",
  "Results are paginated; pass the cursor from the previous page.",
  "Needs write access to the workspace.",
  "Fails if the {one} does not exist or you lack permission.",
  "Use this when the user refers to {many} by name rather than id.",
  "Changes are visible to everyone who can see the {one}.",
  "Rate limited to 60 calls per minute.",
  "Dates are ISO 8601 in UTC.",
];

/** Generic parameters any tool may take: [name, description]. */
export const COMMON_PARAMS: readonly (readonly [string, string])[] = [
  ["limit", "Maximum number of results"],
  ["cursor", "Pagination cursor"],
  ["workspace", "Workspace or organisation"],
  ["include_archived", "Also return archived items"],
  ["fields", "Fields to return"],
  ["dry_run", "Validate without applying"],
];
