import { describe, expect, it } from "vitest";
import { unitVectors } from "./seeded-vectors.fixture.js";
import { createDotProductKernel } from "./dot-product-kernel.js";

describe("dot product kernel", () => {
  // Rows are read sixteen floats a step, then four: widths of 4 to 132 floats take each path
  // alone and both together (512 dimensions, the bundled model's, are 32 steps of sixteen), for
  // one row and many, and a sentinel checks that no row's product is written past the last.
  it.each([1, 2, 3, 4, 5, 7, 8, 9, 32, 33])(
    "gives the same products with WebAssembly SIMD as in JavaScript, %i × 4 floats a row",
    (lanes4) => {
      const width = lanes4 * 4;
      for (const count of [1, 2, 49, 50]) {
        const simd = createDotProductKernel();
        const plain = createDotProductKernel({ simd: false });
        expect(simd.simd).toBe(true);
        expect(plain.simd).toBe(false);
        const rows = unitVectors(count, width, 5);
        const [query] = unitVectors(1, width, 6);
        const products = [simd, plain].map((kernel) => {
          kernel.reserve((count + 2) * width * 4);
          const floats = new Float32Array(kernel.memory.buffer);
          rows.forEach((row, i) => floats.set(row, i * width));
          floats.set(query!, count * width);
          // A sentinel after the last product: the kernel writes `count` floats, no more.
          floats[(count + 1) * width + count] = 7;
          kernel.dots(0, count, count * width * 4, lanes4, (count + 1) * width * 4);
          expect(floats[(count + 1) * width + count]).toBe(7);
          return [...new Float32Array(kernel.memory.buffer, (count + 1) * width * 4, count)];
        });
        products[0]!.forEach((value, i) => {
          expect(value).toBeCloseTo(products[1]![i]!, 5);
          expect(value).toBeCloseTo(
            rows[i]!.reduce((sum, x, d) => sum + x * query![d]!, 0),
            5,
          );
        });
      }
    },
  );
});
