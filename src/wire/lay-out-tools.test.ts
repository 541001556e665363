import { describe, expect, it } from "vitest";
import type { AnthropicTool, ToolResultBlock } from "./anthropic.js";
import { answerIn, layOutTools } from "./lay-out-tools.js";
import { chatToolMessageOf, openAIChatToolOf } from "./openai-chat.js";
import { openAIResponsesToolOf, responsesOutputOf } from "./openai-responses.js";

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

describe("answerIn", () => {
  it("answers each call in its own format", () => {
    expect(answerIn("anthropic", result)).toBe(result);
    expect(answerIn("openai-chat", result)).toEqual(chatToolMessageOf(result));
    expect(answerIn("openai-responses", result)).toEqual(responsesOutputOf(result));
  });
});
