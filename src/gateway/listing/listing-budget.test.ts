import { describe, expect, it } from "vitest";
import { sampleTools } from "../../../test/support/sample-tools.js";
import { createToolSearch, defineTool, type ToolDefinition } from "../../index.js";
import type { Caller } from "../auth/caller.js";
import { MIN_LISTED_TOKENS } from "./budget-config.js";
import type { PolicyEntry } from "../policy/policies-config.js";
import { budgetedListing, listedTools, listUnderBudget } from "./gateway-listing.js";
import type { ListedTool } from "./listed-tool.js";
import { NO_BUDGET, budgetListing, listedToolTokens, type ListingBudget, type ListingParts } from "./listing-budget.js";
import { budgetFor } from "../policy/caller-policy.js";

function tool(name: string, description = `Does ${name}.`): ListedTool {
  return { name, description, inputSchema: { type: "object" } };
}

const tools = (names: readonly string[]) => names.map((name) => tool(name));
const names = (listed: readonly { name: string }[]) => listed.map((listedTool) => listedTool.name);
const cap = (maxListedTools?: number, maxListedTokens?: number): ListingBudget => ({ maxListedTools, maxListedTokens });

/** h0 … h{n-1}, hydrated in that order; `used` are used again afterwards, in that order (most recent last). */
function parts(n: number, used: string[] = [], stubs: string[] = []): ListingParts<ListedTool> {
  const hydrated = Array.from({ length: n }, (_, index) => `h${index}`);
  return {
    fixed: tools(["search_tools", "keep"]),
    hydrated: tools(hydrated),
    recency: [...hydrated.filter((name) => !used.includes(name)), ...used],
    stubs: tools(stubs),
  };
}

describe("budgetListing: the tools cap", () => {
  it("keeps the most recently used hydrated tools in listing order and evicts the rest, least recently used first", () => {
    const listing = budgetListing(parts(10, ["h2", "h0"]), cap(5));
    expect(names(listing.tools)).toEqual(["search_tools", "keep", "h0", "h2", "h9"]);
    expect(listing.evicted).toEqual(["h1", "h3", "h4", "h5", "h6", "h7", "h8"]);
    expect(listing.overBudget).toBe(false);
  });

  it("changes nothing under the cap, or with no budget at all", () => {
    const all = ["search_tools", "keep", "h0", "h1", "h2"];
    expect(budgetListing(parts(3), cap(5))).toMatchObject({ evicted: [], omittedStubs: 0 });
    expect(names(budgetListing(parts(3), cap(5)).tools)).toEqual(all);
    expect(names(budgetListing(parts(3), NO_BUDGET).tools)).toEqual(all);
  });

  it("never drops search_tools or a keep tool, even over a cap they alone exceed", () => {
    const listing = budgetListing(parts(3), cap(1));
    expect(names(listing.tools)).toEqual(["search_tools", "keep"]);
    expect(listing.evicted).toEqual(["h0", "h1", "h2"]);
    expect(listing.overBudget).toBe(true);
  });
});

