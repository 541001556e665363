import { describe, expect, it } from "vitest";
import { byWorstChange, leaveOneDatasetOut, worstChange } from "./leave-one-out.js";

describe("leaveOneDatasetOut", () => {
  it("keeps the default when no setting beats it on the worst of the other sets", () => {
    const scores = { a: { base: 0.5, x: 0.7 }, b: { base: 0.5, x: 0.4 }, c: { base: 0.5, x: 0.6 } };
    const folds = leaveOneDatasetOut(scores, "base");
    // Left out b, x gains on a and c: chosen, and it loses 10 points on b, where it was not tuned.
    expect(folds).toEqual([
      { heldOut: "a", chosen: "base", trainingWorst: 0, heldOutChange: 0 },
      { heldOut: "b", chosen: "x", trainingWorst: expect.closeTo(0.1, 10), heldOutChange: expect.closeTo(-0.1, 10) },
      { heldOut: "c", chosen: "base", trainingWorst: 0, heldOutChange: 0 },
    ]);
  });

  it("judges a setting by its worst set, never its mean", () => {
    const scores = {
      a: { base: 0.5, big: 0.9, safe: 0.52 },
      b: { base: 0.5, big: 0.49, safe: 0.51 },
      c: { base: 0.5, big: 0.9, safe: 0.51 },
    };
    expect(worstChange(scores, "big", "base", ["a", "b", "c"])).toBeCloseTo(-0.01, 10);
    const folds = leaveOneDatasetOut(scores, "base");
    // Tuned without b, the big gain looks safe; left-out b shows its loss.
    expect(folds.map((fold) => fold.chosen)).toEqual(["safe", "big", "safe"]);
    expect(folds[1]!.heldOutChange).toBeCloseTo(-0.01, 10);
  });

  it("leaves out every row of a dataset together when rows are parts of datasets", () => {
    const scores = {
      "a · x": { base: 0.5, w: 0.6 },
      "a · y": { base: 0.5, w: 0.45 },
      "b · x": { base: 0.5, w: 0.6 },
      "b · y": { base: 0.5, w: 0.55 },
    };
    const folds = leaveOneDatasetOut(scores, "base", (row) => row.split(" · ")[0]!);
    expect(folds.map((fold) => [fold.heldOut, fold.chosen])).toEqual([
      ["a", "w"],
      ["b", "base"],
    ]);
    // Left out a, w was chosen on b; a's worst row (y) shows its loss.
    expect(folds[0]!.heldOutChange).toBeCloseTo(-0.05, 10);
  });

  it("with a resolution, treats worst sets within one query as a tie and takes the larger mean gain", () => {
    const scores = {
      a: { base: 0.5, light: 0.51, heavy: 0.6 },
      b: { base: 0.5, light: 0.513, heavy: 0.512 },
      c: { base: 0.5, light: 0.52, heavy: 0.7 },
    };
    // Without a resolution, left out a, the worst set (b) decides for light by 0.001.
    expect(leaveOneDatasetOut(scores, "base").map((fold) => fold.chosen)).toEqual(["light", "heavy", "heavy"]);
    // One query of b is worth 0.01: 0.001 is no difference it can tell, so the mean decides.
    const tied = leaveOneDatasetOut(scores, "base", undefined, () => 0.01);
    expect(tied.map((fold) => fold.chosen)).toEqual(["heavy", "heavy", "heavy"]);
    // Exactly one query apart is a difference, not a tie.
    expect(leaveOneDatasetOut(scores, "base", undefined, () => 0.001).map((fold) => fold.chosen)).toEqual([
      "light",
      "heavy",
      "heavy",
    ]);
    // A resolution finer than the gap keeps the worst set's choice.
    expect(leaveOneDatasetOut(scores, "base", undefined, () => 0.0005).map((fold) => fold.chosen)).toEqual([
      "light",
      "heavy",
      "heavy",
    ]);
  });
});

describe("byWorstChange", () => {
  it("orders settings by their worst change against the baseline, best first", () => {
    const scores = {
      a: { base: 0.5, steady: 0.51, risky: 0.9, bad: 0.3 },
      b: { base: 0.5, steady: 0.52, risky: 0.45, bad: 0.6 },
    };
    expect(byWorstChange(scores, ["risky", "bad", "base", "steady"], "base", ["a", "b"])).toEqual([
      "steady",
      "base",
      "risky",
      "bad",
    ]);
  });
});
