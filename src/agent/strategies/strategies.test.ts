import { describe, expect, it } from "vitest";
import { blockNames } from "../../../test/support/block-names.js";
import { sampleTools, toolUse } from "../../testing/index.js";
import { OptionsError } from "../../errors.js";
import type { SearchToolsOutcome } from "../../session/index.js";
import { createToolSearch } from "../../tool-search/index.js";
import {
  MAX_DEFERRED_TOOLS,
  UNAVAILABLE_TOOL_DESCRIPTION,
  nativeStrategy,
  stableStrategy,
  strategyOf,
  stubsStrategy,
} from "./index.js";

const LOW = { toolSearchThresholdTokens: 100 };

async function sessionWith(tuning: Record<string, unknown> = {}) {
  return (await createToolSearch({ tools: sampleTools(), tuning: { ...LOW, ...tuning } })).session();
}

const found = (...names: string[]): SearchToolsOutcome => ({
  ok: true,
  query: "q",
  matches: names.map((name) => ({
    name,
    description: sampleTools().find((tool) => tool.name === name)!.description,
    score: 1,
    confidence: "strong" as const,
  })),
});

describe("stubsStrategy", () => {
  it("is the session's own tool block, hydration included", async () => {
    const session = await sessionWith();
    await session.execute(toolUse("postgres__query", { sql: "select 1" }));
    expect(stubsStrategy.tools(await session.view())).toEqual(await session.tools());
    expect(blockNames(stubsStrategy.tools(await session.view()))[1]).toBe("postgres__query");
  });

  it("counts the tools before the first stub as stable: search_tools, keep tools and hydrated tools", async () => {
    const session = await sessionWith({ keepTools: ["filesystem__read_file"] });
    const stableOf = async () => {
      const view = await session.view();
      const names = blockNames(stubsStrategy.tools(view));
      return {
        count: stubsStrategy.stableToolCount!(view),
        firstStub: names.findIndex((name) => name.startsWith("~")),
      };
    };
    expect(await stableOf()).toEqual({ count: 2, firstStub: 2 });
    await session.execute(toolUse("postgres__query", { sql: "select 1" }));
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    expect(await stableOf()).toEqual({ count: 4, firstStub: 4 });
    const below = await (
      await createToolSearch({ tools: sampleTools(), tuning: { toolSearchThresholdTokens: 1_000_000 } })
    )
      .session()
      .view();
    expect(stubsStrategy.stableToolCount!(below)).toBe(stubsStrategy.tools(below).length);
  });
});

describe("nativeStrategy", () => {
  it("puts search_tools and keep tools first, loaded, then every other tool in full and deferred", async () => {
    const session = await sessionWith({ keepTools: ["filesystem__read_file"] });
    const tools = nativeStrategy.tools(await session.view());
    expect(tools.map((tool) => [tool.name, tool.defer_loading === true])).toEqual([
      ["search_tools", false],
      ["filesystem__read_file", false],
      ["github__create_issue", true],
      ["github__delete_repository", true],
      ["slack__post_message", true],
      ["calendar__create_event", true],
      ["postgres__query", true],
    ]);
    expect(tools[4]!.input_schema).toEqual(sampleTools()[2]!.inputSchema);
    expect(tools[0]!.description).toMatch(/loads their complete definitions/);
    expect(tools.some((tool) => tool.cache_control)).toBe(false);
  });

  it("does not change when the session hydrates a tool", async () => {
    const session = await sessionWith();
    const before = JSON.stringify(nativeStrategy.tools(await session.view()));
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    expect(JSON.stringify(nativeStrategy.tools(await session.view()))).toBe(before);
  });

  it(`refuses more than ${MAX_DEFERRED_TOOLS} deferred tools and points to the stubs strategy`, async () => {
    const view = await (await sessionWith()).view();
    const others = Array.from({ length: MAX_DEFERRED_TOOLS + 1 }, () => view.others[0]!);
    expect(() => nativeStrategy.tools({ ...view, others })).toThrow(OptionsError);
    expect(() => nativeStrategy.tools({ ...view, others })).toThrow(/10,001 tools.*at most 10,000.*"stubs"/);
    expect(nativeStrategy.tools({ ...view, others: others.slice(1) })).toHaveLength(MAX_DEFERRED_TOOLS + 1);
  });

  it("keeps each referenced tool defined: a deferred placeholder, after the rest, for one that is gone or denied", async () => {
    const session = await sessionWith({ keepTools: ["filesystem__read_file"] });
    const view = await session.view();
    const referenced = ["jira__gone", "slack__post_message", "filesystem__read_file", "search_tools", "aaa__also_gone"];
    const tools = nativeStrategy.tools(view, referenced);
    expect(tools.slice(0, -2)).toEqual(nativeStrategy.tools(view));
    const placeholder = (name: string) => ({
      name,
      description: UNAVAILABLE_TOOL_DESCRIPTION,
      input_schema: { type: "object" },
      defer_loading: true,
    });
    expect(tools.slice(-2)).toEqual([placeholder("jira__gone"), placeholder("aaa__also_gone")]);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    // A tool permit() now denies is not in the view: it gets the same placeholder as a missing one.
    const denied = { ...view, others: view.others.filter((tool) => tool.name !== "slack__post_message") };
    expect(nativeStrategy.tools(denied, referenced).find((tool) => tool.name === "slack__post_message")).toEqual(
      placeholder("slack__post_message"),
    );
  });

  it("counts placeholders towards the deferred limit", async () => {
    const view = await (await sessionWith()).view();
    const others = Array.from({ length: MAX_DEFERRED_TOOLS }, (_, i) => ({ ...view.others[0]!, name: `t${i}` }));
    expect(nativeStrategy.tools({ ...view, others }, [])).toHaveLength(MAX_DEFERRED_TOOLS + 1);
    expect(() => nativeStrategy.tools({ ...view, others }, ["gone"])).toThrow(/10,001 tools/);
  });

  it("below the threshold keeps the deferred layout once the transcript holds references", async () => {
    const view = await (await sessionWith({ toolSearchThresholdTokens: 1_000_000 })).view();
    const tools = nativeStrategy.tools(view, ["slack__post_message"]);
    expect(tools[0]!.name).toBe("search_tools");
    expect(tools.find((tool) => tool.name === "slack__post_message")).toMatchObject({
      defer_loading: true,
      input_schema: sampleTools()[2]!.inputSchema,
    });
  });

  it("answers a search with tool_reference blocks for deferred matches only", async () => {
    const view = await (await sessionWith({ keepTools: ["filesystem__read_file"] })).view();
    const result = nativeStrategy.searchResult("t1", found("filesystem__read_file", "slack__post_message"), view);
    expect(result).toEqual({
      type: "tool_result",
      tool_use_id: "t1",
      content: [{ type: "tool_reference", tool_name: "slack__post_message" }],
    });
  });

  it("answers with text when only loaded tools match, when nothing matches, and when the search failed", async () => {
    const view = await (await sessionWith({ keepTools: ["filesystem__read_file"] })).view();
    const loadedOnly = nativeStrategy.searchResult("t1", found("filesystem__read_file"), view);
    expect(loadedOnly.content).toEqual([{ type: "text", text: expect.stringContaining("already loaded") }]);
    const none = nativeStrategy.searchResult("t2", { ok: true, query: "q", matches: [] }, view);
    expect(none.content).toEqual([{ type: "text", text: expect.stringMatching(/"matches":\[\].*rephrase/i) }]);
    const failed = nativeStrategy.searchResult("t3", { ok: false, error: "search_tools: bad" }, view);
    expect(failed).toEqual({ type: "tool_result", tool_use_id: "t3", content: "search_tools: bad", is_error: true });
  });

  it("below the threshold sends every tool in full, none deferred, and answers search as text", async () => {
    const view = await (await sessionWith({ toolSearchThresholdTokens: 1_000_000 })).view();
    expect(nativeStrategy.tools(view)).toEqual(view.all);
    expect(typeof nativeStrategy.searchResult("t", found("slack__post_message"), view).content).toBe("string");
  });
});

