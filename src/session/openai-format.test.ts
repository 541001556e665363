import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "./anthropic-tool.js";
import {
  MAX_OPENAI_DESCRIPTION,
  TOOL_FORMATS,
  chatToolMessageOf,
  fitDescription,
  openAIChatToolOf,
  openAIResponsesToolOf,
  responsesOutputOf,
} from "./openai-format.js";
import type { ToolResultBlock } from "./tool-search-session.js";

const TOOL: AnthropicTool = {
  name: "slack__post_message",
  description: "Post a message to a Slack channel.",
  input_schema: { type: "object", properties: { channel: { type: "string" } }, required: ["channel"] },
};

const IMAGE = { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0K" } } as const;
const REFERENCE = { type: "tool_reference", tool_name: "github__create_issue" } as const;

function result(content: ToolResultBlock["content"], isError?: boolean): ToolResultBlock {
  return { type: "tool_result", tool_use_id: "call_7", content, ...(isError === undefined ? {} : { is_error: isError }) };
}

describe("TOOL_FORMATS", () => {
  it("lists every format tools() and execute() speak", () => {
    expect(TOOL_FORMATS).toEqual(["anthropic", "openai-chat", "openai-responses"]);
  });
});

describe("tools in the OpenAI layouts", () => {
  it("lays a tool out for Chat Completions, never strict", () => {
    const chat = openAIChatToolOf(TOOL);
    expect(chat).toStrictEqual({
      type: "function",
      function: { name: "slack__post_message", description: "Post a message to a Slack channel.", parameters: TOOL.input_schema, strict: false },
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

  it("cuts a description over OpenAI's limit in both layouts", () => {
    const long = { ...TOOL, description: `${"word ".repeat(300)}end` };
    expect(openAIChatToolOf(long).function.description).toBe(fitDescription(long.description));
    expect(openAIResponsesToolOf(long).description).toBe(fitDescription(long.description));
    expect(openAIChatToolOf(long).function.description.length).toBeLessThanOrEqual(MAX_OPENAI_DESCRIPTION);
  });
});

describe("fitDescription", () => {
  it("leaves a description of exactly 1,024 characters alone", () => {
    const exact = "a".repeat(MAX_OPENAI_DESCRIPTION);
    expect(fitDescription(exact)).toBe(exact);
  });

  it("cuts a description without spaces to 1,023 characters and an ellipsis", () => {
    expect(fitDescription("a".repeat(MAX_OPENAI_DESCRIPTION + 1))).toBe(`${"a".repeat(MAX_OPENAI_DESCRIPTION - 1)}…`);
  });

  it("cuts at the last space when it lies past the middle, dropping the space", () => {
    expect(fitDescription(`${"a".repeat(600)}  ${"b".repeat(600)}`)).toBe(`${"a".repeat(600)}…`);
  });

  it("cuts mid-word rather than lose more than half the description to a space", () => {
    // The only space sits exactly at the middle (index 512): cutting there would lose half the text.
    expect(fitDescription(`${"a".repeat(512)} ${"b".repeat(600)}`)).toBe(`${"a".repeat(512)} ${"b".repeat(510)}…`);
    expect(fitDescription(`${"a".repeat(513)} ${"b".repeat(600)}`)).toBe(`${"a".repeat(513)}…`);
  });

  it("never ends the cut in half a surrogate pair", () => {
    // Unit 1,022 is the high half of an emoji: the cut drops it rather than split the pair.
    expect(fitDescription(`${"a".repeat(1022)}${"😀".repeat(10)}`)).toBe(`${"a".repeat(1022)}…`);
  });

  it("keeps a whole emoji earlier in the text", () => {
    expect(fitDescription(`😀${"a".repeat(1100)}`)).toBe(`😀${"a".repeat(1021)}…`);
  });
});

describe("chatToolMessageOf: a tool_result as a Chat Completions tool message", () => {
  it("passes text through with the call's id", () => {
    expect(chatToolMessageOf(result("12:00"))).toStrictEqual({ role: "tool", tool_call_id: "call_7", content: "12:00" });
    expect(chatToolMessageOf(result("12:00", false))).toStrictEqual({ role: "tool", tool_call_id: "call_7", content: "12:00" });
  });

  it('marks a failure with "Error: ", as OpenAI answers have no error flag', () => {
    expect(chatToolMessageOf(result("disk full", true))).toStrictEqual({ role: "tool", tool_call_id: "call_7", content: "Error: disk full" });
  });

  it("turns every block into a text part, describing what a tool message cannot carry", () => {
    expect(chatToolMessageOf(result([{ type: "text", text: "Here it is." }, IMAGE, REFERENCE])).content).toStrictEqual([
      { type: "text", text: "Here it is." },
      { type: "text", text: "[An image (image/png) was returned; Chat Completions tool messages carry text only.]" },
      { type: "text", text: "[Tool available: github__create_issue]" },
    ]);
  });

  it("marks only the first part of a failure", () => {
    expect(chatToolMessageOf(result([{ type: "text", text: "disk full" }, { type: "text", text: "try later" }], true)).content).toStrictEqual([
      { type: "text", text: "Error: disk full" },
      { type: "text", text: "try later" },
    ]);
  });

  it("marks a failure with no content with a lone error part", () => {
    expect(chatToolMessageOf(result([], true)).content).toStrictEqual([{ type: "text", text: "Error:" }]);
  });
});

describe("responsesOutputOf: a tool_result as a Responses function_call_output", () => {
  it("passes text through with the call's id", () => {
    expect(responsesOutputOf(result("12:00"))).toStrictEqual({ type: "function_call_output", call_id: "call_7", output: "12:00" });
  });

  it('marks a failure with "Error: "', () => {
    expect(responsesOutputOf(result("disk full", true))).toStrictEqual({ type: "function_call_output", call_id: "call_7", output: "Error: disk full" });
  });

  it("keeps images as data URLs and names a referenced tool in text", () => {
    expect(responsesOutputOf(result([{ type: "text", text: "Here it is." }, IMAGE, REFERENCE])).output).toStrictEqual([
      { type: "input_text", text: "Here it is." },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw0K", detail: "auto" },
      { type: "input_text", text: "[Tool available: github__create_issue]" },
    ]);
  });

  it("marks the first text part of a failure, after an image, and no other", () => {
    expect(responsesOutputOf(result([IMAGE, { type: "text", text: "disk full" }, { type: "text", text: "try later" }], true)).output).toStrictEqual([
      { type: "input_image", image_url: "data:image/png;base64,iVBORw0K", detail: "auto" },
      { type: "input_text", text: "Error: disk full" },
      { type: "input_text", text: "try later" },
    ]);
  });

  it("puts an error part first when a failure has no text", () => {
    expect(responsesOutputOf(result([IMAGE], true)).output).toStrictEqual([
      { type: "input_text", text: "Error:" },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw0K", detail: "auto" },
    ]);
  });
});
