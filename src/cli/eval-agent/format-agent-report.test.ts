import { describe, expect, it } from "vitest";
import { summarizeArm } from "./agent-report.js";
import { formatAgentReport } from "./format-agent-report.js";
import type { TaskArmResult } from "./run-task.js";

describe("formatAgentReport on hostile model output", () => {
  it("escapes bidi overrides, zero-width and control characters in the names of the tools the model called", () => {
    // The model may call a tool that does not exist, by any name it writes.
    const result: TaskArmResult = {
      task: "t1",
      arm: "toolsift",
      turns: 2,
      stopReason: "end_turn",
      score: {
        recall: { found: 0, expected: 1 },
        selected: false,
        discoveryTurns: null,
        searchesBefore: null,
        searches: 0,
        called: ["slack\u202Etsop", "a\u200Bb\u001B[31m"],
        tokens: { input: 1, cacheRead: 0, cacheCreation: 0, output: 1, totalInput: 1 },
        checkPassed: null,
        success: false,
      },
    };
    const text = formatAgentReport({
      provider: "anthropic",
      model: "m",
      strategy: "stubs",
      mock: true,
      prices: "none",
      arms: [summarizeArm("toolsift", "toolsift", "stubs", [result], () => null)],
      results: [result],
      droppedTasks: [],
    });
    expect(text).toContain("slack\\u202Etsop, a\\u200Bb\\u001B[31m");
    for (const hidden of ["\u202E", "\u200B", "\u001B"]) expect(text).not.toContain(hidden);
  });
});
