import { describe, expect, it } from "vitest";
import type { ToolResultBlock } from "../anthropic/anthropic.js";
import { responsesOutputOf } from "./openai-responses.js";

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

describe("responsesOutputOf: a tool_result as a Responses function_call_output", () => {
  it("passes text through with the call's id", () => {
    expect(responsesOutputOf(result("12:00"))).toStrictEqual({
      type: "function_call_output",
      call_id: "call_7",
      output: "12:00",
    });
  });

  it('marks a failure with "Error: "', () => {
    expect(responsesOutputOf(result("disk full", true))).toStrictEqual({
      type: "function_call_output",
      call_id: "call_7",
      output: "Error: disk full",
    });
  });

  it("keeps images as data URLs and names a referenced tool in text", () => {
    expect(responsesOutputOf(result([{ type: "text", text: "Here it is." }, IMAGE, REFERENCE])).output).toStrictEqual([
      { type: "input_text", text: "Here it is." },
      { type: "input_image", image_url: "data:image/png;base64,iVBORw0K", detail: "auto" },
      { type: "input_text", text: "[Tool available: github__create_issue]" },
    ]);
  });

  it("marks the first text part of a failure, after an image, and no other", () => {
    expect(
      responsesOutputOf(result([IMAGE, { type: "text", text: "disk full" }, { type: "text", text: "try later" }], true))
        .output,
    ).toStrictEqual([
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
