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
