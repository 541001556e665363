/**
 * The real MCP servers the real-server bench puts toolsift in front of: published npm packages,
 * pinned, each started offline with placeholder credentials (none is real; listing tools calls no
 * service). \`{work}\` in an argument, an environment value or a file's name stands for a scratch
 * folder of the server's own, which is also its \`HOME\`, so nothing it writes lands in the user's.
 *
 * Where the newest version could not start offline an older one is pinned, and why is said beside
 * it. Left out: \`@modelcontextprotocol/server-redis\` (it waits for a live Redis before it lists
 * anything) and \`@heroku/mcp-server\` (its newest version does not start; older ones download the
 * Heroku CLI and edit the user's git configuration on start).
 */

/** One server: its package, how to start it, and what it needs to start without a service. */
export interface RealMcpServer {
  /** The server's name in the catalogue: its tools are \`<id>__<tool>\`. */
  id: string;
  /** The npm package, pinned: \`name@version\`. */
  package: string;
  /** The script to run, inside the package. */
  entry: string;
  /** Packages installed beside it, when its own dependencies are not enough. */
  with?: readonly string[];
  args?: readonly string[];
  env?: Readonly<Record<string, string>>;
  /** Files written into its scratch folder before it starts (placeholder credentials). */
  files?: Readonly<Record<string, string>>;
}

