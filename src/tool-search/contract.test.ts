import { describe, expect, it } from "vitest";
import { blockNames } from "../../test/support/block-names.js";
import { sampleTools, toolUse } from "../../test/support/sample-tools.js";
import { Bm25Ranker, toolOutput, type Ranker, type ToolDefinition, type ToolSearchEvent } from "../index.js";
import { createToolSearch } from "./tool-search.js";

// Each test here guards a line a mutation audit could change without any other test noticing.
const LOW = { toolSearchThresholdTokens: 100 };
const SQL_QUERY = "run a read-only sql query against the analytics database";

async function searchNames(
  toolSearch: Awaited<ReturnType<typeof createToolSearch>>,
  query: string,
): Promise<{ direct: string[]; viaModel: string[] }> {
  const direct = (await toolSearch.search(query, { limit: 10 })).map((match) => match.name);
  const result = await toolSearch.session().execute(toolUse("search_tools", { query, limit: 10 }));
  const viaModel = (JSON.parse(result.content as string) as { matches: { name: string }[] }).matches.map(
    (match) => match.name,
  );
  return { direct, viaModel };
}

describe("a permit that throws denies", () => {
  const permit = (tool: ToolDefinition) => {
    if (tool.server === "postgres") throw new Error("policy service down");
    return true;
  };

  it("at search, at block building and at execution, with a warning", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const events: ToolSearchEvent[] = [];
    const toolSearch = await createToolSearch({
      tools: sampleTools(calls),
      tuning: LOW,
      permit,
      onEvent: (event) => events.push(event),
    });
    const { direct, viaModel } = await searchNames(toolSearch, SQL_QUERY);
    expect(direct).not.toContain("postgres__query");
    expect(viaModel).not.toContain("postgres__query");
    const session = toolSearch.session();
    expect(blockNames(await session.tools())).not.toContain("~postgres__query");
    expect(await session.execute(toolUse("postgres__query", { sql: "select 1" }))).toMatchObject({ is_error: true });
    expect(calls).toEqual([]);
    expect(events).toContainEqual(expect.objectContaining({ type: "warning", code: "permit_failed" }));
  });
});

describe("an approve that throws", () => {
  it("does not run the destructive tool, and says the check failed", async () => {
    const calls: { name: string; input: unknown }[] = [];
    const approve = () => {
      throw new Error("approval service down");
    };
    const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW, approve })).session();
    const result = await session.execute(toolUse("github__delete_repository", { repo: "me/prod" }));
    expect(result).toMatchObject({
      is_error: true,
      content: expect.stringMatching(/approval check .* failed \(approval service down\)/),
    });
    expect(calls).toEqual([]);
  });

  it("that rejects, or resolves to anything but true, does not run it either", async () => {
    const calls: { name: string; input: unknown }[] = [];
    for (const approve of [
      async () => Promise.reject(new Error("no")),
      () => "yes" as unknown as boolean,
      () => 1 as unknown as boolean,
    ]) {
      const session = (await createToolSearch({ tools: sampleTools(calls), tuning: LOW, approve })).session();
      expect(await session.execute(toolUse("github__delete_repository", { repo: "me/prod" }))).toMatchObject({
        is_error: true,
      });
    }
    expect(calls).toEqual([]);
  });
});

describe("a custom ranker that ignores the filter", () => {
  it("cannot leak a denied tool through search_tools or toolSearch.search", async () => {
    const inner = new Bm25Ranker();
    const leaky: Ranker = {
      name: "leaky",
      update: (documents) => inner.update(documents),
      // Ignores filter and limit, and returns every tool.
      search: (query) => inner.search(query, { limit: 50 }),
    };
    const toolSearch = await createToolSearch({
      tools: sampleTools(),
      tuning: LOW,
      ranker: leaky,
      permit: (tool) => tool.server !== "postgres",
    });
    const { direct, viaModel } = await searchNames(toolSearch, SQL_QUERY);
    expect(direct.length).toBeGreaterThan(0);
    expect(direct).not.toContain("postgres__query");
    expect(viaModel).not.toContain("postgres__query");
  });
});

describe("results and slots", () => {
  it("sends a tool's own isError to the model as is_error: true, with its blocks", async () => {
    const tool: ToolDefinition = {
      name: "disk__write",
      description: "Write to disk.",
      inputSchema: { type: "object" },
      execute: () => toolOutput({ content: [{ type: "text", text: "disk full" }], isError: true }),
    };
    const result = await (await createToolSearch({ tools: [tool] })).session().execute(toolUse("disk__write", {}));
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "toolu_disk__write",
      content: [{ type: "text", text: "disk full" }],
      is_error: true,
    });
  });

  it("does not let keep tools take hydration slots", async () => {
    const events: ToolSearchEvent[] = [];
    const session = (
      await createToolSearch({
        tools: sampleTools(),
        tuning: { ...LOW, keepTools: ["postgres__query"], maxHydratedTools: 1 },
        onEvent: (event) => events.push(event),
      })
    ).session();
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    await session.execute(toolUse("postgres__query", { sql: "select 1" }));
    expect(session.hydrated()).toEqual(["slack__post_message"]);
    expect(events.filter((event) => event.type === "evict")).toEqual([]);
    expect(blockNames(await session.tools()).slice(0, 3)).toEqual([
      "search_tools",
      "postgres__query",
      "slack__post_message",
    ]);
  });

  it("uses tuning.searchLimit as the default limit, for search_tools and toolSearch.search", async () => {
    const query = "create issue message event query file repository";
    const wide = await createToolSearch({ tools: sampleTools(), tuning: LOW });
    expect((await wide.search(query)).length).toBeGreaterThan(2);
    const narrow = await createToolSearch({ tools: sampleTools(), tuning: { ...LOW, searchLimit: 2 } });
    expect(await narrow.search(query)).toHaveLength(2);
    const result = await narrow.session().execute(toolUse("search_tools", { query }));
    expect((JSON.parse(result.content as string) as { matches: unknown[] }).matches).toHaveLength(2);
    expect((await narrow.session().tools())[0]!.input_schema.properties!.limit).toMatchObject({
      description: expect.stringMatching(/default 2/),
    });
  });
});
