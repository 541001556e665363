import { describe, expect, it } from "vitest";
import { INT8_LIMIT, INT16_LIMIT, quantizeInto } from "./quantize.js";

describe("quantizeInto", () => {
  it("maps the largest magnitude to the limit and rounds the rest to the nearest step", () => {
    const into = new Int8Array(3);
    const scale = quantizeInto(Float32Array.of(0.5, -1, 0.25), into, INT8_LIMIT);
    expect([...into]).toEqual([64, -127, 32]);
    expect(scale).toBeCloseTo(1 / 127, 9);
  });

  it("keeps every component within half a step", () => {
    const vector = Float32Array.from({ length: 512 }, (_, i) => Math.sin(i * 1.7) / 20);
    for (const [limit, into] of [
      [INT8_LIMIT, new Int8Array(512)],
      [INT16_LIMIT, new Int16Array(512)],
    ] as const) {
      const scale = quantizeInto(vector, into, limit);
      vector.forEach((value, i) => expect(Math.abs(into[i]! * scale - value)).toBeLessThanOrEqual(scale / 2 + 1e-9));
      expect(Math.max(...[...into].map(Math.abs))).toBe(limit);
    }
  });

  it("rounds each step as Math.round does, away from zero at halves, the doubles nearest a half included", () => {
    // With the largest magnitude equal to the limit, each component is its own scaled value.
    const belowHalf = 0.5 - 2 ** -54;
    const values = [belowHalf, -belowHalf, 0.5, -0.5, 1.5, -1.5, 2.5, 126.5, -126.5, 0.5 + 2 ** -53, 63.49999999999999];
    const into = new Int16Array(values.length + 1);
    quantizeInto([INT8_LIMIT, ...values], into, INT8_LIMIT);
    const expected = values.map((value) => Math.sign(value) * Math.round(Math.abs(value)));
    expect([...into.subarray(1)]).toEqual(expected.map((value) => value + 0));
    expect(expected.slice(0, 4)).toEqual([0, -0, 1, -1]);
  });

  it("gives scale 0 and zeros for a zero vector", () => {
    const into = Int8Array.of(5, 5, 5);
    expect(quantizeInto(new Float32Array(3), into, INT8_LIMIT)).toBe(0);
    expect([...into]).toEqual([0, 0, 0]);
  });

  it("counts a component that is not finite as 0, so one damaged value cannot poison the rest", () => {
    const into = new Int8Array(4);
    const scale = quantizeInto(Float32Array.of(Number.NaN, 0.5, Number.POSITIVE_INFINITY, -0.25), into, INT8_LIMIT);
    expect([...into]).toEqual([0, 127, 0, -64]);
    expect(scale).toBeCloseTo(0.5 / 127, 9);
    expect(quantizeInto(Float32Array.of(Number.NaN), into, INT8_LIMIT)).toBe(0);
  });
});
