import { describe, expect, it } from "vitest";
import { chooseByWorstSet } from "./worst-set-choice.js";

const row = (...recalls: number[]) => recalls.map((recallAt5) => ({ recallAt5, answerable: 100 }));

describe("chooseByWorstSet", () => {
  it("chooses the candidate whose worst set, the one left out aside, is higher", () => {
    const scores = [row(0.5, 0.9, 0.8), row(0.6, 0.7, 0.95)];
    // Leaving nothing that matters out: worsts 0.5 against 0.6.
    expect(chooseByWorstSet(scores, 2)).toBe(1);
    // Leaving the first set out: worsts 0.8 against 0.7.
    expect(chooseByWorstSet(scores, 0)).toBe(0);
  });

  it("breaks worst sets less than one query apart by the mean, and a full tie by order", () => {
    // Worsts 0.500 and 0.495, half a query of 100 apart: the higher mean wins.
    expect(chooseByWorstSet([row(0.5, 0.6, 0), row(0.495, 0.9, 0)], 2)).toBe(1);
    expect(chooseByWorstSet([row(0.5, 0.9, 0), row(0.495, 0.6, 0)], 2)).toBe(0);
    expect(chooseByWorstSet([row(0.5, 0.9, 0), row(0.5, 0.9, 0)], 2)).toBe(0);
    // A whole query apart is no tie, whatever the means.
    expect(chooseByWorstSet([row(0.5, 1, 0), row(0.51, 0.51, 0)], 2)).toBe(1);
  });
});
