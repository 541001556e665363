import { fileURLToPath } from "node:url";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectGateway,
  resultText,
  waitForUpstreams,
  writeConfig,
  type GatewayClient,
} from "../support/gateway-process.js";

/**
 * Listing budgets end to end: a real `toolsift serve` process in front of a real MCP server with
 * 70 distinct tools, a real MCP SDK client, and every `tools/list` answer of the session checked
 * (the client's own, and those its list_changed handler fetches).
 */

const MANY_TOOLS_SERVER = fileURLToPath(new URL("../fixtures/many-tools-mcp-server.mjs", import.meta.url));
const SYLLABLES = ["ba", "ke", "do", "mu", "ri", "zo", "fa", "lu", "ne", "ti"];
/** The fixture's made-up word of tool `index` (as many-tools-mcp-server.mjs makes it). */
const wordOf = (index: number) => [...String(index).padStart(3, "0")].map((digit) => SYLLABLES[Number(digit)]).join("");
const toolName = (index: number) => `many__tool_${wordOf(index)}`;

const CAP = 40;

/** Starts a gateway over the fixture and records the length and names of every tools/list answer. */
async function budgetedGateway(toolsift: Record<string, unknown>, args: string[] = []) {
  const config = writeConfig({
    mcpServers: { many: { command: process.execPath, args: [MANY_TOOLS_SERVER], stderr: "ignore" } },
    toolsift,
  });
  const gateway = await connectGateway(config, { args });
  await waitForUpstreams(gateway, ["many"]);
  const answers: string[][] = [];
  const listTools = gateway.client.listTools.bind(gateway.client);
  // Every answer the client gets, the list_changed handler's fetches included (it calls client.listTools).
  gateway.client.listTools = async (...params: Parameters<typeof listTools>) => {
    const result = await listTools(...params);
    answers.push(result.tools.map((tool) => tool.name));
    return result;
  };
  return { gateway, answers };
}

async function listedNames(gateway: GatewayClient): Promise<string[]> {
  return (await gateway.client.listTools()).tools.map((tool: Tool) => tool.name);
}

async function searchFor(gateway: GatewayClient, query: string, limit: number) {
  const result = await gateway.client.callTool({ name: "search_tools", arguments: { query, limit } });
  return JSON.parse(resultText(result)) as { matches: { name: string }[]; note?: string };
}

describe("maxListedTools: a session that loads 60 tools never lists more than 40", () => {
  let gateway: GatewayClient;
  let answers: string[][];

  beforeAll(async () => {
    // The policy's cap for this caller (stdio's caller is "local") wins over the top-level 60;
    // the session's own cap is above both, so only the budget keeps the list short.
    ({ gateway, answers } = await budgetedGateway({
      maxHydratedTools: 100,
      maxListedTools: 60,
      policies: [{ callers: ["local"], maxListedTools: CAP }],
    }));
  });
  afterAll(() => gateway?.close());

  it("says the budget in search_tools' description", async () => {
    const search = (await gateway.client.listTools()).tools.find((tool: Tool) => tool.name === "search_tools");
    expect(search?.description).toContain(`Your client shows at most ${CAP} tools`);
    expect(search?.description).toContain("search again to bring one back");
  });

  it("keeps every tools/list at most 40 tools, holding the most recently used, as 60 tools are searched and called", async () => {
    const used: string[] = [];
    /** Most recently used last, as the session keeps them. */
    const use = (name: string) => {
      const at = used.indexOf(name);
      if (at >= 0) used.splice(at, 1);
      used.push(name);
    };
    for (let index = 0; index < 60; index++) {
      if (index % 4 === 3) {
        // Every fourth tool is called by name, unlisted: a call loads it too.
        const result = await gateway.client.callTool({ name: toolName(index), arguments: {} });
        expect(resultText(result)).toBe(`ran tool_${wordOf(index)}`);
      } else {
        const answer = await searchFor(gateway, wordOf(index), 1);
        expect(answer.matches.map((match) => match.name)).toEqual([toolName(index)]);
        expect(answer.note).toContain("now in your tool list");
      }
      use(toolName(index));
      // Now and then an old tool is used again: it becomes the most recent, and stays listed.
      if (index % 10 === 9) {
        const old = toolName(index - 8);
        await gateway.client.callTool({ name: old, arguments: {} });
        use(old);
      }
      const listed = await listedNames(gateway);
      expect(listed.length).toBeLessThanOrEqual(CAP);
      expect(new Set(listed)).toEqual(new Set(["search_tools", "call_tool", ...used.slice(-(CAP - 2))]));
    }
    expect(used.length).toBe(60);
    expect(answers.length).toBeGreaterThanOrEqual(60);
    for (const answer of answers) expect(answer.length).toBeLessThanOrEqual(CAP);
    expect(Math.max(...answers.map((answer) => answer.length))).toBe(CAP);
  });

  it("does not promise a place in the list to matches the budget leaves out", async () => {
    const answer = await searchFor(gateway, "workflow status", 50);
    expect(answer.matches).toHaveLength(50);
    expect(answer.note).toContain(`the others are not listed (your client shows at most ${CAP} tools)`);
    expect(answer.note).toContain("can be called by name");
    expect(answer.note).not.toContain("These tools are now in your tool list");
    const listed = await listedNames(gateway);
    expect(listed).toHaveLength(CAP);
    // The best matches were loaded last, so they are the ones listed.
    const best = answer.matches.slice(0, CAP - 2).map((match) => match.name);
    expect(new Set(listed)).toEqual(new Set(["search_tools", "call_tool", ...best]));
    for (const each of answers) expect(each.length).toBeLessThanOrEqual(CAP);
  });
});

