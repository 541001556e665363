import type { Pooling } from "./embedder.js";

/**
 * One text's vector from its tokens' vectors: their mean (`mean`) or the first (`cls`).
 * Sums run in float32, token by token. The ONNX Runtime path pools with this; the static path
 * sums each distinct token's row once, times its count (`TokenRows.mean`), equal to float rounding.
 *
 * @param rows - The text's token vectors, in order; only tokens the attention mask keeps.
 */
export function poolTokens(
  rows: readonly Float32Array[],
  width: number,
  pooling: Exclude<Pooling, "none">,
): Float32Array {
  const vector = new Float32Array(width);
  if (rows.length === 0) return vector;
  if (pooling === "cls") {
    vector.set(rows[0]!.subarray(0, width));
    return vector;
  }
  // Four lanes a step: the same additions in the same order, about 1.5 times as fast on a
  // model of 512 dimensions, where pooling a long tool text is most of the cost of embedding it.
  const lanes = width - (width % 4);
  for (const row of rows) {
    for (let d = 0; d < lanes; d += 4) {
      vector[d] = vector[d]! + row[d]!;
      vector[d + 1] = vector[d + 1]! + row[d + 1]!;
      vector[d + 2] = vector[d + 2]! + row[d + 2]!;
      vector[d + 3] = vector[d + 3]! + row[d + 3]!;
    }
    for (let d = lanes; d < width; d++) vector[d] = vector[d]! + row[d]!;
  }
  for (let d = 0; d < width; d++) vector[d] = vector[d]! / rows.length;
  return vector;
}

/** Unit length; the zero vector (no known token) stays zero rather than becoming NaN. */
export function normaliseInPlace(vector: Float32Array): void {
  let squares = 0;
  // An indexed loop: for...of's iterator stays slow until the optimiser gets to it, which was a
  // tenth of embedding a catalogue in a fresh process.
  for (let d = 0; d < vector.length; d++) squares += vector[d]! * vector[d]!;
  if (squares === 0) return;
  const inverse = 1 / Math.sqrt(squares);
  for (let d = 0; d < vector.length; d++) vector[d] = vector[d]! * inverse;
}
