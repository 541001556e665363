/**
 * Dot products of one query with many int8 vectors, the inner loop of exact vector search.
 *
 * A float32 vector of 512 dimensions is 2 KB; 10,000 of them are 20 MB, more than a CPU's cache,
 * so a scan of them waits on memory. Stored as int8 with one float scale per vector (see
 * `quantize.ts`) they are a quarter of that. The query is kept as int16, so only the stored
 * side is rounded: a similarity moves by about 5·10⁻⁴ at 512 dimensions.
 *
 * It runs as a tiny WebAssembly function using 128-bit SIMD: sixteen int8 lanes are widened to
 * int16 and multiplied with the query's by `i32x4.dot_i16x8_s`, in two sums that do not wait on
 * each other. Where WebAssembly SIMD is unavailable, the same arithmetic runs in JavaScript.
 */
import * as wasm from "./wasm-module.js";
import { I32, local, loadV128, op, simd, simdOp, V128, vector, whileBelow } from "./wasm-module.js";

export interface QuantizedDotKernel extends Omit<wasm.Kernel<unknown>, "run"> {
  /**
   * Writes `count` floats to `out`: for each of the `count` int8 vectors stored from byte offset
   * `vectors`, `blocks × 16` bytes apart, its integer dot product with the int16 query at byte
   * offset `query`, times the vector's float32 scale read from byte offset `scales` on. Offsets
   * of vectors and query are multiples of 16; vectors and query are zero-padded to whole blocks.
   */
  dots(vectors: number, scales: number, count: number, query: number, blocks: number, out: number): void;
}

const dotsModule = wasm.simdModule(assembleQuantizedDotsModule);

export function createQuantizedDotKernel(options: { simd?: boolean } = {}): QuantizedDotKernel {
  const { run, ...kernel } = wasm.createKernel(
    dotsModule,
    "dots",
    options.simd !== false,
    (memory): QuantizedDotKernel["dots"] =>
      (vectors, scales, count, query, blocks, out) => {
        const bytes = new Int8Array(memory.buffer);
        const queryValues = new Int16Array(memory.buffer, query, blocks * 16);
        const scaleValues = new Float32Array(memory.buffer, scales, count);
        const outValues = new Float32Array(memory.buffer, out, count);
        const width = blocks * 16;
        for (let row = 0, offset = vectors; row < count; row++, offset += width) {
          let sum = 0;
          for (let d = 0; d < width; d++) sum += bytes[offset + d]! * queryValues[d]!;
          // Math.fround, as the kernel converts the integer sum to float32 before scaling.
          outValues[row] = Math.fround(sum) * scaleValues[row]!;
        }
      },
  );
  return { ...kernel, dots: run };
}

/**
 * `dots(vectors, scales, count, query, blocks, out)`. Per sixteen dimensions: one load of the
 * vector's bytes, widened to two int16 halves, each multiplied pairwise with eight query values
 * and added into its own int32 sum. The sums cannot overflow: each lane adds at most
 * dimensions ÷ 8 pairs of products of at most 127 × 32,767, under 2³¹ up to 2,048 dimensions.
 */
function assembleQuantizedDotsModule(): Uint8Array {
  // Parameters 0–5, then locals 6–8 (i32) and 9–11 (v128).
  const [vectors, scales, count, query, blocks, out, row, block, queryAt, low, high, bytes] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
  ];
  const { get, set, add } = local;
  const locals = vector([
    [3, I32],
    [3, V128],
  ]);
  // into += dot(widen(half of bytes), query[offset…offset + 8])
  const multiplyAdd = (into: number, widen: number, offset: number) => [
    ...get(into),
    ...get(bytes),
    ...simdOp(widen),
    ...loadV128(queryAt, offset),
    ...simdOp(simd.i32x4DotI16x8S),
    ...simdOp(simd.i32x4Add),
    ...set(into),
  ];
  const eachBlock = [
    ...loadV128(vectors),
    ...set(bytes),
    ...multiplyAdd(low, simd.i16x8ExtendLowI8x16S, 0),
    ...multiplyAdd(high, simd.i16x8ExtendHighI8x16S, 16),
    ...add(vectors, 16),
    ...add(queryAt, 32),
  ];
  const lane = (index: number) => [...get(low), ...simdOp(simd.i32x4ExtractLane, index)];
  const eachRow = [
    op.i32Const,
    0,
    ...simdOp(simd.i32x4Splat),
    op.localTee,
    low,
    ...set(high),
    ...get(query),
    ...set(queryAt),
    ...local.zero(block),
    ...whileBelow(block, blocks, eachBlock),
    ...get(low),
    ...get(high),
    ...simdOp(simd.i32x4Add),
    ...set(low),
    // out[row] = float(the four lanes added) × scales[row]
    ...get(out),
    ...lane(0),
    ...lane(1),
    op.i32Add,
    ...lane(2),
    op.i32Add,
    ...lane(3),
    op.i32Add,
    op.f32ConvertI32S,
    ...get(scales),
    op.f32Load,
    2,
    0,
    op.f32Mul,
    op.f32Store,
    2,
    0,
    ...add(out, 4),
    ...add(scales, 4),
  ];
  return wasm.assembleFunctionModule("dots", 6, [...locals, ...whileBelow(row, count, eachRow), op.end]);
}
