import { describe, expect, it } from "vitest";
import { compAt, ndcgAt, recallAt, reciprocalRankAt } from "./ranking-metrics.js";

const expected = new Set(["a", "b"]);

describe("compAt", () => {
  it("is 1 only when every expected tool is inside the cut-off", () => {
    expect(compAt(["a", "x", "b"], expected, 3)).toBe(1);
    expect(compAt(["a", "x", "b"], expected, 2)).toBe(0);
    expect(compAt(["a", "a", "x"], expected, 3)).toBe(0);
  });

  it("is 0 for a query that expects nothing", () => {
    expect(compAt(["a"], new Set(), 5)).toBe(0);
  });
});

describe("recallAt", () => {
  it("counts the share of expected tools inside the cut-off", () => {
    const ranked = ["x", "a", "y", "b"];
    expect(recallAt(ranked, expected, 1)).toBe(0);
    expect(recallAt(ranked, expected, 2)).toBe(0.5);
    expect(recallAt(ranked, expected, 4)).toBe(1);
  });

  it("does not count a repeated hit twice", () => {
    expect(recallAt(["a", "a", "a"], expected, 3)).toBe(0.5);
  });

  it("is 0 for an empty ranking", () => {
    expect(recallAt([], expected, 10)).toBe(0);
  });
});

describe("reciprocalRankAt", () => {
  it("is one over the rank of the first expected tool", () => {
    expect(reciprocalRankAt(["x", "y", "b", "a"], expected, 10)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRankAt(["a"], expected, 10)).toBe(1);
  });

  it("is 0 when the first hit lies beyond the cut-off", () => {
    expect(reciprocalRankAt(["x", "y", "a"], expected, 2)).toBe(0);
  });
});

describe("ndcgAt", () => {
  it("matches a hand-computed value", () => {
    // Hits at ranks 2 and 4: DCG = 1/log2(3) + 1/log2(5) = 0.63093 + 0.43068 = 1.06161.
    // Ideal puts both first: IDCG = 1/log2(2) + 1/log2(3) = 1.63093. Ratio 0.65092.
    expect(ndcgAt(["x", "a", "y", "b"], expected, 10)).toBeCloseTo(0.65092, 4);
  });

  it("is 1 for an ideal ranking and 0 without hits", () => {
    expect(ndcgAt(["b", "a", "x"], expected, 10)).toBe(1);
    expect(ndcgAt(["x", "y"], expected, 10)).toBe(0);
  });

  it("caps the ideal list at k when more tools are expected than fit", () => {
    // Three expected, k = 2, hits at ranks 1 and 2: the ideal also has only two slots.
    expect(ndcgAt(["a", "b", "c"], new Set(["a", "b", "c"]), 2)).toBe(1);
    // One hit at rank 2 of 2: (1/log2 3) / (1 + 1/log2 3) = 0.63093 / 1.63093 = 0.38685.
    expect(ndcgAt(["x", "b"], new Set(["a", "b", "c"]), 2)).toBeCloseTo(0.38685, 4);
  });
});
