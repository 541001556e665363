/**
 * Requests written for the tools of the servers in \`real-mcp-servers.ts\`, by toolsift's developers,
 * as a user of an agent with those servers might type them: a task, rarely in the tool's own words.
 * Where two servers offer the same thing (three browsers, four web searches, two file servers) a
 * request names the product, as a user with both would, or is left out: a label that one of two
 * equal tools is right would measure the label. Each request's kind is read from it when the
 * dataset is built (\`requestKind\`), not labelled here.
 *
 * They were written from the tools' names and descriptions before any ranking was run on them,
 * and no ranking constant is chosen on them.
 */

/** One request and the tools (\`<server>__<tool>\`) that answer it; none for a request no tool answers. */
export interface RealMcpRequest {
  query: string;
  expected: readonly string[];
}

/** Requests one tool of \`server\` answers, keyed by the request, valued by the tool's own name. */
function on(server: string, requests: Readonly<Record<string, string>>): RealMcpRequest[] {
  return Object.entries(requests).map(([query, tool]) => ({ query, expected: [`${server}__${tool}`] }));
}

/** Every request of the bench: one tool's, then several tools', then none's. */
export const REAL_MCP_REQUESTS: readonly RealMcpRequest[] = [
  ...on("brave-search", {
    "search brave for the latest news about the James Webb telescope": "brave_web_search",
    "use Brave to find a few articles on what people think of the EU AI act": "brave_web_search",
    "ask Brave for pizza places near me that are open right now": "brave_local_search",
    "look up local businesses: dry cleaners in Lyon": "brave_local_search",
  }),
  ...on("everything", {
    "add 17 and 25 together": "get-sum",
    "show me which environment variables the server process can see": "get-env",
    "compress this file with gzip": "gzip-file-as-resource",
    "kick off a slow job that reports its progress as it goes": "trigger-long-running-operation",
  }),
  ...on("filesystem", {
    "show me what's inside the config folder, with how big each entry is": "list_directory_with_sizes",
    "which folders am I permitted to touch": "list_allowed_directories",
    "show the nested layout of the src folder as a tree": "directory_tree",
  }),
  ...on("github", {
    "open a GitHub pull request from feature/login into main": "create_pull_request",
    "fork vercel/next.js on GitHub into my account": "fork_repository",
    "who has approved or requested changes on PR 42": "get_pull_request_reviews",
    "are the CI checks green on pull request 88": "get_pull_request_status",
    "merge pull request 12 with a squash": "merge_pull_request",
    "file a bug report on GitHub in acme/api saying the login page crashes": "create_issue",
    "which files did PR 301 touch": "get_pull_request_files",
    "find where the function parseConfig is defined across all of our repos": "search_code",
    "show the last ten commits on the develop branch": "list_commits",
    "close issue 77 and relabel it as wontfix": "update_issue",
    "search github users named torvalds": "search_users",
    "bring my PR's branch up to date with main": "update_pull_request_branch",
  }),
  ...on("google-maps", {
    "get driving directions from Berlin to Hamburg": "maps_directions",
    "what are the latitude and longitude of 10 Downing Street": "maps_geocode",
    "which street address is at 48.8584, 2.2945": "maps_reverse_geocode",
    "how high above sea level is Denver": "maps_elevation",
    "how long would it take to drive from each of our three warehouses to each store": "maps_distance_matrix",
    "opening hours and phone number of the Louvre": "maps_place_details",
  }),
  ...on("memory", {
    "remember that Alice works at Acme and is the team lead": "create_entities",
    "add an observation to the entity Bob that he prefers email": "add_observations",
    "what do you know about project Phoenix from earlier conversations": "search_nodes",
    "forget everything you stored about Charlie": "delete_entities",
    "dump everything you have memorised": "read_graph",
    "record that Alice manages Bob": "create_relations",
  }),
  ...on("postgres", {
    "how many orders did we get last month, from our postgres database": "query",
    "run a read-only SQL query to count users": "query",
  }),
  ...on("puppeteer", {
    "take a puppeteer screenshot of the current page": "puppeteer_screenshot",
    "use puppeteer to open https://example.com": "puppeteer_navigate",
    "with puppeteer, type my email address into the login box": "puppeteer_fill",
    "in the puppeteer browser press the Submit button": "puppeteer_click",
    "have puppeteer run document.title in the page and tell me the result": "puppeteer_evaluate",
  }),
  ...on("sequential-thinking", {
    "let's reason through this tricky scheduling problem step by step, revising as we go": "sequentialthinking",
  }),
  ...on("slack", {
    "post a message to the #general Slack channel": "slack_post_message",
    "what has been said in #incidents today": "slack_get_channel_history",
    "react with a thumbs-up to that message": "slack_add_reaction",
    "answer Dana inside the thread about the outage": "slack_reply_to_thread",
    "what's Dana's title and time zone": "slack_get_user_profile",
    "which channels exist in our workspace": "slack_list_channels",
  }),
  ...on("sentry", {
    "which errors have been hitting production in the checkout project since yesterday": "search_issues",
    "mark Sentry issue PROJ-123 as resolved": "update_issue",
    "how many 500 errors did the api service throw in the last hour": "search_events",
    "why does this crash keep happening? dig into the root cause and suggest a code fix": "analyze_issue_with_seer",
    "find projects in our Sentry organization": "find_projects",
  }),
  ...on("firecrawl", {
    "have firecrawl grab https://example.com/pricing as markdown": "firecrawl_scrape",
    "use firecrawl to list every URL on docs.example.com without downloading the pages": "firecrawl_map",
    "start a firecrawl crawl of the whole blog at example.com/blog": "firecrawl_crawl",
    "is that crawl job I started finished yet": "firecrawl_check_crawl_status",
    "tell me when the competitor's pricing page changes; check it every day": "firecrawl_monitor_create",
    "find academic papers on retrieval-augmented generation": "firecrawl_research_search_papers",
    "how many firecrawl credits do we have left": "firecrawl_credit_usage",
    "turn this PDF into markdown: https://example.com/report.pdf": "firecrawl_parse",
  }),
  ...on("hubspot", {
    "add these five new leads to our CRM as contacts": "hubspot-batch-create-objects",
    "find all HubSpot deals over $10,000 closing this quarter": "hubspot-search-objects",
    "log a call note against the Acme company record in HubSpot": "hubspot-create-engagement",
    "what custom fields do HubSpot contacts have": "hubspot-list-properties",
    "link this HubSpot contact to the Acme company": "hubspot-batch-create-associations",
    "show our HubSpot automation workflows": "hubspot-list-workflows",
    "change the stage of these three HubSpot deals to closed won": "hubspot-batch-update-objects",
  }),
  ...on("notion", {
    "find the Notion page titled Q3 roadmap": "API-post-search",
    "add a new page to my Notion workspace with meeting notes": "API-post-page",
    "leave a comment on that Notion page saying it's approved": "API-create-a-comment",
    "filter my Notion tasks database to the ones due this week": "API-query-data-source",
    "who are the members of our Notion workspace": "API-get-users",
    "give me the Notion page as markdown": "API-retrieve-page-markdown",
    "append a checklist to the bottom of the Notion page": "API-patch-block-children",
  }),
  ...on("chrome-devtools", {
    "run a Lighthouse audit of the page for accessibility and SEO": "lighthouse_audit",
    "record a performance trace while the page loads to find what slows it down": "performance_start_trace",
    "capture a heap snapshot to look for a memory leak in the tab": "take_heapsnapshot",
    "what CSS rules apply to the header element in Chrome DevTools": "get_css_styles",
    "pretend to be a slow 3G phone while testing the page in Chrome": "emulate",
    "record a video of the page in Chrome while I click around": "screencast_start",
  }),
  ...on("playwright", {
    "with playwright, go back to the previous page": "browser_navigate_back",
    "switch the page to dark mode using playwright": "browser_emulate_media",
    'choose "Germany" from the country dropdown with playwright': "browser_select_option",
    "open a new browser tab in playwright": "browser_tabs",
    "upload resume.pdf through the page's file picker with playwright": "browser_file_upload",
    'accept the browser\'s "are you sure?" popup in playwright': "browser_handle_dialog",
  }),
  ...on("gdrive", {
    "what's in my google drive about the 2025 budget": "search",
  }),
  ...on("gitlab", {
    "open a merge request in our GitLab project from the hotfix branch": "create_merge_request",
    "start a new GitLab project called infra-tools": "create_repository",
    "make a hotfix branch off main in GitLab": "create_branch",
  }),
  ...on("mongodb", {
    "how many documents are in the orders collection": "count",
    "what fields do documents in the users collection usually have": "collection-schema",
    "add an index on email to the customers collection": "create-index",
    "group sales by region and sum the totals in mongo": "aggregate",
    "show me which databases exist on the mongo server": "list-databases",
    "spin up a free Atlas cluster for testing": "atlas-create-free-cluster",
    "whitelist my office IP so it can reach our Atlas cluster": "atlas-create-access-list",
    "why is my mongo query slow? show the plan the optimizer picked": "explain",
    "remove all documents where status is archived": "delete-many",
    "what does the MongoDB documentation say about change streams": "search-knowledge",
  }),
  ...on("everart", {
    "draw me a picture of a lighthouse at sunset in watercolour style with EverArt": "generate_image",
  }),
  ...on("stripe", {
    "give the customer their money back for payment pi_123": "create_refund",
    "how much money is sitting in our Stripe account right now": "retrieve_balance",
    "make a shareable checkout URL for the pro plan price": "create_payment_link",
    "stop Jane's monthly plan at the end of the billing period": "cancel_subscription",
    "make a 20% off promo code for Black Friday in Stripe": "create_coupon",
    "bill Acme $500 for consulting": "create_invoice",
    "which customers have chargebacks open against us": "list_disputes",
  }),
  ...on("lara", {
    "put this paragraph into Japanese": "translate",
    'what language is "Dzi\u0119kuj\u0119 bardzo" written in': "detect_language",
    "make a termbook so our brand names are always rendered the same way in every language": "create_glossary",
    "which locales can Lara handle": "list_languages",
  }),
  ...on("shopify-dev", {
    "check that my Liquid theme files are valid before I push them to Shopify": "validate_theme",
    "look up in the shopify.dev docs how to add a discount function": "search_docs_chunks",
  }),
  ...on("elasticsearch", {
    "which indices exist in our Elasticsearch cluster": "list_indices",
    "what fields and types does the logs-2025 index define": "get_mappings",
    "find log entries with level error from the last 15 minutes in elastic": "search",
  }),
  ...on("circleci", {
    "why did the last CircleCI build on main fail? show me the logs": "get_build_failure_logs",
    "which tests keep failing intermittently in our CI": "find_flaky_tests",
    "is the latest pipeline on my branch green": "get_latest_pipeline_status",
    "kick off a new CircleCI build for the release branch": "run_pipeline",
    "retry the failed workflow from the job that broke": "rerun_workflow",
    "download the build outputs the test job produced": "list_artifacts",
  }),
  ...on("kubernetes", {
    "show me the logs of the api pod in production": "kubectl_logs",
    "bump the web deployment to 5 replicas": "kubectl_scale",
    "roll back the last deploy of the checkout service": "kubectl_rollout",
    "install the ingress-nginx helm chart into the cluster": "install_helm_chart",
    "drain node worker-3 before maintenance": "node_management",
    "open a shell command inside the redis pod and run redis-cli ping": "exec_in_pod",
    "make the grafana service reachable on localhost:3000": "port_forward",
    "switch kubectl to the staging cluster": "kubectl_context",
    "list every pod in the payments namespace": "kubectl_get",
  }),
  ...on("desktop-commander", {
    "run npm test in a terminal on my machine": "start_process",
    "what programs are running on my computer right now": "list_processes",
    "kill the process with PID 4242": "kill_process",
    "turn this markdown report into a PDF file": "write_pdf",
  }),
  ...on("airtable", {
    "add a row to the Leads table in Airtable": "create_record",
    "which Airtable bases can I access": "list_bases",
    'find Airtable rows mentioning "Berlin" in the Events table': "search_records",
    "add a new column called Priority to the Tasks table in Airtable": "create_field",
    "attach this image file to the record's Photos field in Airtable": "upload_attachment",
  }),
  ...on("pinecone", {
    "how many vectors are stored in each namespace of my pinecone index": "describe-index-stats",
    'find the passages most similar to "refund policy" in our pinecone index': "search-records",
    "reorder these ten snippets by how well they answer the user's question": "rerank-documents",
    "make a new pinecone index that embeds text automatically with a hosted model": "create-index-for-model",
  }),
  ...on("netlify", {
    "deploy my site to Netlify": "netlify-deploy-services-updater",
    "show the recent deploys of my Netlify site": "netlify-deploy-services-reader",
  }),
  ...on("cloudflare", {
    'store the value "on" under the key feature-flag in Cloudflare\'s key-value storage': "kv_put",
    "which serverless scripts do we have deployed on Cloudflare": "worker_list",
    "make a new R2 bucket called backups": "r2_create_bucket",
    "run SELECT count(*) FROM users against our D1 database": "d1_query",
    "schedule the cleanup worker to run every night at 3am": "cron_create",
    "roll the api worker back to its previous version": "version_rollback",
    "set the API_KEY secret on the mailer worker": "secret_put",
    "push a message onto the emails queue on Cloudflare": "queue_send_message",
  }),
  ...on("context7", {
    "what library ID does Context7 use for Next.js": "resolve-library-id",
  }),
  ...on("exa", {
    "use Exa to look up recent write-ups on WebGPU performance": "web_search_exa",
    "have Exa pull the full article at that URL as clean text": "web_fetch_exa",
  }),
  ...on("tavily", {
    "use Tavily to do a thorough investigation of solid-state battery startups and summarise it": "tavily_research",
    "ask tavily what the weather news is today in Tokyo": "tavily_search",
  }),
  // Tasks that need several tools, often of several servers.
  {
    query: "search brave for reviews of the Framework laptop and post a summary to #hardware on Slack",
    expected: ["brave-search__brave_web_search", "slack__slack_post_message"],
  },
  {
    query: "read the last ten commits on the develop branch and post them to the #releases Slack channel",
    expected: ["github__list_commits", "slack__slack_post_message"],
  },
  {
    query: "find our Sentry issues from the checkout service and file a GitHub issue for the worst one",
    expected: ["sentry__search_issues", "github__create_issue"],
  },
  {
    query: "get driving directions from the office to the airport and remember them in your memory for next time",
    expected: ["google-maps__maps_directions", "memory__create_entities"],
  },
  {
    query: "use firecrawl to grab the pricing page of example.com and save it into a new Notion page",
    expected: ["firecrawl__firecrawl_scrape", "notion__API-post-page"],
  },
  {
    query: "open https://example.com in playwright, then take a screenshot of it",
    expected: ["playwright__browser_navigate", "playwright__browser_take_screenshot"],
  },
  {
    query: "with puppeteer, go to the login page, type the username into the email field and press sign in",
    expected: ["puppeteer__puppeteer_navigate", "puppeteer__puppeteer_fill", "puppeteer__puppeteer_click"],
  },
  {
    query: "look up the React docs for useEffect with Context7",
    expected: ["context7__resolve-library-id", "context7__query-docs"],
  },
  {
    query: "translate the latest message in #support on Slack into English",
    expected: ["slack__slack_get_channel_history", "lara__translate"],
  },
  {
    query: "count the orders in mongo and post the number to the #metrics channel in Slack",
    expected: ["mongodb__count", "slack__slack_post_message"],
  },
  {
    query: "create a Stripe customer for Acme and bill them $200 for setup",
    expected: ["stripe__create_customer", "stripe__create_invoice"],
  },
  {
    query: "add a product called Pro Plan in Stripe with a $20 monthly price",
    expected: ["stripe__create_product", "stripe__create_price"],
  },
  {
    query: "find the failing CircleCI job's logs and open a GitHub issue with them",
    expected: ["circleci__get_build_failure_logs", "github__create_issue"],
  },
  {
    query: "scale the checkout deployment to 10 replicas and then show me its pod logs",
    expected: ["kubernetes__kubectl_scale", "kubernetes__kubectl_logs"],
  },
  {
    query: "list the tables in our Airtable base and then add a record to the Contacts table",
    expected: ["airtable__list_tables", "airtable__create_record"],
  },
  {
    query: "create a branch on GitHub, commit the changed config file to it, and open a pull request",
    expected: ["github__create_branch", "github__create_or_update_file", "github__create_pull_request"],
  },
  {
    query: "search our Notion workspace for the onboarding page and comment on it that it's outdated",
    expected: ["notion__API-post-search", "notion__API-create-a-comment"],
  },
  {
    query: "find elasticsearch error logs from last night and summarise them in a new GitHub issue",
    expected: ["elasticsearch__search", "github__create_issue"],
  },
  {
    query: 'upsert these FAQ entries into our pinecone index and then search it for "refund"',
    expected: ["pinecone__upsert-records", "pinecone__search-records"],
  },
  {
    query: "record a Chrome performance trace of the page and then stop it when loading finishes",
    expected: ["chrome-devtools__performance_start_trace", "chrome-devtools__performance_stop_trace"],
  },
  {
    query: "find coffee shops near the Eiffel Tower and get the opening hours of the best one",
    expected: ["google-maps__maps_search_places", "google-maps__maps_place_details"],
  },
  {
    query: "find the HubSpot contact for jane@acme.com and log a meeting note against it",
    expected: ["hubspot__hubspot-search-objects", "hubspot__hubspot-create-engagement"],
  },
  {
    query: "use Tavily to pull the content of these three URLs and write it to notes.md on disk",
    expected: ["tavily__tavily_extract", "filesystem__write_file"],
  },
  {
    query: "start a firecrawl crawl of docs.example.com and check on its progress later",
    expected: ["firecrawl__firecrawl_crawl", "firecrawl__firecrawl_check_crawl_status"],
  },
  {
    query: "connect to our Atlas cluster and list the databases on it",
    expected: ["mongodb__atlas-connect-cluster", "mongodb__list-databases"],
  },
  // Requests for products none of the servers reaches.
  { query: "what's on my Google Calendar tomorrow morning", expected: [] },
  { query: "send a text message to +1 555 0100 saying I'm running late", expected: [] },
  { query: "play my Discover Weekly playlist on Spotify", expected: [] },
  { query: "order an Uber to the airport", expected: [] },
  { query: "create a Jira ticket for the login bug in the WEB project", expected: [] },
  { query: "what's the current price of Bitcoin on Coinbase", expected: [] },
  { query: "book a table for two at an Italian restaurant tonight on OpenTable", expected: [] },
  { query: "check my Gmail inbox for messages from my landlord", expected: [] },
  { query: "schedule a Zoom meeting with the design team for Friday", expected: [] },
  { query: "transfer $50 to Sam on Venmo", expected: [] },
  { query: "add milk to my Todoist shopping list", expected: [] },
  { query: "start a Jenkins build of the nightly job", expected: [] },
];
