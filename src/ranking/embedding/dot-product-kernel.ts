/**
 * Dot products of one float32 vector with many, for the similarities between a catalogue's own
 * tools (`catalogue-similarity.ts`); exact search compares int8 vectors with
 * `quantized-dot-kernel.ts`.
 *
 * It runs as a tiny WebAssembly function using 128-bit SIMD (four float32 lanes per step),
 * which on a 100-dimension model is 6–8× faster than the same loop in JavaScript. The module is
 * assembled below from its instructions (see `wasm-module.ts`). Where WebAssembly SIMD is
 * unavailable, the same loop runs in JavaScript.
 */
import * as wasm from "./wasm-module.js";
import { I32, local, loadV128, op, simd, simdOp, V128, vector, whileBelow } from "./wasm-module.js";

export interface DotProductKernel extends Omit<wasm.Kernel<unknown>, "run"> {
  /**
   * Writes `count` dot products to `out`: of the query at byte offset `query` with each of the
   * `count` vectors stored from byte offset `vectors`, `lanes4 × 4` floats apart. Offsets are
   * multiples of 16 and vectors are zero-padded to a multiple of 4 floats.
   */
  dots(vectors: number, count: number, query: number, lanes4: number, out: number): void;
}

const dotsModule = wasm.simdModule(assembleDotsModule);

export function createDotProductKernel(options: { simd?: boolean } = {}): DotProductKernel {
  const { run, ...kernel } = wasm.createKernel(
    dotsModule,
    "dots",
    options.simd !== false,
    (memory): DotProductKernel["dots"] =>
      (vectors, count, query, lanes4, out) => {
        const floats = new Float32Array(memory.buffer);
        const width = lanes4 * 4;
        const q = query / 4;
        for (let row = 0, offset = vectors / 4; row < count; row++, offset += width) {
          let sum = 0;
          for (let d = 0; d < width; d++) sum += floats[offset + d]! * floats[q + d]!;
          floats[out / 4 + row] = sum;
        }
      },
  );
  return { ...kernel, dots: run };
}

/**
 * `dots(vectors, count, query, lanes4, out)`: for each row, four float32 lanes are multiplied
 * and accumulated per step, then the lanes are summed and stored.
 *
 * Each row is read sixteen floats a step into four sums that do not wait on each other, then
 * four at a time for what is left. One sum made every step wait for the addition before it:
 * at 512 dimensions that chain, not memory, set the speed of a search over 10,000 tools.
 */
function assembleDotsModule(): Uint8Array {
  // Parameters 0–4, then locals 5–9 (i32) and 10–13 (v128).
  const [vectors, count, query, lanes4, out, row, lane, queryAt, blocks, rest] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const sums = [10, 11, 12, 13] as const;
  const [sum] = sums;
  const { get, set, add } = local;
  const lane4 = (index: number) => [...get(sum), ...simdOp(simd.f32x4ExtractLane, index)];
  const locals = vector([
    [5, I32],
    [4, V128],
  ]);
  // sums[i] += vector[lane + i] × query[lane + i], four floats from `offset` bytes on.
  const multiplyAdd = (into: number, offset: number) => [
    ...get(into),
    ...loadV128(vectors, offset),
    ...loadV128(queryAt, offset),
    ...simdOp(simd.f32x4Mul),
    ...simdOp(simd.f32x4Add),
    ...set(into),
  ];
  const sixteenFloats = [
    ...sums.flatMap((into, i) => multiplyAdd(into, i * 16)),
    ...add(vectors, 64),
    ...add(queryAt, 64),
  ];
  const fourFloats = [...multiplyAdd(sum, 0), ...add(vectors, 16), ...add(queryAt, 16)];
  const addSums = (a: number, b: number) => [...get(a), ...get(b), ...simdOp(simd.f32x4Add)];
  const eachRow = [
    op.f32Const,
    0,
    0,
    0,
    0,
    ...simdOp(simd.f32x4Splat),
    ...sums.flatMap((each) => [op.localTee, each]),
    op.drop,
    ...get(query),
    ...set(queryAt),
    ...local.zero(lane),
    ...whileBelow(lane, blocks, sixteenFloats),
    ...local.zero(lane),
    ...whileBelow(lane, rest, fourFloats),
    // sum = (sum + sum1) + (sum2 + sum3)
    ...addSums(sums[0], sums[1]),
    ...addSums(sums[2], sums[3]),
    ...simdOp(simd.f32x4Add),
    ...set(sum),
    // out[row] = the four lanes added
    ...get(out),
    ...lane4(0),
    ...lane4(1),
    op.f32Add,
    ...lane4(2),
    op.f32Add,
    ...lane4(3),
    op.f32Add,
    op.f32Store,
    2,
    0,
    ...add(out, 4),
  ];
  const splitLanes = [
    // blocks = lanes4 >> 2 (steps of sixteen floats); rest = lanes4 & 3 (steps of four)
    ...get(lanes4),
    op.i32Const,
    2,
    op.i32ShrU,
    ...set(blocks),
    ...get(lanes4),
    op.i32Const,
    3,
    op.i32And,
    ...set(rest),
  ];
  return wasm.assembleFunctionModule("dots", 5, [...locals, ...splitLanes, ...whileBelow(row, count, eachRow), op.end]);
}
