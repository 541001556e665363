import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToolSearch, type ToolSearch } from "../../src/index.js";
import { runAgent } from "../../src/public/agent.js";
import { fromMcp, type McpToolHost } from "../../src/public/mcp.js";
import { lastToolResults, reply, startMessagesApiServer } from "../../src/testing/index.js";
import { DYNAMIC_SERVER, everythingServerEntry } from "../support/mcp-servers.js";

describe("MCP servers as the catalogue of a tool search and of runAgent", () => {
  let host: McpToolHost;
  let toolSearch: ToolSearch;

  beforeAll(async () => {
    host = await fromMcp({
      everything: { command: process.execPath, args: [everythingServerEntry(), "stdio"], stderr: "ignore" },
      dynamic: { command: process.execPath, args: [DYNAMIC_SERVER], stderr: "ignore" },
    });
    toolSearch = await createToolSearch({ tools: host, tuning: { toolSearchThresholdTokens: 0 } });
  });

  afterAll(async () => {
    await toolSearch?.close();
    await host?.close();
  });

  it("finds a real server's tool with search_tools and runs it through the session", async () => {
    const session = toolSearch.session();
    const search = await session.execute({
      id: "t1",
      name: "search_tools",
      input: { query: "add two numbers together" },
    });
    const names = JSON.parse(search.content as string).matches.map((match: { name: string }) => match.name);
    expect(names).toContain("everything__get-sum");
    const sum = await session.execute({ id: "t2", name: "everything__get-sum", input: { a: 2, b: "3" } });
    expect(sum.is_error).toBeUndefined();
    expect(JSON.stringify(sum.content)).toContain("5");
    expect(session.hydrated()).toEqual(["everything__get-sum"]);
  });

  it("finds a tool added at run time once its server sends list_changed", async () => {
    const session = toolSearch.session();
    const query = { query: "reticulate splines" };
    const before = await session.searchTools(query);
    expect(before.ok && before.matches.map((match) => match.name)).not.toContain("dynamic__reticulate_splines");
    const added = await session.execute({ id: "t3", name: "dynamic__add_tool", input: { name: "reticulate_splines" } });
    expect(added.is_error).toBeUndefined();
    const deadline = Date.now() + 10_000;
    let outcome = await session.searchTools(query);
    while (outcome.ok && outcome.matches[0]?.name !== "dynamic__reticulate_splines" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      outcome = await session.searchTools(query);
    }
    expect(outcome).toMatchObject({ ok: true, matches: [{ name: "dynamic__reticulate_splines" }] });
    const call = await session.execute({ id: "t4", name: "dynamic__reticulate_splines", input: {} });
    expect(call).toMatchObject({ content: [{ type: "text", text: "called reticulate_splines" }] });
  });

  it.each(["stubs", "native", "stable"] as const)(
    "runAgent (%s) searches, calls the found tool, and finds a tool added mid-run",
    async (strategy) => {
      const toolName = `summon_${strategy}`;
      const server = await startMessagesApiServer([
        () => reply.toolUse({ name: "search_tools", input: { query: "echo a message back" } }),
        () =>
          reply.toolUse(
            { name: "everything__echo", input: { message: "hello from the model" } },
            { name: "dynamic__add_tool", input: { name: toolName } },
          ),
        () => reply.toolUse({ name: "search_tools", input: { query: `${toolName.replace("_", " ")}` } }),
        () => reply.toolUse({ name: `dynamic__${toolName}`, input: {} }),
        () => reply.text("done"),
      ]);
      try {
        const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
        const result = await runAgent({ client, model: "claude-test", prompt: "echo something", toolSearch, strategy });
        expect(result.stopReason).toBe("end_turn");
        const [firstSearch, calls, secondSearch, summoned] = server.requests.slice(1).map(lastToolResults);
        expect(JSON.stringify(firstSearch)).toContain("everything__echo");
        expect(JSON.stringify(calls![0])).toContain("hello from the model");
        expect(JSON.stringify(secondSearch)).toContain(`dynamic__${toolName}`);
        expect(summoned![0]).toMatchObject({ content: [{ type: "text", text: `called ${toolName}` }] });
        expect(summoned![0]!.is_error).toBeUndefined();
      } finally {
        await server.close();
      }
    },
  );
});
