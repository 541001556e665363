import { describe, expect, it } from "vitest";
import { createRowSumKernel } from "./row-sum-kernel.js";

describe("row sum kernel", () => {
  it("adds each listed row times its weight, the same floats with WebAssembly SIMD as in JavaScript", () => {
    const simd = createRowSumKernel();
    const plain = createRowSumKernel({ simd: false });
    expect(simd.simd).toBe(true);
    expect(plain.simd).toBe(false);
    // Three rows of 8 floats at 0, 32 and 64; the list at 128 names two of them (one twice); out at 192.
    const rows = [0, 1, 2].map((r) => Array.from({ length: 8 }, (_, d) => Math.fround(Math.sin(r * 8 + d) * 3)));
    const list: [number, number][] = [
      [64, 2],
      [0, 0.5],
      [64, 1],
    ];
    const sums = [simd, plain].map((kernel) => {
      kernel.reserve(256);
      const floats = new Float32Array(kernel.memory.buffer);
      const ints = new Int32Array(kernel.memory.buffer);
      rows.forEach((row, r) => floats.set(row, r * 8));
      list.forEach(([offset, weight], i) => {
        ints[32 + i * 2] = offset;
        floats[32 + i * 2 + 1] = weight;
      });
      floats.fill(1, 48, 56);
      kernel.sum(128, list.length, 2, 192);
      return [...new Float32Array(kernel.memory.buffer, 192, 8)];
    });
    expect(sums[0]).toEqual(sums[1]);
    let expected = Array.from({ length: 8 }, () => 1);
    for (const [offset, weight] of list) {
      expected = expected.map((value, d) => Math.fround(value + Math.fround(rows[offset / 32]![d]! * weight)));
    }
    expect(sums[0]).toEqual(expected);
  });
});
