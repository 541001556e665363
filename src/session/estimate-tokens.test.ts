import { describe, expect, it } from "vitest";
import type { AnthropicTool } from "../wire/index.js";
import { estimateBlockTokens, estimateTokens, guardedEstimator, type TokenEstimator } from "./estimate-tokens.js";

/** A tool whose JSON is exactly `length` characters long. */
function toolOfLength(length: number, name = "a__b"): AnthropicTool {
  const bare: AnthropicTool = { name, description: "", input_schema: { type: "object" } };
  return { ...bare, description: "x".repeat(length - JSON.stringify(bare).length) };
}

describe("estimateTokens", () => {
  it("counts a tool's JSON characters divided by 3.5, rounded up", () => {
    const tool = toolOfLength(70);
    expect(JSON.stringify(tool)).toHaveLength(70);
    expect(estimateTokens(tool)).toBe(20);
    expect(estimateTokens(toolOfLength(71))).toBe(21);
  });
});

describe("estimateBlockTokens", () => {
  it("sums the default estimate over a block", () => {
    expect(estimateBlockTokens([toolOfLength(70), toolOfLength(71)])).toBe(41);
  });

  it("sums a given estimator over a block", () => {
    const byName: TokenEstimator = (tool) => (tool.name === "a__b" ? 100 : 7);
    expect(estimateBlockTokens([toolOfLength(70), toolOfLength(70, "c__d"), toolOfLength(70, "c__d")], byName)).toBe(
      114,
    );
  });

  it("counts an empty block as nothing", () => {
    expect(estimateBlockTokens([])).toBe(0);
  });
});

describe("guardedEstimator", () => {
  const tool = toolOfLength(84, "slack__post_message");
  const message = (got: string) =>
    `estimateTokens ${got} for slack__post_message, not a number of tokens of at least 0; the default estimate ` +
    "(JSON characters / 3.5) is used for such tools. Fix the estimator.";

  it("passes a valid estimate through, zero included, without a word", () => {
    const warnings: string[] = [];
    expect(
      guardedEstimator(
        () => 12.5,
        (warning) => warnings.push(warning),
      )(tool),
    ).toBe(12.5);
    expect(
      guardedEstimator(
        () => 0,
        (warning) => warnings.push(warning),
      )(tool),
    ).toBe(0);
    expect(warnings).toEqual([]);
  });

  it.each([
    ["a negative number", () => -5, "returned -5"],
    ["NaN", () => Number.NaN, "returned NaN"],
    ["Infinity", () => Number.POSITIVE_INFINITY, "returned Infinity"],
    ["a numeric string", () => "12", 'returned "12"'],
    ["undefined", () => undefined, "returned undefined"],
    [
      "an Error thrown",
      () => {
        throw new Error("tokenizer down");
      },
      "threw (tokenizer down)",
    ],
    [
      "a string thrown",
      () => {
        throw "no tokenizer";
      },
      "threw (no tokenizer)",
    ],
  ])("replaces %s with the default estimate and says why", (_label, estimate, got) => {
    const warnings: string[] = [];
    const guarded = guardedEstimator(estimate as unknown as TokenEstimator, (warning) => warnings.push(warning));
    expect(guarded(tool)).toBe(estimateTokens(tool));
    expect(warnings).toEqual([message(got)]);
  });

  it("warns once, however many bad answers follow, and still passes good ones through", () => {
    const warnings: string[] = [];
    const answers = [-1, 30, -2, Number.NaN];
    const guarded = guardedEstimator(
      () => answers.shift()!,
      (warning) => warnings.push(warning),
    );
    const fallback = estimateTokens(tool);
    expect([guarded(tool), guarded(tool), guarded(tool), guarded(tool)]).toEqual([fallback, 30, fallback, fallback]);
    expect(warnings).toEqual([message("returned -1")]);
  });
});
