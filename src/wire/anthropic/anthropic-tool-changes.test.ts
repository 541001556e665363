import { describe, expect, it } from "vitest";
import { CODECS } from "../codecs.js";
import { transcriptCalls } from "../transcript-calls.js";
import { changesBetween, workingSetOf } from "../tool-changes.js";
import type { AnthropicTool } from "./anthropic.js";
import {
  INLINE_TOOLS_BETA,
  TOOL_CHANGES_BETA,
  anthropicToolChanges,
  toolChangeBetas,
  toolChangesRefusal,
} from "./anthropic-tool-changes.js";

const ISSUE: AnthropicTool = {
  name: "github__create_issue",
  description: "Create an issue.",
  input_schema: { type: "object", properties: { title: { type: "string" } } },
  defer_loading: true,
  cache_control: { type: "ephemeral" },
};

describe("the Messages API's tool changes", () => {
  it("writes additions by reference and removals as blocks of one system message", () => {
    const message = anthropicToolChanges.write(
      [
        { type: "remove", name: "slack__post_message" },
        { type: "add", name: "github__create_issue" },
      ],
      "reference",
      () => ISSUE,
    );
    expect(message).toEqual({
      role: "system",
      content: [
        { type: "tool_removal", tool: { type: "tool_reference", name: "slack__post_message" } },
        { type: "tool_addition", tool: { type: "tool_reference", name: "github__create_issue" } },
      ],
    });
    expect(toolChangeBetas([message])).toEqual([TOOL_CHANGES_BETA]);
  });

  it("writes an inline addition as a plain definition, and needs the inline beta too", () => {
    const message = anthropicToolChanges.write([{ type: "add", name: ISSUE.name }], "inline", () => ISSUE);
    expect(message.content).toEqual([
      {
        type: "tool_addition",
        tool: {
          type: "tool_definition",
          definition: { name: ISSUE.name, description: ISSUE.description, input_schema: ISSUE.input_schema },
        },
      },
    ]);
    expect(toolChangeBetas([{ role: "user", content: "hi" }, message])).toEqual([TOOL_CHANGES_BETA, INLINE_TOOLS_BETA]);
  });

  it("reads back what it wrote, and a transcript's working set from its changes in order", () => {
    const add = (name: string) => anthropicToolChanges.write([{ type: "add", name }], "reference", () => undefined);
    const remove = (name: string) =>
      anthropicToolChanges.write([{ type: "remove", name }], "reference", () => undefined);
    const transcript = [
      { role: "user", content: "go" },
      add("a"),
      add("b"),
      { role: "assistant", content: [{ type: "text", text: "ok" }] },
      remove("a"),
      add("c"),
      add("a"),
    ];
    expect(workingSetOf(transcript, anthropicToolChanges)).toEqual(["b", "c", "a"]);
    expect(anthropicToolChanges.read({ ...remove("a") })).toEqual([{ type: "remove", name: "a" }]);
    expect(transcriptCalls(transcript).map((call) => `${call.change}:${call.name}`)).toEqual([
      "add:a",
      "add:b",
      "remove:a",
      "add:c",
      "add:a",
    ]);
  });

  it("ignores malformed and foreign blocks instead of failing", () => {
    const entry = {
      role: "system",
      content: [
        { type: "text", text: "Be brief." },
        { type: "tool_addition" },
        { type: "tool_addition", tool: { type: "tool_reference", name: "" } },
        { type: "tool_removal", tool: { type: "mcp_toolset_reference", name: "x" } },
        null,
        "text",
        { type: "tool_addition", tool: { type: "tool_definition", definition: { name: "kept" } } },
      ],
    };
    expect(anthropicToolChanges.read(entry)).toEqual([{ type: "add", name: "kept" }]);
    expect(anthropicToolChanges.read({ role: "user", content: entry.content })).toEqual([]);
  });

  it("removes before it adds, so the model's set never outgrows the wanted one", () => {
    expect(changesBetween(["a", "b", "c"], ["b", "c", "d"])).toEqual([
      { type: "remove", name: "a" },
      { type: "add", name: "d" },
    ]);
    expect(changesBetween(["a"], ["a"])).toEqual([]);
  });

  it("is the only codec with tool changes", () => {
    expect(Object.values(CODECS).map((codec) => [codec.format, codec.toolChanges !== undefined])).toEqual([
      ["anthropic", true],
      ["openai-chat", false],
      ["openai-responses", false],
      ["gemini", false],
    ]);
  });

  it.each([
    ["claude-sonnet-5", false],
    ["claude-sonnet-5-20260301", false],
    ["claude-opus-4-7", false],
    ["claude-haiku-4-5", false],
    ["claude-3-5-haiku-latest", false],
    ["claude-opus-4-8", true],
    ["claude-opus-5", true],
    ["claude-opus-5-5", true],
    ["claude-sonnet-5-5", true],
    ["claude-haiku-5-5", true],
    ["claude-fable-5-1", true],
    ["claude-mythos-5", true],
    ["anthropic.claude-opus-5-5", true],
    ["claude-opus-6", true],
    ["claude-test-model", true],
  ])("takes %s for tool changes: %s", (model, takes) => {
    expect(toolChangesRefusal(model) === undefined).toBe(takes);
  });

  it("counts a search result's tool_reference blocks as loads only when asked", () => {
    const transcript = [
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: [{ type: "tool_reference", tool_name: "a" }] },
          { type: "tool_result", tool_use_id: "t2", content: "text" },
        ],
      },
      anthropicToolChanges.write([{ type: "remove", name: "a" }], "reference", () => undefined),
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t3", content: [{ type: "tool_reference", tool_name: "b" }] }],
      },
    ];
    expect(workingSetOf(transcript, anthropicToolChanges)).toEqual([]);
    expect(workingSetOf(transcript, anthropicToolChanges, true)).toEqual(["b"]);
  });
});
