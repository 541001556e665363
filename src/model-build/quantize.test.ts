import { describe, expect, it } from "vitest";
import {
  dequantiseRowsInt8,
  float16BitsToFloat32,
  float32ToFloat16Bits,
  quantiseRowsInt8,
  toFloat16Bits,
} from "./quantize.js";

describe("quantiseRowsInt8", () => {
  it("gives each row its own scale and keeps every value within half a step", () => {
    const matrix = new Float32Array([0.5, -1, 0.25, 100, -37.5, 3, 0, 0, 0]);
    const rows = quantiseRowsInt8(matrix, 3);
    expect([...rows.scales]).toEqual([Math.fround(1 / 127), Math.fround(100 / 127), 0]);
    expect(rows.values[1]).toBe(-127);
    expect(rows.values[3]).toBe(127);
    const back = dequantiseRowsInt8(rows, 3);
    for (let i = 0; i < matrix.length; i++) {
      const scale = rows.scales[Math.floor(i / 3)] as number;
      expect(Math.abs((back[i] as number) - (matrix[i] as number))).toBeLessThanOrEqual(scale / 2 + 1e-7);
    }
    expect([...back.slice(6)]).toEqual([0, 0, 0]);
  });
});

describe("float32ToFloat16Bits", () => {
  it("matches IEEE 754 half-precision bit patterns", () => {
    expect(float32ToFloat16Bits(1)).toBe(0x3c00);
    expect(float32ToFloat16Bits(-2)).toBe(0xc000);
    expect(float32ToFloat16Bits(0.1)).toBe(0x2e66);
    expect(float32ToFloat16Bits(1 / 3)).toBe(0x3555);
    expect(float32ToFloat16Bits(65504)).toBe(0x7bff);
    expect(float32ToFloat16Bits(65520)).toBe(0x7c00);
    expect(float32ToFloat16Bits(2 ** -24)).toBe(0x0001);
    expect(float32ToFloat16Bits(2 ** -26)).toBe(0);
    expect(float32ToFloat16Bits(-0)).toBe(0x8000);
    expect(float32ToFloat16Bits(Number.POSITIVE_INFINITY)).toBe(0x7c00);
  });

  it("rounds halfway cases to the even neighbour", () => {
    // 1 + 2^-11 lies exactly between 1 and 1 + 2^-10.
    expect(float32ToFloat16Bits(1 + 2 ** -11)).toBe(0x3c00);
    expect(float32ToFloat16Bits(1 + 3 * 2 ** -11)).toBe(0x3c02);
  });

  it("round-trips within fp16's relative precision", () => {
    let seed = 7;
    const next = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = Array.from({ length: 1000 }, () => (next() - 0.5) * 10);
    const bits = toFloat16Bits(new Float32Array(values));
    values.forEach((value, i) => {
      const back = float16BitsToFloat32(bits[i] as number);
      expect(Math.abs(back - value)).toBeLessThanOrEqual(Math.max(Math.abs(value) * 2 ** -11, 2 ** -25));
    });
  });
});