describe("stableStrategy", () => {
  it("sends search_tools, keep tools and stubs, and never hydrates into the array", async () => {
    const session = await sessionWith({ keepTools: ["postgres__query"] });
    const before = stableStrategy.tools(await session.view());
    await session.execute(toolUse("slack__post_message", { channel: "c", text: "t" }));
    const after = stableStrategy.tools(await session.view());
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect(blockNames(after)).toEqual([
      "search_tools",
      "postgres__query",
      "~github__create_issue",
      "~github__delete_repository",
      "~slack__post_message",
      "~calendar__create_event",
      "~filesystem__read_file",
    ]);
  });

  it("puts each match's full input schema in the search result", async () => {
    const view = await (await sessionWith()).view();
    const result = stableStrategy.searchResult("t1", found("calendar__create_event", "slack__post_message"), view);
    expect(JSON.parse(result.content as string)).toEqual({
      matches: [
        {
          name: "calendar__create_event",
          description: sampleTools()[3]!.description,
          input_schema: sampleTools()[3]!.inputSchema,
        },
        {
          name: "slack__post_message",
          description: sampleTools()[2]!.description,
          input_schema: sampleTools()[2]!.inputSchema,
        },
      ],
    });
  });
});

describe("strategyOf", () => {
  it("finds each strategy by name and rejects others", () => {
    expect(strategyOf("native")).toBe(nativeStrategy);
    expect(() => strategyOf("toString")).toThrow(OptionsError);
  });
});

describe("every strategy's search answer names the servers the search could not see", () => {
  const unavailable = [{ server: "jira", state: "down" as const, error: "connection refused" }];
  const missing = (outcome: SearchToolsOutcome): SearchToolsOutcome =>
    outcome.ok ? { ...outcome, unavailable } : outcome;

  it.each([
    ["stubs", stubsStrategy, found("slack__post_message")],
    ["stable", stableStrategy, found("slack__post_message")],
    ["native, loaded matches only", nativeStrategy, found("filesystem__read_file")],
    ["native, no match", nativeStrategy, { ok: true, query: "q", matches: [] } as SearchToolsOutcome],
  ] as const)("%s", async (_name, strategy, outcome) => {
    const view = await (await sessionWith({ keepTools: ["filesystem__read_file"] })).view();
    const { content } = strategy.searchResult("t1", missing(outcome), view);
    const text =
      typeof content === "string"
        ? content
        : content.map((block) => (block.type === "text" ? block.text : "")).join("");
    expect(JSON.parse(text)).toMatchObject({ unavailable, hint: expect.stringMatching(/down \(see unavailable\)/) });
  });
});
