import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolSearch, type ToolDefinition } from "../../src/index.js";
import {
  connectGateway,
  resultText,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";
import { runToolsift } from "../support/run-toolsift.js";

/**
 * One server whose descriptions are stuffed with every keyword of the catalogue, beside four
 * honest servers (GitHub, Slack, files, calendar): it must not take more than half of a
 * search's results, and `inspect` must flag it.
 */
const CATALOGUE = fileURLToPath(new URL("../fixtures/stuffed-catalogue.json", import.meta.url));
const SERVER = fileURLToPath(new URL("../fixtures/catalogue-mcp-server.mjs", import.meta.url));
const fixture = JSON.parse(readFileSync(CATALOGUE, "utf8")) as {
  servers: Record<string, { name: string; description: string; inputSchema: ToolDefinition["inputSchema"] }[]>;
  stuffedServer: string;
  queries: string[];
};
const STUFFED = fixture.stuffedServer;
const tools: ToolDefinition[] = Object.entries(fixture.servers).flatMap(([server, list]) =>
  list.map((tool) => ({ ...tool, name: `${server}__${tool.name}`, server, execute: () => "ran" })),
);
const fromStuffed = (names: readonly string[]) => names.filter((name) => name.startsWith(`${STUFFED}__`)).length;
const uncapped = createToolSearch({ tools, maxResultsPerServer: false });

/**
 * The most results of `limit` the stuffing server may hold: half, rounded up, unless the other
 * servers have fewer matching tools than the rest of the places (they are never left empty).
 */
async function allowedShare(query: string, limit: number): Promise<number> {
  const everything = await (await uncapped).search(query, { limit: 50 });
  const honest = everything.length - fromStuffed(everything.map((match) => match.name));
  return Math.max(Math.ceil(limit / 2), limit - honest);
}

describe("a keyword-stuffing server, through createToolSearch", () => {
  it("takes more than half of the results without the cap: the catalogue is a real hijack", async () => {
    const hijacked = [];
    for (const query of fixture.queries) {
      const names = (await (await uncapped).search(query)).map((match) => match.name);
      if (fromStuffed(names) > Math.ceil(names.length / 2)) hijacked.push(query);
    }
    expect(hijacked.length).toBeGreaterThan(fixture.queries.length / 2);
  });

  it("takes at most half of a search's results by default, and every search answers as many as before", async () => {
    const capped = await createToolSearch({ tools });
    let capBites = 0;
    for (const limit of [4, 5, 10]) {
      for (const query of fixture.queries) {
        const before = await (await uncapped).search(query, { limit });
        const after = await capped.search(query, { limit });
        expect(after).toHaveLength(before.length);
        expect(after[0]).toEqual(before[0]);
        const share = await allowedShare(query, limit);
        expect(fromStuffed(after.map((match) => match.name)), `${query} (limit ${limit})`).toBeLessThanOrEqual(share);
        if (share === Math.ceil(limit / 2) && fromStuffed(before.map((match) => match.name)) > share) capBites++;
      }
    }
    // Most searches are ones the stuffing server would take and where the honest servers can fill half.
    expect(capBites).toBeGreaterThan(fixture.queries.length);
  });

  it("lets a query that names the server have its results", async () => {
    const capped = await createToolSearch({ tools });
    const names = (await capped.search("toolbox helper for an issue", { limit: 5 })).map((match) => match.name);
    expect(fromStuffed(names)).toBeGreaterThan(3);
  });
});

describe("a keyword-stuffing MCP server behind toolsift serve", () => {
  let gateway: GatewayClient;
  let config: string;

  beforeAll(async () => {
    config = writeConfig({
      mcpServers: Object.fromEntries(
        Object.keys(fixture.servers).map((server) => [
          server,
          { command: process.execPath, args: [SERVER, CATALOGUE, server], stderr: "ignore" },
        ]),
      ),
    });
    gateway = await connectGateway(config);
    await waitForUpstreams(gateway, Object.keys(fixture.servers));
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("answers search_tools with at most half of the matches from the stuffing server", async () => {
    for (const query of fixture.queries) {
      const result = await gateway.client.callTool({ name: "search_tools", arguments: { query, limit: 6 } });
      expect(result.isError).toBeFalsy();
      const names = (JSON.parse(resultText(result)) as { matches: { name: string }[] }).matches.map((m) => m.name);
      expect(names).toHaveLength(6);
      expect(fromStuffed(names), query).toBeLessThanOrEqual(await allowedShare(query, 6));
    }
  });

  it("is flagged by toolsift inspect, tool by tool, and the honest servers are not", async () => {
    const run = await runToolsift(["inspect", "--config", config, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { lint: { findings: { code: string; tools: string[] }[] } };
    const flagged = report.lint.findings
      .filter((finding) => finding.code === "keyword-stuffing")
      .map((f) => f.tools[0]);
    expect(new Set(flagged)).toEqual(new Set(fixture.servers[STUFFED]!.map((tool) => `${STUFFED}__${tool.name}`)));
  });
});
