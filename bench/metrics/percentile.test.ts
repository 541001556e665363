import { describe, expect, it } from "vitest";
import { mean, percentile } from "./percentile.js";

describe("percentile", () => {
  it("interpolates between neighbouring ranks", () => {
    // Sorted 10,20,30,40: p50 sits halfway between index 1 and 2 → 25; p95 at index 2.85 → 38.5.
    expect(percentile([40, 10, 30, 20], 50)).toBe(25);
    expect(percentile([40, 10, 30, 20], 95)).toBeCloseTo(38.5, 10);
  });

  it("returns the extremes at 0 and 100 and NaN for no data", () => {
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });

  it("does not reorder the caller's array", () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("mean", () => {
  it("averages", () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNaN();
  });
});
