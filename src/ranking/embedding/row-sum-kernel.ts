/**
 * Weighted sums of rows, the inner loop of a static model's mean pooling: a text's vector is
 * the sum of its distinct tokens' rows, each times how often the token occurs.
 *
 * Like the dot products (`dot-product-kernel.ts`), it runs as a tiny WebAssembly function
 * using 128-bit SIMD. On a 512-dimension model pooling was most of the cost of embedding a
 * catalogue, and the first answer pays it for every tool; the kernel is about 6× faster than
 * the loop in JavaScript. Where WebAssembly SIMD is unavailable, the same loop runs in
 * JavaScript, with the same float32 rounding at each step.
 */
import * as wasm from "./wasm-module.js";
import { I32, local, loadV128, op, repeatBelow, simd, simdOp, V128, vector, whileBelow } from "./wasm-module.js";

export interface RowSumKernel extends Omit<wasm.Kernel<unknown>, "run"> {
  /**
   * Adds to the `lanes4 × 4` floats at byte offset `out` each of `count` rows times its
   * weight, in list order. The list at byte offset `list` holds, per row, the row's byte
   * offset (int32) and its weight (float32). Offsets are multiples of 16 and rows are
   * zero-padded to a multiple of 4 floats.
   */
  sum(list: number, count: number, lanes4: number, out: number): void;
}

const rowSumModule = wasm.simdModule(assembleRowSumModule);

export function createRowSumKernel(options: { simd?: boolean } = {}): RowSumKernel {
  const { run, ...kernel } = wasm.createKernel(
    rowSumModule,
    "sum",
    options.simd !== false,
    (memory): RowSumKernel["sum"] =>
      (list, count, lanes4, out) => {
        const floats = new Float32Array(memory.buffer);
        const ints = new Int32Array(memory.buffer);
        const width = lanes4 * 4;
        const at = out / 4;
        for (let entry = 0; entry < count; entry++) {
          const row = ints[list / 4 + entry * 2]! / 4;
          const weight = floats[list / 4 + entry * 2 + 1]!;
          // Math.fround at each step: the product, then the sum, each a float32 as in the kernel.
          for (let d = 0; d < width; d++) floats[at + d] = floats[at + d]! + Math.fround(floats[row + d]! * weight);
        }
      },
  );
  return { ...kernel, sum: run };
}

/**
 * `sum(list, count, lanes4, out)`: for each entry of the list, its weight is splat over four
 * lanes, and each four floats of its row are multiplied by it and added to `out`'s.
 */
function assembleRowSumModule(): Uint8Array {
  // Parameters 0–3, then locals 4–7 (i32) and 8 (v128).
  const [list, count, lanes4, out, entry, row, lane, outAt, weight] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const { get, set, add } = local;
  const locals = vector([
    [4, I32],
    [1, V128],
  ]);
  const addLanes = [
    // out[lane] += row[lane] × weight
    ...get(outAt),
    ...loadV128(outAt),
    ...loadV128(row),
    ...get(weight),
    ...simdOp(simd.f32x4Mul),
    ...simdOp(simd.f32x4Add),
    ...simdOp(simd.v128Store, 4, 0),
    ...add(outAt, 16),
    ...add(row, 16),
  ];
  const eachEntry = [
    // row = the entry's offset; weight = its float, in all four lanes
    ...get(list),
    op.i32Load,
    2,
    0,
    ...set(row),
    ...get(list),
    op.f32Load,
    2,
    4,
    ...simdOp(simd.f32x4Splat),
    ...set(weight),
    ...get(out),
    ...set(outAt),
    ...repeatBelow(lane, lanes4, addLanes),
    ...add(list, 8),
  ];
  return wasm.assembleFunctionModule("sum", 4, [...locals, ...whileBelow(entry, count, eachEntry), op.end]);
}
