import { describe, expect, it } from "vitest";
import type { AnthropicTool, ToolResultBlock } from "./anthropic/anthropic.js";
import { CODECS, codecFor } from "./codecs.js";
import { layOutTools } from "./lay-out-tools.js";
import { TOOL_FORMATS } from "./tool-format.js";
import { chatToolMessageOf, openAIChatToolOf } from "./openai-chat/openai-chat.js";
import { openAIResponsesToolOf, responsesOutputOf } from "./openai-responses/openai-responses.js";

const block: AnthropicTool[] = [
  {
    name: "search_tools",
    description: "Find tools.",
    input_schema: { type: "object", properties: { query: { type: "string" } } },
  },
  { name: "slack__post_message", description: "Post a message.", input_schema: { type: "object" } },
];
const result: ToolResultBlock = { type: "tool_result", tool_use_id: "call_1", content: "sent", is_error: false };

describe("layOutTools", () => {
  it("hands out copies of an Anthropic block, so a caller's cache_control cannot reach the next one", () => {
    const laid = layOutTools(block, "anthropic") as AnthropicTool[];
    expect(laid).toEqual(block);
    laid[0]!.cache_control = { type: "ephemeral" };
    expect(block[0]).not.toHaveProperty("cache_control");
  });

  it("lays the same tools out, in the same order, for each OpenAI API", () => {
    expect(layOutTools(block, "openai-chat")).toEqual(block.map(openAIChatToolOf));
    expect(layOutTools(block, "openai-responses")).toEqual(block.map(openAIResponsesToolOf));
  });
});

describe("the codecs' answers", () => {
  it("answer each call in its own format", () => {
    const read = { ok: true as const, id: "call_1", name: "slack__post_message", input: {} };
    expect(codecFor("anthropic").writeAnswer(result, { ...read, format: "anthropic" })).toBe(result);
    expect(codecFor("openai-chat").writeAnswer(result, { ...read, format: "openai-chat" })).toEqual(
      chatToolMessageOf(result),
    );
    expect(codecFor("openai-responses").writeAnswer(result, { ...read, format: "openai-responses" })).toEqual(
      responsesOutputOf(result),
    );
  });
});

describe("the codec registry", () => {
  it("holds each codec under its own format, and every format has one", () => {
    expect(Object.keys(CODECS)).toEqual([...TOOL_FORMATS]);
    for (const [format, codec] of Object.entries(CODECS)) expect(codec.format).toBe(format);
  });
});
