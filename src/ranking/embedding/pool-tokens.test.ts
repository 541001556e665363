import { describe, expect, it } from "vitest";
import { meanOfCountedRows, poolTokens } from "./pool-tokens.js";

const row = (...values: number[]) => Float32Array.from(values);

describe("meanOfCountedRows", () => {
  it("gives the mean of the text's tokens, each counted as often as it occurs", () => {
    const [a, b, c] = [row(1, 2, 3, 4, 5), row(-1, 0, 0.5, 8, 2), row(0.25, -3, 1, 1, 1)];
    const inOrder = poolTokens([a, b, a, c, a, b], 5, "mean");
    const counted = meanOfCountedRows([a, b, c], [3, 2, 1], 5);
    for (let d = 0; d < 5; d++) expect(counted[d]).toBeCloseTo(inOrder[d]!, 6);
    expect(counted[0]).toBeCloseTo((3 * 1 + 2 * -1 + 0.25) / 6, 6);
  });

  it("gives the zero vector for a text with no known token", () => {
    expect([...meanOfCountedRows([], [], 3)]).toEqual([0, 0, 0]);
  });
});
