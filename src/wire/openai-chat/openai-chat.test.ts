import { describe, expect, it } from "vitest";
import type { AnthropicTool, ToolResultBlock } from "../anthropic/anthropic.js";
import { chatToolMessageOf, openAIChatToolOf } from "./openai-chat.js";
import { openAIResponsesToolOf } from "../openai-responses/openai-responses.js";

const TOOL: AnthropicTool = {
  name: "slack__post_message",
  description: "Post a message to a Slack channel.",
  input_schema: { type: "object", properties: { channel: { type: "string" } }, required: ["channel"] },
};

const IMAGE = { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0K" } } as const;
const REFERENCE = { type: "tool_reference", tool_name: "github__create_issue" } as const;

function result(content: ToolResultBlock["content"], isError?: boolean): ToolResultBlock {
  return {
    type: "tool_result",
    tool_use_id: "call_7",
    content,
    ...(isError === undefined ? {} : { is_error: isError }),
  };
}

describe("tools in the OpenAI layouts", () => {
  it("lays a tool out for Chat Completions, never strict", () => {
    const chat = openAIChatToolOf(TOOL);
    expect(chat).toStrictEqual({
      type: "function",
      function: {
        name: "slack__post_message",
        description: "Post a message to a Slack channel.",
        parameters: TOOL.input_schema,
        strict: false,
      },
    });
    // A caller editing the parameters it was handed must not reach toolsift's memoised schema.
    expect(chat.function.parameters).not.toBe(TOOL.input_schema);
  });

  it("lays a tool out for the Responses API, with strict: false sent explicitly", () => {
    const responses = openAIResponsesToolOf(TOOL);
    expect(responses).toStrictEqual({
      type: "function",
      name: "slack__post_message",
      description: "Post a message to a Slack channel.",
      parameters: TOOL.input_schema,
      strict: false,
    });
    expect(responses.parameters).not.toBe(TOOL.input_schema);
  });

  it("sends a description of thousands of characters whole in both layouts", () => {
    // The API once refused descriptions over 1,024 characters; the end says how to call the tool.
    const long = { ...TOOL, description: `${"word ".repeat(1200)}Pass the channel's id, not its name.` };
    expect(openAIChatToolOf(long).function.description).toBe(long.description);
    expect(openAIResponsesToolOf(long).description).toBe(long.description);
  });
});

describe("chatToolMessageOf: a tool_result as a Chat Completions tool message", () => {
  it("passes text through with the call's id", () => {
    expect(chatToolMessageOf(result("12:00"))).toStrictEqual({
      role: "tool",
      tool_call_id: "call_7",
      content: "12:00",
    });
    expect(chatToolMessageOf(result("12:00", false))).toStrictEqual({
      role: "tool",
      tool_call_id: "call_7",
      content: "12:00",
    });
  });

  it('marks a failure with "Error: ", as OpenAI answers have no error flag', () => {
    expect(chatToolMessageOf(result("disk full", true))).toStrictEqual({
      role: "tool",
      tool_call_id: "call_7",
      content: "Error: disk full",
    });
  });

  it("turns every block into a text part, describing what a tool message cannot carry", () => {
    expect(chatToolMessageOf(result([{ type: "text", text: "Here it is." }, IMAGE, REFERENCE])).content).toStrictEqual([
      { type: "text", text: "Here it is." },
      { type: "text", text: "[An image (image/png) was returned; Chat Completions tool messages carry text only.]" },
      { type: "text", text: "[Tool available: github__create_issue]" },
    ]);
  });

  it("marks only the first part of a failure", () => {
    expect(
      chatToolMessageOf(
        result(
          [
            { type: "text", text: "disk full" },
            { type: "text", text: "try later" },
          ],
          true,
        ),
      ).content,
    ).toStrictEqual([
      { type: "text", text: "Error: disk full" },
      { type: "text", text: "try later" },
    ]);
  });

  it("marks a failure with no content with a lone error part", () => {
    expect(chatToolMessageOf(result([], true)).content).toStrictEqual([{ type: "text", text: "Error:" }]);
  });
});
