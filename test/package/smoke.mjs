// Runs in a fresh project where the packed toolsift was installed with npm, and nothing else:
// what a user who writes `import ... from "toolsift"` gets. Prints one JSON line of findings.
import assert from "node:assert/strict";

const started = performance.now();
const toolsift = await import("toolsift");
const importMs = performance.now() - started;
const { createToolSearch, HybridRanker, DependencyError } = toolsift;
const { FileUsageStore, PostgresUsageStore } = await import("toolsift/learning");

// Every subpath face imports without its optional peers installed, and exports what it names.
const faces = {
  "toolsift/agent": ["runAgent", "AgentError", "strategyOf"],
  "toolsift/mcp": ["fromMcp", "mcpToolName"],
  "toolsift/learning": ["FileUsageStore", "MemoryUsageStore", "PostgresUsageStore"],
  "toolsift/gateway": ["Gateway", "listenHttp", "readGatewayConfig"],
  "toolsift/testing": ["startMessagesApiServer", "startOpenAIApiServer", "sampleTools"],
  "toolsift/ai": ["aiSdkTools"],
};
for (const [face, names] of Object.entries(faces)) {
  const loaded = await import(face);
  for (const name of names) assert.equal(typeof loaded[name], "function", `${face} exports ${name}`);
}

const tools = [
  {
    name: "github__create_issue",
    description: "Create an issue in a GitHub repository.",
    inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
  },
  {
    name: "slack__post_message",
    description: "Post a message to a Slack channel.",
    inputSchema: { type: "object", properties: { channel: { type: "string" }, text: { type: "string" } } },
  },
  {
    name: "weather__get_forecast",
    description: "Get the weather forecast for a city.",
    inputSchema: { type: "object", properties: { city: { type: "string" } } },
  },
  {
    name: "calendar__create_event",
    description: "Schedule a meeting on the calendar and invite people.",
    inputSchema: { type: "object", properties: { title: { type: "string" } } },
  },
];

const bm25 = await createToolSearch({ tools, ranker: "bm25" });
assert.equal((await bm25.search("post a message in slack"))[0]?.name, "slack__post_message");

// The hybrid loads the bundled model: with no ONNX runtime installed, it must run in TypeScript.
const hybrid = await createToolSearch({ tools, ranker: new HybridRanker({ semantic: { cacheDir: false } }) });
assert.equal((await hybrid.search("will it rain tomorrow in paris"))[0]?.name, "weather__get_forecast");
const session = hybrid.session("smoke");
const result = await session.execute({
  type: "tool_use",
  id: "t1",
  name: "search_tools",
  input: { query: "set up a meeting" },
});
assert.match(JSON.stringify(result.content), /calendar__create_event/);
await hybrid.close();

// An HNSW index needs hnswlib-node, which a default install does not have: a clear error.
const hnsw = await createToolSearch({
  tools,
  ranker: new HybridRanker({ semantic: { cacheDir: false, index: { kind: "hnsw" } } }),
}).catch((error) => error);
assert.ok(hnsw instanceof DependencyError, `expected a DependencyError, got ${hnsw}`);
assert.equal(hnsw.packageName, "hnswlib-node");

// toolsift/ai imports without ai installed, and says which package it needs when used.
const { aiSdkTools } = await import("toolsift/ai");
const noAi = await aiSdkTools(bm25.session("ai")).catch((error) => error);
assert.ok(noAi instanceof DependencyError, `expected a DependencyError, got ${noAi}`);
assert.equal(noAi.packageName, "ai");

// An OpenAI Chat Completions call, answered in its own format, with no openai package installed.
const chat = await bm25.session("openai").execute({
  id: "call_1",
  type: "function",
  function: { name: "weather__get_forecast", arguments: '{"city":"Paris"}' },
});
assert.equal(chat.role, "tool");
assert.equal(chat.tool_call_id, "call_1");

// Learning from use, persisted in a file: a new tool search on the same folder finds the lesson.
const { mkdtempSync } = await import("node:fs");
const { tmpdir } = await import("node:os");
const { join } = await import("node:path");
const cacheDir = mkdtempSync(join(tmpdir(), "toolsift-smoke-"));
const teacher = await createToolSearch({ tools, learning: new FileUsageStore({ cacheDir }) });
await teacher.learn("ping the crew", "slack__post_message");
await teacher.close();
const learner = await createToolSearch({ tools, learning: new FileUsageStore({ cacheDir }) });
assert.equal((await learner.search("ping the crew"))[0]?.name, "slack__post_message");

// The PostgreSQL store needs pg, which a default install does not have: a clear error.
const pg = await new PostgresUsageStore({ connectionString: "postgres://localhost:1/none" })
  .lessons("s")
  .catch((error) => error);
assert.ok(pg instanceof DependencyError, `expected a DependencyError, got ${pg}`);
assert.equal(pg.packageName, "pg");

// fromMcp without the MCP SDK (v2's client) installed: a clear error naming the package.
const { fromMcp } = await import("toolsift/mcp");
const noSdk = await fromMcp({ local: { command: "true" } }).catch((error) => error);
assert.ok(noSdk instanceof DependencyError, `expected a DependencyError, got ${noSdk}`);
assert.equal(noSdk.packageName, "@modelcontextprotocol/client");

console.log(
  JSON.stringify({
    module: "esm",
    importMs: Math.round(importMs),
    exports: Object.keys(toolsift).length,
    faces: Object.keys(faces).length,
  }),
);
