import { describe, expect, it } from "vitest";
import { TOOL_FORMATS } from "./tool-format.js";

describe("TOOL_FORMATS", () => {
  it("lists every format tools() and execute() speak", () => {
    expect(TOOL_FORMATS).toEqual(["anthropic", "openai-chat", "openai-responses", "gemini"]);
  });
});
