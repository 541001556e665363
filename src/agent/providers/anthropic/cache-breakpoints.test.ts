import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "../../../wire/index.js";
import { MAX_CACHE_BREAKPOINTS, countBreakpoints, placeCacheBreakpoints } from "./cache-breakpoints.js";

const EPHEMERAL = { type: "ephemeral" };
const tool = (name: string, deferred = false): AnthropicTool => ({
  name,
  description: name,
  input_schema: { type: "object" },
  ...(deferred ? { defer_loading: true } : {}),
});

describe("placeCacheBreakpoints", () => {
  it("marks the last loaded tool, the system prompt as a text block and the last message, without touching the input", () => {
    const request = {
      tools: [tool("search_tools"), tool("keep"), tool("a", true), tool("b", true)],
      system: "Be brief.",
      messages: [{ role: "user", content: "hi" }] as Anthropic.MessageParam[],
    };
    const snapshot = JSON.stringify(request);
    const placed = placeCacheBreakpoints(request);
    expect(placed.tools.map((item) => item.cache_control)).toEqual([undefined, EPHEMERAL, undefined, undefined]);
    expect(placed.system).toEqual([{ type: "text", text: "Be brief.", cache_control: EPHEMERAL }]);
    expect(placed.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "hi", cache_control: EPHEMERAL }] },
    ]);
    expect(JSON.stringify(request)).toBe(snapshot);
  });

  it("adds the previous turn's end as a fourth breakpoint", () => {
    const messages: Anthropic.MessageParam[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: [{ type: "tool_use", id: "t", name: "x", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] },
    ];
    const placed = placeCacheBreakpoints({ tools: [tool("x")], system: "s", messages }, { previousLastMessage: 0 });
    expect(countBreakpoints(placed)).toBe(MAX_CACHE_BREAKPOINTS);
    expect(placed.messages[0]).toEqual({
      role: "user",
      content: [{ type: "text", text: "hi", cache_control: EPHEMERAL }],
    });
    expect(placed.messages[2]).toMatchObject({ content: [{ type: "tool_result", cache_control: EPHEMERAL }] });
  });

  it("counts the caller's own breakpoints, nested ones included, and stays within 4", () => {
    const marked = { type: "text" as const, text: "x", cache_control: { type: "ephemeral" as const } };
    const messages: Anthropic.MessageParam[] = [
      { role: "user", content: [marked, { type: "tool_result", tool_use_id: "t", content: [marked] }] },
      { role: "assistant", content: "ok" },
    ];
    const placed = placeCacheBreakpoints({ tools: [tool("x")], system: [marked], messages });
    expect(countBreakpoints(placed)).toBe(4);
    expect(placed.tools[0]!.cache_control).toEqual(EPHEMERAL);
    expect(placed.messages[1]).toEqual({ role: "assistant", content: "ok" });
  });

  it("with a breakpoint to spare, marks the end of the stable tools; the other four come first", () => {
    const tools = [tool("search_tools"), tool("hydrated"), tool("stub_a"), tool("stub_b")];
    const messages: Anthropic.MessageParam[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: [{ type: "tool_use", id: "t", name: "hydrated", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] },
    ];
    const marked = (placed: ReturnType<typeof placeCacheBreakpoints>) =>
      placed.tools.filter((item) => item.cache_control).map((item) => item.name);

    const spare = placeCacheBreakpoints({ tools, messages }, { previousLastMessage: 0, stableToolCount: 2 });
    expect(marked(spare)).toEqual(["hydrated", "stub_b"]);
    expect(countBreakpoints(spare)).toBe(MAX_CACHE_BREAKPOINTS);

    const full = placeCacheBreakpoints(
      { tools, system: "s", messages },
      { previousLastMessage: 0, stableToolCount: 2 },
    );
    expect(marked(full)).toEqual(["stub_b"]);
    expect(full.system).toEqual([{ type: "text", text: "s", cache_control: EPHEMERAL }]);
    expect(countBreakpoints(full)).toBe(MAX_CACHE_BREAKPOINTS);

    // A stable part that is the whole loaded array is already covered by the last tool's breakpoint.
    expect(marked(placeCacheBreakpoints({ tools, messages }, { stableToolCount: 4 }))).toEqual(["stub_b"]);
    expect(marked(placeCacheBreakpoints({ tools, messages }, { stableToolCount: 0 }))).toEqual(["stub_b"]);
  });

  it("skips thinking blocks and empty text, and leaves tools alone when all are deferred", () => {
    const messages: Anthropic.MessageParam[] = [
      {
        role: "assistant",
        content: [
          { type: "text", text: "answer" },
          { type: "text", text: "" },
          { type: "thinking", thinking: "…", signature: "sig" },
        ],
      },
    ];
    const placed = placeCacheBreakpoints({ tools: [tool("a", true)], messages });
    expect(placed.tools[0]!.cache_control).toBeUndefined();
    const content = placed.messages[0]!.content as Anthropic.ContentBlockParam[];
    expect(content.map((block) => "cache_control" in block && block.cache_control)).toEqual([EPHEMERAL, false, false]);
    expect(placed).not.toHaveProperty("system");
  });
});
