import { describe, expect, it } from "vitest";
import { blockNames } from "../../test/support/block-names.js";
import { toolUse } from "../../test/support/sample-tools.js";
import type { ToolDefinition, ToolHost } from "../index.js";
import { stableStrategy, stubsStrategy } from "../public/agent.js";
import { STUB_HINT, estimateTokens } from "../session/index.js";
import { createToolSearch } from "./tool-search.js";

/** `count` tools on a few servers, each with a small but real schema. */
function catalogue(count: number): ToolDefinition[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `s${i % 7}__tool_${i}`,
    description: `Do thing number ${i} for a customer. Returns what it did.`,
    server: `s${i % 7}`,
    inputSchema: {
      type: "object",
      properties: { customer_id: { type: "string", description: "The customer." }, limit: { type: "integer" } },
    },
    execute: () => "done",
  }));
}

describe("the stub budget", () => {
  it("lists stubs while they fit in maxStubTokens, and only search_tools, keep and hydrated tools past it", async () => {
    const tools = catalogue(40);
    const tuning = { toolSearchThresholdTokens: 0, keepTools: ["s0__tool_0"] };
    const stubs = (await (await createToolSearch({ tools, tuning })).session().tools()).slice(2);
    const budget = stubs.reduce((sum, stub) => sum + estimateTokens(stub), 0);

    const fits = (await createToolSearch({ tools, tuning: { ...tuning, maxStubTokens: budget } })).session();
    expect(blockNames(await fits.tools()).filter((name) => name.startsWith("~"))).toHaveLength(39);

    const over = (await createToolSearch({ tools, tuning: { ...tuning, maxStubTokens: budget - 1 } })).session();
    expect(blockNames(await over.tools())).toEqual(["search_tools", "s0__tool_0"]);
    // search_tools says that tools are not listed, rather than explaining stubs.
    const [searchTool] = await over.tools();
    expect(searchTool!.description).toMatch(/not listed/);
    expect(searchTool!.description).not.toContain(STUB_HINT);

    // Any tool stays callable by name, and hydrates.
    const result = await over.execute(toolUse("s3__tool_10", { customer_id: "c1" }));
    expect(result.is_error).toBeUndefined();
    expect(blockNames(await over.tools())).toEqual(["search_tools", "s0__tool_0", "s3__tool_10"]);
  });

  it("the stable strategy follows it too: search_tools and keep tools only, unchanging", async () => {
    const toolSearch = await createToolSearch({
      tools: catalogue(40),
      tuning: { toolSearchThresholdTokens: 0, maxStubTokens: 10 },
    });
    const session = toolSearch.session();
    const before = JSON.stringify(stableStrategy.tools(await session.view()));
    await session.execute(toolUse("s3__tool_10", { customer_id: "c1" }));
    expect(JSON.stringify(stableStrategy.tools(await session.view()))).toBe(before);
    expect(JSON.parse(before).map((tool: { name: string }) => tool.name)).toEqual(["search_tools"]);
  });

  it("rejects a budget that is not a whole number", async () => {
    await expect(createToolSearch({ tools: catalogue(2), tuning: { maxStubTokens: -1 } })).rejects.toMatchObject({
      code: "invalid_tuning",
    });
    await expect(createToolSearch({ tools: catalogue(2), tuning: { maxStubTokens: 1.5 } })).rejects.toMatchObject({
      code: "invalid_tuning",
    });
  });
});

describe("the stub format", () => {
  it("is the name, the first sentence and the hint, with a schema that admits any input", async () => {
    const [tool] = catalogue(1);
    const session = (await createToolSearch({ tools: [tool!], tuning: { toolSearchThresholdTokens: 0 } })).session();
    const [, stub] = await session.tools();
    expect(stub).toEqual({
      name: "s0__tool_0",
      description: `Do thing number 0 for a customer. ${STUB_HINT}`,
      input_schema: { type: "object" },
    });
  });

  it("costs a small fraction of the full definition, even of a small tool", async () => {
    const session = (
      await createToolSearch({ tools: catalogue(3), tuning: { toolSearchThresholdTokens: 0 } })
    ).session();
    for (const tool of (await session.view()).others)
      expect(estimateTokens(tool.stub)).toBeLessThan(estimateTokens(tool.full) * 0.6);
  });
});

