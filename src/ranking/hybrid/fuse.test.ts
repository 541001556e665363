import { describe, expect, it } from "vitest";
import { fuse, weakListScale } from "./fuse.js";

const lexical = [
  { name: "a", score: 10 },
  { name: "b", score: 5 },
];
const semantic = [
  { name: "c", score: 0.9 },
  { name: "b", score: 0.8 },
];

describe("fuse", () => {
  it("rrf sums reciprocal ranks", () => {
    const fused = fuse(lexical, semantic, { fusion: "rrf", rrfK: 60, lexicalWeight: 0.5 });
    expect(fused.map((hit) => hit.name)).toEqual(["b", "a", "c"]);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 62);
    expect(fused[1]!.score).toBeCloseTo(1 / 61);
  });

  it("weighted normalises each list by its best score", () => {
    const fused = fuse(lexical, semantic, { fusion: "weighted", rrfK: 60, lexicalWeight: 0.7 });
    expect(fused).toEqual([
      { name: "a", score: expect.closeTo(0.7, 10) },
      { name: "b", score: expect.closeTo(0.7 * 0.5 + (0.3 * 0.8) / 0.9, 10) },
      { name: "c", score: expect.closeTo(0.3, 10) },
    ]);
  });

  it("weighted measures the lexical list against lexicalScale when given, not its best score", () => {
    const fused = fuse(lexical, semantic, { fusion: "weighted", rrfK: 60, lexicalWeight: 0.5, lexicalScale: 20 });
    expect(fused).toEqual([
      { name: "b", score: expect.closeTo(0.5 * 0.25 + (0.5 * 0.8) / 0.9, 10) },
      { name: "c", score: expect.closeTo(0.5, 10) },
      { name: "a", score: expect.closeTo(0.25, 10) },
    ]);
  });

  it("with weight 1 keeps the lexical order and adds no semantic-only filler", () => {
    const fused = fuse(lexical, semantic, { fusion: "weighted", rrfK: 60, lexicalWeight: 1 });
    expect(fused.map((hit) => hit.name)).toEqual(["a", "b"]);
  });

  it("drops semantic-only hits at or below the floor", () => {
    const fused = fuse(lexical, [...semantic, { name: "d", score: 0.3 }], {
      fusion: "weighted",
      rrfK: 60,
      lexicalWeight: 0.7,
      semanticFloor: 0.3,
    });
    expect(fused.map((hit) => hit.name)).not.toContain("d");
  });

  it("handles empty lists", () => {
    expect(fuse([], [], { fusion: "weighted", rrfK: 60, lexicalWeight: 0.7 })).toEqual([]);
    expect(fuse([], semantic, { fusion: "rrf", rrfK: 60, lexicalWeight: 0.7 }).map((hit) => hit.name)).toEqual([
      "c",
      "b",
    ]);
  });

  it("weakListScale measures a list against the strong score only when its best match is weak", () => {
    const weak = [
      { name: "a", score: 0.6, confidence: "weak" as const },
      { name: "b", score: 0.5, confidence: "weak" as const },
    ];
    expect(weakListScale(weak, 1.5)).toBe(1.5);
    // Never under the best: a weak match counts at most as a full one.
    expect(weakListScale(weak, 0.4)).toBe(0.6);
    expect(weakListScale([{ name: "a", score: 0.6, confidence: "strong" }, ...weak], 1.5)).toBeUndefined();
    expect(weakListScale([{ name: "a", score: 0.6 }], 1.5)).toBeUndefined();
    expect(weakListScale(weak, undefined)).toBeUndefined();
    expect(weakListScale([], 1.5)).toBeUndefined();
  });
});
