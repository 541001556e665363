import { describe, expect, it } from "vitest";
import { createToolSearch, type ToolDefinition } from "../../index.js";
import { budgetedListing, listedTools } from "./gateway-listing.js";
import { NO_BUDGET } from "./listing-budget.js";
import { ALWAYS_LOAD_KEY, alwaysLoaded } from "./listed-tool.js";

const tools: ToolDefinition[] = Array.from({ length: 30 }, (_, index) => ({
  name: `svc__task_${index}`,
  description: `Performs task number ${index} of the service, with a description long enough to count.`,
  inputSchema: { type: "object", properties: { id: { type: "string" } } },
  execute: () => "done",
}));

const marked = (listed: readonly { name: string; _meta?: Readonly<Record<string, unknown>> }[]) =>
  listed.filter((tool) => tool._meta?.[ALWAYS_LOAD_KEY] === true).map((tool) => tool.name);

describe("tools a client must send its model whole", () => {
  it("marks search_tools, call_tool, the keep tools and the loaded tools, in the search listing", async () => {
    const toolSearch = await createToolSearch({
      tools,
      tuning: { toolSearchThresholdTokens: 100, keepTools: ["svc__task_0"] },
    });
    const session = toolSearch.session("marks");
    await session.hydrate(["svc__task_7"]);
    const listed = listedTools(await session.view(), "search", () => ({}));
    expect(listed.map((tool) => tool.name)).toEqual(["search_tools", "call_tool", "svc__task_0", "svc__task_7"]);
    expect(marked(listed)).toEqual(["search_tools", "call_tool", "svc__task_0", "svc__task_7"]);
  });

  it("leaves the stubs unmarked: a client may defer them, as a listing of every tool wants", async () => {
    const toolSearch = await createToolSearch({ tools, tuning: { toolSearchThresholdTokens: 100 } });
    const session = toolSearch.session("stubs");
    await session.hydrate(["svc__task_3"]);
    const listed = listedTools(await session.view(), "stubs", () => ({}));
    expect(listed).toHaveLength(2 + tools.length);
    expect(marked(listed)).toEqual(["search_tools", "call_tool", "svc__task_3"]);
  });

  it("marks nothing when a small catalogue is listed whole: the client decides", async () => {
    const toolSearch = await createToolSearch({ tools: tools.slice(0, 3) });
    const view = await toolSearch.session("whole").view();
    const listed = budgetedListing(view, "search", () => ({}), NO_BUDGET, []).tools;
    expect(listed.map((tool) => tool.name)).toEqual(["svc__task_0", "svc__task_1", "svc__task_2"]);
    expect(marked(listed)).toEqual([]);
  });

  it("keeps a tool's other metadata and copies rather than changes it", () => {
    const tool = { name: "t", description: "d", inputSchema: { type: "object" as const }, _meta: { other: 1 } };
    expect(alwaysLoaded(tool)._meta).toEqual({ other: 1, [ALWAYS_LOAD_KEY]: true });
    expect(tool._meta).toEqual({ other: 1 });
  });
});