describe("block rules hold at every size and presentation", () => {
  // Small catalogues list stubs, large ones go search-only under the default budget.
  it.each([5, 60, 400, 3_000])(
    "%i tools: byte-identical with nothing new; a hydration keeps the prefix",
    async (count) => {
      const tools = catalogue(count);
      const session = (await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: 0 } })).session();
      await session.execute(toolUse(tools[count - 1]!.name, { customer_id: "a" }));
      const first = await session.tools();
      await session.execute(toolUse("search_tools", { query: "thing for a customer" }));
      await session.execute(toolUse(tools[count - 1]!.name, { customer_id: "b" }));
      expect(JSON.stringify(await session.tools())).toBe(JSON.stringify(first));

      await session.execute(toolUse(tools[0]!.name, { customer_id: "c" }));
      const third = await session.tools();
      const stable = stubsStrategy.stableToolCount!(await session.view());
      // Everything up to and including the earlier hydrated tool is unchanged; the new one follows it.
      expect(JSON.stringify(third.slice(0, 2))).toBe(JSON.stringify(first.slice(0, 2)));
      expect(third[2]!.name).toBe(tools[0]!.name);
      expect(stable).toBe(3);
    },
  );
});

describe("a block costs the tools it shows", () => {
  it("asks permit about the shown tools on each turn, not about the whole catalogue", async () => {
    let asked = 0;
    const toolSearch = await createToolSearch({
      tools: catalogue(3_000),
      tuning: { toolSearchThresholdTokens: 0 },
      permit: (_tool, context) => (context.stage === "block" && asked++, true),
    });
    const session = toolSearch.session("s");
    await session.tools();
    expect(asked).toBeGreaterThanOrEqual(3_000);
    asked = 0;
    for (let turn = 0; turn < 5; turn++) await session.tools();
    expect(asked).toBeLessThan(20);
  });

  it("derives again when a host lists a changed catalogue", async () => {
    let listed = catalogue(30);
    const host: ToolHost = { listTools: async () => listed };
    const session = (await createToolSearch({ tools: host, tuning: { toolSearchThresholdTokens: 0 } })).session();
    expect(blockNames(await session.tools())).toHaveLength(31);
    listed = [
      ...listed,
      ...catalogue(31)
        .slice(30)
        .map((tool) => ({ ...tool, name: "new__tool" })),
    ];
    expect(blockNames(await session.tools())).toContain("~new__tool");
  });

  it("drops a tool permit now refuses from the very next block; one it now allows appears after refreshPermissions()", async () => {
    const denied = new Set<string>(["s2__tool_2"]);
    const toolSearch = await createToolSearch({
      tools: catalogue(10),
      tuning: { toolSearchThresholdTokens: 0 },
      permit: (tool) => !denied.has(tool.name),
    });
    const session = toolSearch.session();
    await session.execute(toolUse("s1__tool_1", { customer_id: "a" }));
    expect(blockNames(await session.tools())).toContain("s1__tool_1");
    denied.add("s1__tool_1");
    denied.add("s3__tool_3");
    expect(blockNames(await session.tools())).not.toContain("s1__tool_1");
    expect(blockNames(await session.tools())).not.toContain("~s3__tool_3");
    denied.clear();
    expect(blockNames(await session.tools())).toContain("~s3__tool_3");
    // A tool denied when the block was first derived stays out until the permissions are
    // refreshed: failing closed meanwhile.
    expect(blockNames(await session.tools())).not.toContain("~s2__tool_2");
    toolSearch.refreshPermissions();
    expect(blockNames(await session.tools())).toContain("~s2__tool_2");
  });
});
