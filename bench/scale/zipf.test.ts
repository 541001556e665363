import { describe, expect, it } from "vitest";
import { Prng } from "./prng.js";
import { ZipfPicker } from "./zipf.js";

describe("ZipfPicker", () => {
  it("gives rank r a probability proportional to 1 / r^s", () => {
    const picker = new ZipfPicker(["a", "b", "c", "d"], 1);
    const harmonic = 1 + 1 / 2 + 1 / 3 + 1 / 4;
    expect(picker.probability(0)).toBeCloseTo(1 / harmonic, 12);
    expect(picker.probability(3)).toBeCloseTo(1 / 4 / harmonic, 12);
    const flat = new ZipfPicker(["a", "b", "c"], 0);
    expect(flat.probability(2)).toBeCloseTo(1 / 3, 12);
  });

  it("draws items at about those frequencies, from every rank", () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const picker = new ZipfPicker(items, 1);
    const random = new Prng(3);
    const counts = new Array<number>(50).fill(0);
    const draws = 100_000;
    for (let i = 0; i < draws; i++) counts[picker.pick(random)]!++;
    for (const rank of [0, 1, 9, 49]) expect(counts[rank]! / draws).toBeCloseTo(picker.probability(rank), 2);
    expect(counts.every((count) => count > 0)).toBe(true);
  });

  it("rejects an empty list and a bad exponent", () => {
    expect(() => new ZipfPicker([], 1)).toThrow(RangeError);
    expect(() => new ZipfPicker([1], -1)).toThrow(/exponent/);
    expect(() => new ZipfPicker([1], Number.NaN)).toThrow(/exponent/);
  });
});
