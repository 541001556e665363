import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anthropicEnricher, answerFor, askedTool } from "../../src/enrichment/scripted-enricher.fixture.js";
import type { EvalReport } from "../../src/cli/eval/eval-report.js";
import { parseEnrichment } from "../../src/public/enrichment.js";
import { reply, startMessagesApiServer, type MessagesApiServer } from "../../src/testing/index.js";
import { connectGateway, resultText, scratchDir, waitForUpstreams } from "../support/gateway-process.js";
import { runToolsift } from "../support/run-toolsift.js";

/**
 * The whole path a user takes, with real processes: `toolsift enrich` against the local Messages
 * API (a scripted model that writes requests for whichever tool it is asked about), then
 * `toolsift eval` on the file it wrote, then `toolsift serve` with the file named in the config,
 * answering a real MCP client's `search_tools`. Then an upstream definition changes: `inspect`
 * names it stale and the next `enrich` asks about that tool only.
 */
const SERVER = fileURLToPath(new URL("../fixtures/catalogue-mcp-server.mjs", import.meta.url));
const schema = { type: "object", properties: { text: { type: "string" } } };
const tools = (creator: string) => [
  { name: "issue_creator", description: creator, inputSchema: schema },
  { name: "search_docs", description: "Search the documentation pages for a phrase.", inputSchema: schema },
  { name: "list_users", description: "List the users of the workspace with their login names.", inputSchema: schema },
  { name: "send_message", description: "Send a chat message to a channel.", inputSchema: schema },
];
/** What the scripted model writes for the vague tool: how people ask for it. */
const CREATOR_REQUESTS = [
  "open a ticket for the login bug",
  "file a bug report about the broken checkout",
  "log a new ticket: the export crashes",
  "raise an issue for the flaky upload",
  "create a ticket for the slow dashboard",
  "report a bug in the sign-up form",
  "open a ticket about the missing invoice",
  "file a ticket for the typo on the pricing page",
];
const KEY = "sk-ant-e2e-never-printed-7c1d";

let dir: string;
let config: string;
let api: MessagesApiServer;
const out = () => join(dir, "toolsift.enrichment.json");
const env = () => ({ ...process.env, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: api.url });
const enrich = () =>
  runToolsift(["enrich", "--config", config, "--provider", "anthropic", "--model", "claude-test", "--out", out()], {
    env: env(),
  });

beforeAll(async () => {
  dir = scratchDir();
  writeFileSync(join(dir, "catalogue.json"), JSON.stringify({ servers: { tracker: tools("Issue creator.") } }));
  config = join(dir, "mcp.json");
  // The config names the enrichment before it exists: enrich writes it, the rest read it.
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        tracker: {
          command: process.execPath,
          args: [SERVER, join(dir, "catalogue.json"), "tracker"],
          stderr: "ignore",
        },
      },
      toolsift: { enrichment: "./toolsift.enrichment.json" },
    }),
  );
  api = await startMessagesApiServer(
    anthropicEnricher((name) =>
      name === "tracker__issue_creator"
        ? reply.text(JSON.stringify({ requests: CREATOR_REQUESTS, synonyms: ["ticket", "bug report"] }))
        : undefined,
    ),
  );
});
afterAll(async () => {
  await api?.close();
});

describe("enrich, then eval, then serve, with the user's own (scripted) model", () => {
  it("enrich writes a file with an entry per tool, its hash the one search compares", async () => {
    const run = await enrich();
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
    expect(api.requests.map(askedTool).sort()).toEqual([
      "tracker__issue_creator",
      "tracker__list_users",
      "tracker__search_docs",
      "tracker__send_message",
    ]);
    const { file } = parseEnrichment(JSON.parse(readFileSync(out(), "utf8")), out());
    expect(file.tools.tracker__issue_creator!.requests).toEqual(CREATOR_REQUESTS);
    expect(file.tools.tracker__list_users!.requests).toEqual(JSON.parse(answerFor("tracker__list_users")).requests);
  });

  it("eval reads the config's enrichment and finds the vague tool's held-out requests only when enriched", async () => {
    const run = await runToolsift(["eval", "--config", config, "--json", "--fail-under", "0.9"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as EvalReport;
    expect(report.source).toEqual({ kind: "held-out", file: out() });
    const creator = (scores: EvalReport["baseline"]) =>
      scores.tools.find((tool) => tool.tool === "tracker__issue_creator")!;
    // 8 requests: the last 2 held out, the first 6 indexed.
    expect(creator(report.baseline)).toMatchObject({ tasks: 2, recallAt1: 0 });
    expect(creator(report.enriched!)).toMatchObject({ tasks: 2, recallAt1: 1, recallAt5: 1 });
    expect(report.failUnder).toMatchObject({ arm: "enriched", passed: true });
    expect(report.enriched!.recallAt5).toBeGreaterThan(report.baseline.recallAt5);
  });

  it("serve indexes the enrichment: a client's search_tools finds the vague tool by how people ask", async () => {
    const gateway = await connectGateway(config);
    try {
      await waitForUpstreams(gateway, ["tracker"]);
      const result = await gateway.client.callTool({
        name: "search_tools",
        arguments: { query: "I need to open a ticket, the login page is broken" },
      });
      const matches = (JSON.parse(resultText(result)) as { matches: { name: string }[] }).matches;
      expect(matches[0]!.name).toBe("tracker__issue_creator");
    } finally {
      await gateway.close();
    }
  });

  it("a changed upstream definition is stale in inspect, and the next enrich asks about it alone", async () => {
    writeFileSync(
      join(dir, "catalogue.json"),
      JSON.stringify({ servers: { tracker: tools("Issue creator for the tracker.") } }),
    );
    const inspect = await runToolsift(["inspect", "--config", config, "--json"]);
    expect(inspect.code, inspect.stderr).toBe(0);
    expect((JSON.parse(inspect.stdout) as { enrichment: { stale: string[] } }).enrichment.stale).toEqual([
      "tracker__issue_creator",
    ]);
    const before = api.requests.length;
    const run = await enrich();
    expect(run.code, run.stderr).toBe(0);
    expect(api.requests.slice(before).map(askedTool)).toEqual(["tracker__issue_creator"]);
    const again = await runToolsift(["inspect", "--config", config, "--json"]);
    expect((JSON.parse(again.stdout) as { enrichment: { stale: string[] } }).enrichment.stale).toEqual([]);
  });
});
