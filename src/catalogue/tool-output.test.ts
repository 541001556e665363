import { describe, expect, it } from "vitest";
import { isToolOutput, toolOutput, type ToolResultContentBlock } from "./tool-output.js";

describe("toolOutput", () => {
  const content: ToolResultContentBlock[] = [
    { type: "text", text: "disk full" },
    { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
  ];

  it("wraps the content blocks as given, as a success unless it says otherwise", () => {
    const output = toolOutput({ content });
    expect(output.content).toBe(content);
    expect(output.isError).toBe(false);
    expect(isToolOutput(output)).toBe(true);
  });

  it("carries a tool's own failure", () => {
    expect(toolOutput({ content, isError: true }).isError).toBe(true);
    expect(toolOutput({ content, isError: false }).isError).toBe(false);
  });
});

describe("isToolOutput", () => {
  it("recognises an output made by another copy of toolsift, through the registered symbol", () => {
    // A bundle may hold two copies of toolsift (ESM and CJS): Symbol.for is shared by both.
    expect(isToolOutput({ [Symbol.for("toolsift.tool-output")]: true, content: [], isError: false })).toBe(true);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", "text"],
    ["a plain result object", { content: [{ type: "text", text: "x" }], isError: false }],
    ["an object whose marker is not true", { [Symbol.for("toolsift.tool-output")]: "true", content: [] }],
    ["an object marked with another symbol", { [Symbol.for("other.tool-output")]: true, content: [] }],
    ["an object marked with a string key", { "toolsift.tool-output": true, content: [] }],
  ])("does not take %s for a tool output", (_label, value) => {
    expect(isToolOutput(value)).toBe(false);
  });
});
