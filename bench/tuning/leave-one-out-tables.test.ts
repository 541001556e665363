import { describe, expect, it } from "vitest";
import { changesTable, foldsTable, points } from "./leave-one-out-tables.js";

describe("leave-one-out tables", () => {
  it("writes signed points, the folds and each setting's changes with its worst", () => {
    expect(points(0.0056)).toBe("+0.56");
    expect(points(-0.012)).toBe("−1.20");
    expect(foldsTable([{ heldOut: "a", chosen: "x", trainingWorst: 0.01, heldOutChange: -0.002 }])).toEqual([
      "| left out | chosen on the others | worst change on the others (points) | change on the set left out (points) |",
      "|---|---|---:|---:|",
      "| a | x | +1.00 | −0.20 |",
    ]);
    const table = { a: { base: 0.5, x: 0.52 }, b: { base: 0.7, x: 0.69 } };
    expect(changesTable(table, ["x"], "base", ["a", "b"], "cap")).toEqual([
      "| cap | worst | a | b |",
      "|---|---:|---:|---:|",
      "| x | −1.00 | +2.00 | −1.00 |",
    ]);
  });
});
