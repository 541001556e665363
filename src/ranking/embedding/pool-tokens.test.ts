import { describe, expect, it } from "vitest";
import { normaliseInPlace, poolTokens } from "./pool-tokens.js";

const row = (...values: number[]) => Float32Array.from(values);

describe("poolTokens", () => {
  const [a, b] = [row(1, 2, 3, 4, 5), row(-1, 0, 0.5, 8, 2)];

  it("gives the mean of the tokens' vectors, every lane and the remainder past four", () => {
    expect([...poolTokens([a, b, a], 5, "mean")]).toEqual(
      [0, 1, 2, 3, 4].map((d) => Math.fround((2 * a[d]! + b[d]!) / 3)),
    );
  });

  it("gives the first token's vector for cls, and the zero vector for no token", () => {
    expect([...poolTokens([b, a], 5, "cls")]).toEqual([...b]);
    expect([...poolTokens([], 3, "mean")]).toEqual([0, 0, 0]);
  });
});

describe("normaliseInPlace", () => {
  it("scales to unit length and leaves the zero vector zero", () => {
    const vector = row(3, 4);
    normaliseInPlace(vector);
    expect([...vector]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    const zero = row(0, 0);
    normaliseInPlace(zero);
    expect([...zero]).toEqual([0, 0]);
  });
});