describe("maxListedTools in stubs mode", () => {
  let gateway: GatewayClient;
  let answers: string[][];

  beforeAll(async () => {
    ({ gateway, answers } = await budgetedGateway({ maxHydratedTools: 100, maxListedTools: CAP }, ["--stubs"]));
  });
  afterAll(() => gateway?.close());

  it("lists 40 of 70 tools, loaded ones first, and says search finds the rest", async () => {
    const first = await gateway.client.listTools();
    expect(first.tools).toHaveLength(CAP);
    expect(first.tools[0]?.description).toContain(
      "tools past that limit are not listed at all, and search finds them too",
    );
    for (let index = 69; index >= 10; index--) {
      await gateway.client.callTool({ name: toolName(index), arguments: {} });
      const listed = await listedNames(gateway);
      expect(listed).toHaveLength(CAP);
      expect(listed).toContain(toolName(index));
    }
    // The 38 tools called last, in full; no room is left for a stub.
    const full = (await gateway.client.listTools()).tools;
    const expected = Array.from({ length: CAP - 2 }, (_, offset) => toolName(10 + offset));
    expect(new Set(full.map((tool: Tool) => tool.name))).toEqual(new Set(["search_tools", "call_tool", ...expected]));
    for (const answer of answers) expect(answer.length).toBeLessThanOrEqual(CAP);
  });
});

describe("maxListedTools in stubs mode: tools found by search", () => {
  let gateway: GatewayClient;
  let answers: string[][];

  beforeAll(async () => {
    ({ gateway, answers } = await budgetedGateway({ maxHydratedTools: 100, maxListedTools: CAP }, ["--stubs"]));
  });
  afterAll(() => gateway?.close());

  it("lists a tool that search found past the cap, in place of a stub", async () => {
    const before = await listedNames(gateway);
    expect(before).toHaveLength(CAP);
    for (const index of [60, 65, 69]) {
      expect(before).not.toContain(toolName(index));
      const answer = await searchFor(gateway, wordOf(index), 1);
      expect(answer.matches.map((match) => match.name)).toEqual([toolName(index)]);
      expect(answer.note).toContain("now in your tool list");
      const listed = await listedNames(gateway);
      expect(listed).toHaveLength(CAP);
      expect(listed).toContain(toolName(index));
    }
    const found = (await gateway.client.listTools()).tools.filter((tool: Tool) =>
      [60, 65, 69].map(toolName).includes(tool.name),
    );
    expect(found).toHaveLength(3);
    for (const answer of answers) expect(answer.length).toBeLessThanOrEqual(CAP);
  });
});
