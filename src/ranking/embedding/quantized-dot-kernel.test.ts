import { describe, expect, it } from "vitest";
import { createQuantizedDotKernel } from "./quantized-dot-kernel.js";
import { seededRandom } from "./seeded-vectors.fixture.js";

describe("quantized dot product kernel", () => {
  // One block is sixteen dimensions; 32 blocks are the bundled model's 512. Rows of one and many,
  // values at the extremes (−127 × −32,767 is the largest product), and a sentinel after the last
  // score: the kernel writes `count` floats, no more.
  it.each([1, 2, 3, 7, 32, 33])("gives the integer products times each scale, %i blocks a row", (blocks) => {
    const width = blocks * 16;
    for (const count of [1, 2, 49, 50]) {
      const next = seededRandom(blocks * 100 + count);
      const rows = Array.from({ length: count }, () =>
        Int8Array.from({ length: width }, () => Math.round(next() * 254)),
      );
      rows[0]!.fill(-127);
      const query = Int16Array.from({ length: width }, () => Math.round(next() * 65_534));
      query.fill(-32_767, 0, 16);
      const scales = Float32Array.from({ length: count }, () => (next() + 0.5) / 1_000);
      const layout = { scales: count * width, query: 0, out: 0 };
      layout.query = Math.ceil((layout.scales + count * 4) / 16) * 16;
      layout.out = layout.query + width * 2;

      const results = [createQuantizedDotKernel(), createQuantizedDotKernel({ simd: false })].map((kernel) => {
        kernel.reserve(layout.out + (count + 1) * 4);
        rows.forEach((row, i) => new Int8Array(kernel.memory.buffer, i * width, width).set(row));
        new Float32Array(kernel.memory.buffer, layout.scales, count).set(scales);
        new Int16Array(kernel.memory.buffer, layout.query, width).set(query);
        const out = new Float32Array(kernel.memory.buffer, layout.out, count + 1);
        out[count] = 7;
        kernel.dots(0, layout.scales, count, layout.query, blocks, layout.out);
        expect(out[count]).toBe(7);
        return { simd: kernel.simd, scores: [...out.subarray(0, count)] };
      });
      expect(results.map((result) => result.simd)).toEqual([true, false]);
      const expected = rows.map((row, i) => {
        const integer = row.reduce((sum, value, d) => sum + value * query[d]!, 0);
        return Math.fround(Math.fround(integer) * scales[i]!);
      });
      // Bit for bit: both paths sum integers exactly and round the same two times.
      expect(results[0]!.scores).toEqual(expected);
      expect(results[1]!.scores).toEqual(expected);
    }
  });
});
