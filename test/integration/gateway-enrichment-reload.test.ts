import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENRICHMENT_FORMAT, enrichmentHashOf, type EnrichmentFile } from "../../src/public/enrichment.js";
import {
  connectGateway,
  resultText,
  scratchDir,
  waitForUpstreams,
  type GatewayClient,
} from "../support/gateway-process.js";

/** A real `toolsift serve` and a real MCP client: the enrichment file is replaced under it. */
const SERVER = fileURLToPath(new URL("../fixtures/catalogue-mcp-server.mjs", import.meta.url));
const schema = { type: "object", properties: { text: { type: "string" } } };
const TOOLS = [
  { name: "issue_creator", description: "Issue creator.", inputSchema: schema },
  { name: "send_message", description: "Send a chat message to a channel.", inputSchema: schema },
  { name: "list_users", description: "List the users of the workspace.", inputSchema: schema },
];
// "glitch", as no tool says it: "defect" would be read as the tool name's "issue".
const QUERY = "the checkout page crashes, log a glitch";

function enrichment(requests: string[]): EnrichmentFile {
  return {
    format: ENRICHMENT_FORMAT,
    model: "scripted-model",
    createdAt: "2026-12-01T12:00:00.000Z",
    tools: {
      tracker__issue_creator: {
        hash: enrichmentHashOf({ name: "tracker__issue_creator", description: "Issue creator.", inputSchema: schema }),
        requests,
        synonyms: [],
      },
    },
  };
}

/** Writes a sibling, then renames it over the file: as `eval --apply-to` writes. */
function replace(file: string, text: string): void {
  writeFileSync(`${file}.next`, text);
  renameSync(`${file}.next`, file);
}

async function topOf(gateway: GatewayClient): Promise<string | undefined> {
  const result = await gateway.client.callTool({ name: "search_tools", arguments: { query: QUERY } });
  return (JSON.parse(resultText(result)) as { matches: { name: string }[] }).matches[0]?.name;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("toolsift serve reloads its enrichment file", () => {
  let gateway: GatewayClient;
  let file: string;

  beforeAll(async () => {
    const dir = scratchDir();
    file = join(dir, "toolsift.enrichment.json");
    writeFileSync(join(dir, "catalogue.json"), JSON.stringify({ servers: { tracker: TOOLS } }));
    writeFileSync(file, JSON.stringify(enrichment(["invite a colleague"])));
    const server = {
      command: process.execPath,
      args: [SERVER, join(dir, "catalogue.json"), "tracker"],
      stderr: "ignore",
    };
    const config = join(dir, "serve.json");
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { tracker: server }, toolsift: { enrichment: "./toolsift.enrichment.json" } }),
    );
    gateway = await connectGateway(config);
    await waitForUpstreams(gateway, ["tracker"]);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("searches with a replaced file in the same session, and keeps the old one when the new one is broken", async () => {
    expect(await topOf(gateway)).not.toBe("tracker__issue_creator");
    replace(file, JSON.stringify(enrichment(["the checkout page crashes, log a glitch for the web team"])));
    await until(async () => (await topOf(gateway)) === "tracker__issue_creator", "the new enrichment to be searched");
    expect(gateway.stderr()).toMatch(
      /toolsift\.enrichment: reloaded .*toolsift\.enrichment\.json \(1 tool\); new searches use it\./,
    );

    const good = readFileSync(file, "utf8");
    replace(file, "{ not json");
    await until(async () => /changed, but it is not valid JSON/.test(gateway.stderr()), "the broken file's warning");
    expect(await topOf(gateway)).toBe("tracker__issue_creator");
    expect(gateway.stderr()).toMatch(/Still searching with the enrichment read before\./);

    // A tool call in the same session still works: nothing was dropped.
    const called = await gateway.client.callTool({ name: "tracker__issue_creator", arguments: { text: "x" } });
    expect(resultText(called)).toBe("tracker/issue_creator ran");
    replace(file, good);
  });
});