export const REAL_MCP_SERVERS: readonly RealMcpServer[] = [
  {
    id: "filesystem",
    package: "@modelcontextprotocol/server-filesystem@2026.8.31",
    entry: "dist/index.js",
    args: ["{work}"],
  },
  {
    id: "memory",
    package: "@modelcontextprotocol/server-memory@2026.8.31",
    entry: "dist/index.js",
    env: { MEMORY_FILE_PATH: "{work}/memory.jsonl" },
  },
  { id: "everything", package: "@modelcontextprotocol/server-everything@2026.8.31", entry: "dist/index.js" },
  {
    id: "sequential-thinking",
    package: "@modelcontextprotocol/server-sequential-thinking@2026.8.31",
    entry: "dist/index.js",
  },
  {
    id: "github",
    package: "@modelcontextprotocol/server-github@2025.4.8",
    entry: "dist/index.js",
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: "placeholder" },
  },
  {
    id: "brave-search",
    package: "@modelcontextprotocol/server-brave-search@0.6.2",
    entry: "dist/index.js",
    env: { BRAVE_API_KEY: "placeholder" },
  },
  { id: "puppeteer", package: "@modelcontextprotocol/server-puppeteer@2025.5.12", entry: "dist/index.js" },
  {
    id: "slack",
    package: "@modelcontextprotocol/server-slack@2025.4.25",
    entry: "dist/index.js",
    env: { SLACK_BOT_TOKEN: "xoxb-placeholder", SLACK_TEAM_ID: "T00000000" },
  },
  {
    id: "google-maps",
    package: "@modelcontextprotocol/server-google-maps@0.6.2",
    entry: "dist/index.js",
    env: { GOOGLE_MAPS_API_KEY: "placeholder" },
  },
  {
    id: "postgres",
    package: "@modelcontextprotocol/server-postgres@0.6.2",
    entry: "dist/index.js",
    args: ["postgresql://localhost/x"],
  },
  // It imports zod without declaring it, and with zod 4 every schema lists empty.
  {
    id: "gitlab",
    package: "@modelcontextprotocol/server-gitlab@2025.4.25",
    entry: "dist/index.js",
    with: ["zod@3.25.76"],
    env: { GITLAB_PERSONAL_ACCESS_TOKEN: "placeholder", GITLAB_API_URL: "https://gitlab.com/api/v4" },
  },
  {
    id: "gdrive",
    package: "@modelcontextprotocol/server-gdrive@2025.1.14",
    entry: "dist/index.js",
    env: { GDRIVE_CREDENTIALS_PATH: "{work}/gdrive-credentials.json", GDRIVE_OAUTH_PATH: "{work}/gcp-oauth.keys.json" },
    files: { "gdrive-credentials.json": '{"access_token":"placeholder","token_type":"Bearer"}' },
  },
  {
    id: "everart",
    package: "@modelcontextprotocol/server-everart@0.6.2",
    entry: "dist/index.js",
    env: { EVERART_API_KEY: "placeholder" },
  },
  { id: "playwright", package: "@playwright/mcp@0.0.86", entry: "cli.js", args: ["--headless", "--isolated"] },
  {
    id: "chrome-devtools",
    package: "chrome-devtools-mcp@1.11.0",
    entry: "build/src/bin/chrome-devtools-mcp.js",
    args: ["--headless", "--isolated", "--no-usage-statistics"],
  },
  {
    id: "notion",
    package: "@notionhq/notion-mcp-server@2.5.2",
    entry: "bin/cli.mjs",
    env: { NOTION_TOKEN: "ntn_placeholder" },
  },
  {
    id: "hubspot",
    package: "@hubspot/mcp-server@0.4.0",
    entry: "dist/index.js",
    env: { PRIVATE_APP_ACCESS_TOKEN: "placeholder" },
  },
  {
    id: "firecrawl",
    package: "firecrawl-mcp@3.26.0",
    entry: "dist/index.js",
    env: { FIRECRAWL_API_KEY: "fc-placeholder" },
  },
  {
    id: "sentry",
    package: "@sentry/mcp-server@0.39.0",
    entry: "dist/index.js",
    args: ["--access-token=placeholder"],
    env: { SENTRY_ACCESS_TOKEN: "placeholder" },
  },
  {
    id: "mongodb",
    package: "mongodb-mcp-server@3.0.4",
    entry: "dist/esm/index.js",
    env: {
      MDB_MCP_CONNECTION_STRING: "mongodb://localhost:27017/x",
      MDB_MCP_API_CLIENT_ID: "placeholder",
      MDB_MCP_API_CLIENT_SECRET: "placeholder",
      MDB_MCP_TELEMETRY: "disabled",
      DO_NOT_TRACK: "1",
    },
  },
  {
    id: "circleci",
    package: "@circleci/mcp-server-circleci@0.20.0",
    entry: "dist/index.js",
    env: { CIRCLECI_TOKEN: "placeholder" },
  },
  { id: "kubernetes", package: "mcp-server-kubernetes@4.1.7", entry: "dist/index.js" },
  { id: "desktop-commander", package: "@wonderwhy-er/desktop-commander@0.2.52", entry: "dist/index.js" },
  {
    id: "airtable",
    package: "airtable-mcp-server@1.14.0",
    entry: "dist/main.js",
    env: { AIRTABLE_API_KEY: "placeholder" },
  },
  {
    id: "pinecone",
    package: "@pinecone-database/mcp@0.3.0",
    entry: "dist/index.js",
    env: { PINECONE_API_KEY: "placeholder" },
  },
  {
    id: "netlify",
    package: "@netlify/mcp@1.15.1",
    entry: "dist/netlify-mcp.js",
    env: { NETLIFY_PERSONAL_ACCESS_TOKEN: "placeholder" },
  },
  // Every feature but `docs`, whose tool fetches its schema online while tools are listed.
  {
    id: "supabase",
    package: "@supabase/mcp-server-supabase@0.13.0",
    entry: "dist/cli.js",
    args: [
      "--access-token",
      "placeholder",
      "--features=account,database,debugging,development,functions,branching,storage",
    ],
  },
  { id: "context7", package: "@upstash/context7-mcp@4.1.1", entry: "dist/index.js" },
  { id: "tavily", package: "tavily-mcp@0.2.22", entry: "build/index.js", env: { TAVILY_API_KEY: "placeholder" } },
  { id: "exa", package: "exa-mcp-server@3.4.1", entry: "dist/stdio.cjs", env: { EXA_API_KEY: "placeholder" } },
  // 0.3.x only forwards to Stripe's remote server; 0.2.5 lists its own tools.
  {
    id: "stripe",
    package: "@stripe/mcp@0.2.5",
    entry: "dist/index.js",
    args: ["--tools=all", "--api-key=sk_test_placeholder"],
  },
  {
    id: "cloudflare",
    package: "@cloudflare/mcp-server-cloudflare@0.2.0",
    entry: "dist/index.js",
    args: ["run", "placeholder-account-id"],
    env: { CLOUDFLARE_API_TOKEN: "placeholder" },
  },
  {
    id: "elasticsearch",
    package: "@elastic/mcp-server-elasticsearch@0.3.1",
    entry: "dist/index.js",
    env: { ES_URL: "http://localhost:9200", ES_API_KEY: "placeholder" },
  },
  { id: "shopify-dev", package: "@shopify/dev-mcp@1.16.0", entry: "dist/index.js" },
  {
    id: "lara",
    package: "@translated/lara-mcp@1.0.6",
    entry: "dist/index.js",
    env: { LARA_ACCESS_KEY_ID: "placeholder", LARA_ACCESS_KEY_SECRET: "placeholder" },
  },
  // 0.6.5 installs a dependency from GitHub and checks its key online on start; 0.3.7 does neither.
  {
    id: "neon",
    package: "@neondatabase/mcp-server-neon@0.3.7",
    entry: "dist/index.js",
    args: ["start", "placeholder-neon-api-key"],
  },
];
