import { describe, expect, it } from "vitest";
import { estimateTokens, type AnthropicTool, type ToolResultBlock } from "../../src/index.js";
import { estimateResultTokens } from "./estimate-json-tokens.js";

describe("estimateResultTokens", () => {
  it("applies the same characters-per-token rule as estimateTokens does to tools", () => {
    const block: ToolResultBlock = {
      type: "tool_result",
      tool_use_id: "t1",
      content: JSON.stringify({ matches: [{ name: "a", description: "b".repeat(200) }] }),
    };
    // estimateTokens only reads the JSON length, so the same object must give the same number.
    expect(estimateResultTokens(block)).toBe(estimateTokens(block as unknown as AnthropicTool));
    expect(estimateResultTokens(block)).toBeGreaterThan(60);
  });
});
