import { describe, expect, it } from "vitest";
import { cosine, lexicalPairs } from "./similarity.js";

describe("lexicalPairs", () => {
  const documents = [
    { name: "close ticket", description: "Close a support ticket and email the customer." },
    { name: "close ticket", description: "Close a support ticket and email the customer that it was closed." },
    { name: "create invoice", description: "Create an invoice for a customer in the billing system." },
    { name: "weather", description: "Forecast rain and wind for a city." },
  ];

  it("scores identical texts 1, texts with nothing in common not at all, and is symmetric in order", () => {
    const same = lexicalPairs([documents[0]!, documents[0]!, documents[3]!], 0);
    expect(same).toHaveLength(1);
    expect(same[0]).toMatchObject({ a: 0, b: 1 });
    expect(same[0]!.score).toBeCloseTo(1, 6);
  });

  it("ranks a near-copy far above a pair that only shares a word, and drops pairs under the floor", () => {
    const pairs = lexicalPairs(documents, 0);
    const score = (a: number, b: number) => pairs.find((pair) => pair.a === a && pair.b === b)?.score ?? 0;
    expect(score(0, 1)).toBeGreaterThan(0.7);
    expect(score(0, 2)).toBeLessThan(0.3);
    expect(score(0, 3)).toBe(0);
    expect(lexicalPairs(documents, 0.7).map((pair) => [pair.a, pair.b])).toEqual([[0, 1]]);
  });
});

describe("cosine", () => {
  it("is 1 for the same direction, 0 at right angles", () => {
    const unit = (x: number, y: number) => Float32Array.from([x, y].map((value) => value / Math.hypot(x, y)));
    expect(cosine(unit(1, 1), unit(2, 2))).toBeCloseTo(1, 6);
    expect(cosine(unit(1, 0), unit(0, 3))).toBe(0);
  });
});