describe("budgetListing: the tokens cap", () => {
  const costs: Record<string, number> = {
    search_tools: 300,
    keep: 200,
    h0: 100,
    h1: 100,
    h2: 400,
    h3: 100,
    big: 5_000,
  };
  const priced = (listed: ListedTool) => costs[listed.name] ?? 50;

  it("keeps the most recent tools that fit, and evicts from the first that does not, older ones included", () => {
    // 500 fixed + room for 600: h3 (100, the newest), h2 (400), then h1 (100) fills it; h0 goes.
    const listing = budgetListing(parts(4), cap(undefined, 1_100), priced);
    expect(names(listing.tools)).toEqual(["search_tools", "keep", "h1", "h2", "h3"]);
    expect(listing.evicted).toEqual(["h0"]);
    const tighter = budgetListing(parts(4), cap(undefined, 1_000), priced);
    expect(names(tighter.tools)).toEqual(["search_tools", "keep", "h2", "h3"]);
    expect(tighter.evicted).toEqual(["h0", "h1"]);
    // h2 does not fit in 450: it goes, and so does every tool used before it, though h1 would fit.
    const strict = budgetListing(parts(4), cap(undefined, 950), priced);
    expect(names(strict.tools)).toEqual(["search_tools", "keep", "h3"]);
    expect(strict.evicted).toEqual(["h0", "h1", "h2"]);
  });

  it("evicts a tool bigger than the whole budget on its own, without pushing out the older tools", () => {
    const input = { ...parts(2), hydrated: tools(["h0", "h1", "big"]), recency: ["h0", "h1", "big"] };
    const listing = budgetListing(input, cap(undefined, 1_000), priced);
    expect(names(listing.tools)).toEqual(["search_tools", "keep", "h0", "h1"]);
    expect(listing.evicted).toEqual(["big"]);
  });

  it("applies both caps at once: whichever is reached first", () => {
    expect(names(budgetListing(parts(4), cap(4, 10_000), priced).tools)).toEqual(["search_tools", "keep", "h2", "h3"]);
    expect(names(budgetListing(parts(4), cap(40, 900), priced).tools)).toEqual(["search_tools", "keep", "h3"]);
  });

  it("reports what the fixed tools take when they alone are over the budget", () => {
    const listing = budgetListing(parts(1), cap(undefined, 400), priced);
    expect(listing).toMatchObject({ overBudget: true, fixedTokens: 500, evicted: ["h0"] });
    expect(names(listing.tools)).toEqual(["search_tools", "keep"]);
  });

  it("counts with the library's estimator over each tool's JSON as sent, by default", () => {
    const wordy = tool("wordy", "x".repeat(3_500));
    expect(listedToolTokens(wordy)).toBe(Math.ceil(JSON.stringify(wordy).length / 3.5));
    // What the client reads for itself, such as how it loads the tool, is not sent to the model.
    const withMeta = { ...wordy, _meta: { "anthropic/alwaysLoad": true, note: "y".repeat(700) } };
    expect(listedToolTokens(withMeta)).toBe(listedToolTokens(wordy));
    const input = { fixed: tools(["search_tools"]), hydrated: [wordy], recency: ["wordy"], stubs: [] };
    expect(budgetListing(input, cap(undefined, 1_000)).evicted).toEqual(["wordy"]);
    expect(budgetListing(input, cap(undefined, 1_100)).evicted).toEqual([]);
  });
});

describe("budgetListing: stubs", () => {
  it("fills what the hydrated tools leave, in catalogue order, and counts the stubs left out", () => {
    const listing = budgetListing(parts(2, [], ["s0", "s1", "s2", "s3"]), cap(6));
    expect(names(listing.tools)).toEqual(["search_tools", "keep", "h0", "h1", "s0", "s1"]);
    expect(listing.omittedStubs).toBe(2);
    expect(listing.evicted).toEqual([]);
  });

  it("skips a stub too big for the tokens left, and lists the smaller ones after it", () => {
    const input = { fixed: tools(["search_tools"]), hydrated: [], recency: [], stubs: tools(["s0", "huge", "s1"]) };
    const listing = budgetListing(input, cap(10, 1_000), (listed) => (listed.name === "huge" ? 900 : 100));
    expect(names(listing.tools)).toEqual(["search_tools", "s0", "s1"]);
    expect(listing.omittedStubs).toBe(1);
  });

  it("gives the hydrated tools the room before any stub", () => {
    const listing = budgetListing(parts(5, [], ["s0"]), cap(4));
    expect(names(listing.tools)).toEqual(["search_tools", "keep", "h3", "h4"]);
    expect(listing).toMatchObject({ evicted: ["h0", "h1", "h2"], omittedStubs: 1 });
  });
});

describe("budgetFor: whose budget a caller gets", () => {
  const entry = (groups: string[], budget: Partial<ListingBudget>): PolicyEntry => ({
    callers: [],
    groups,
    scopes: [],
    tenants: [],
    allow: [],
    deny: [],
    allowDestructive: [],
    ...budget,
  });
  const caller = (...groups: string[]): Caller => ({ id: "a", via: "token", groups, scopes: [], tenant: undefined });
  const settings = {
    maxListedTools: 128,
    maxListedTokens: 20_000,
    policies: [
      entry(["cursor"], { maxListedTools: 40 }),
      entry(["windsurf"], { maxListedTools: 50 }),
      entry(["big"], { maxListedTools: 500 }),
    ],
  };

  it("gives a caller no policy names the top-level budget", () => {
    expect(budgetFor(settings, caller("other"))).toEqual({ maxListedTools: 128, maxListedTokens: 20_000 });
    expect(budgetFor(settings, "not a caller")).toEqual({ maxListedTools: 128, maxListedTokens: 20_000 });
  });

  it("lets a policy's value win over the top-level one, larger or smaller, key by key", () => {
    expect(budgetFor(settings, caller("cursor"))).toEqual({ maxListedTools: 40, maxListedTokens: 20_000 });
    expect(budgetFor(settings, caller("big"))).toEqual({ maxListedTools: 500, maxListedTokens: 20_000 });
  });

  it("takes the smallest of several policies that apply", () => {
    expect(budgetFor(settings, caller("big", "windsurf", "cursor")).maxListedTools).toBe(40);
    expect(budgetFor(settings, caller("windsurf", "big")).maxListedTools).toBe(50);
  });
});

describe("budgetedListing over a real session", () => {
  const many: ToolDefinition[] = Array.from({ length: 12 }, (_, index) =>
    defineTool({
      name: `svc__task_${index}`,
      description: `Performs task number ${index} of the service.`,
      inputSchema: { type: "object", properties: {} },
      execute: () => "done",
    }),
  );

  it("lists the same tools as listedTools when no budget is in force", async () => {
    const toolSearch = await createToolSearch({ tools: sampleTools(), tuning: { toolSearchThresholdTokens: 100 } });
    const session = toolSearch.session("same");
    await session.hydrate(["postgres__query", "slack__post_message"]);
    const view = await session.view();
    for (const mode of ["search", "stubs"] as const) {
      expect(budgetedListing(view, mode, () => ({}), NO_BUDGET, session.hydrated()).tools).toEqual(
        listedTools(view, mode, () => ({})),
      );
    }
  });

  it("says the budget in search_tools' description, in both modes, and stays under the token floor", async () => {
    const toolSearch = await createToolSearch({ tools: many, tuning: { toolSearchThresholdTokens: 100 } });
    const view = await toolSearch.session("words").view();
    for (const mode of ["search", "stubs"] as const) {
      const [search] = budgetedListing(view, mode, () => ({}), cap(40, 1_000_000), []).tools;
      expect(search?.description).toContain(
        "Your client shows at most 40 tools and about 1000000 tokens of tool definitions: the least recently used tools",
      );
      expect(search?.description).toContain("search again to bring one back");
      expect(listedToolTokens(search!)).toBeLessThan(MIN_LISTED_TOKENS);
    }
    const [stubsSearch] = budgetedListing(view, "stubs", () => ({}), cap(5), []).tools;
    expect(stubsSearch?.description).toContain(
      "tools past that limit are not listed at all, and search finds them too",
    );
    expect(budgetedListing(view, "stubs", () => ({}), cap(5), []).tools).toHaveLength(5);
  });

  it("unloads what the budget leaves out from the session itself, so its LRU order agrees with the list", async () => {
    const toolSearch = await createToolSearch({
      tools: many,
      tuning: { toolSearchThresholdTokens: 100, maxHydratedTools: 50 },
    });
    const session = toolSearch.session("evict");
    await session.hydrate(many.map((definition) => definition.name));
    const lines: string[] = [];
    const gateway = { mode: "search" as const, configFile: "mcp.json", log: (line: string) => lines.push(line) };
    const listed = listUnderBudget(session, await session.view(), gateway, cap(4), () => ({}));
    expect(names(listed)).toEqual(["search_tools", "call_tool", "svc__task_10", "svc__task_11"]);
    expect(session.hydrated()).toEqual(["svc__task_10", "svc__task_11"]);
    expect(lines).toEqual([]);
  });

  it("lists search_tools, call_tool and the keep tools over a budget they alone exceed, and says so once, with what to change", async () => {
    const wordy: ToolDefinition = {
      name: "svc__wordy",
      description: `Explains everything. ${"Very detailed text. ".repeat(150)}`,
      inputSchema: { type: "object", properties: {} },
      execute: () => "done",
    };
    const toolSearch = await createToolSearch({
      tools: [...many, wordy],
      tuning: { toolSearchThresholdTokens: 100, keepTools: ["svc__wordy"] },
    });
    const session = toolSearch.session("over");
    await session.hydrate(["svc__task_1"]);
    const lines: string[] = [];
    const gateway = { mode: "search" as const, configFile: "team.json", log: (line: string) => lines.push(line) };
    for (let round = 0; round < 2; round++) {
      const listed = listUnderBudget(session, await session.view(), gateway, cap(40, 600), () => ({}));
      expect(names(listed)).toEqual(["search_tools", "call_tool", "svc__wordy"]);
    }
    expect(session.hydrated()).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /search_tools, call_tool and the keepTools take about \d+ tokens, more than the maxListedTokens of 600/,
    );
    expect(lines[0]).toContain("Raise maxListedTokens in team.json (or in the client's policy), or keep fewer tools.");
  });

  it("lists a catalogue small enough to list whole as search does once it is over the budget", async () => {
    const toolSearch = await createToolSearch({ tools: many });
    const view = await toolSearch.session("small").view();
    expect(view.progressive).toBe(false);
    expect(budgetedListing(view, "search", () => ({}), cap(12), []).tools).toHaveLength(12);
    expect(names(budgetedListing(view, "search", () => ({}), cap(11), []).tools)).toEqual([
      "search_tools",
      "call_tool",
    ]);
  });
});
