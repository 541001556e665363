/**
 * Symmetric linear quantisation of a float vector: `value ≈ integer × scale`, with the scale set
 * by the vector's largest magnitude so that it maps to `limit`. One scale per vector keeps a
 * short vector's precision as fine as a long one's.
 */

/** The int8 magnitude stored vectors use; −128 is left out so that −v quantises to −q. */
export const INT8_LIMIT = 127;
/** The int16 magnitude a query uses: its rounding is a thousandth of the stored side's. */
export const INT16_LIMIT = 32_767;

/**
 * Writes `vector` rounded into `into` (as long as the vector; `into`'s rest is left alone) and
 * returns the scale to multiply back by. A component that is not finite counts as 0, so a
 * damaged vector cannot turn every score into NaN; an all-zero vector has scale 0.
 *
 * @example
 * ```ts
 * const q = new Int8Array(3);
 * const scale = quantizeInto(Float32Array.of(0.5, -1, 0.25), q, INT8_LIMIT); // q = [64, -127, 32]
 * ```
 */
export function quantizeInto(vector: ArrayLike<number>, into: Int8Array | Int16Array, limit: number): number {
  let largest = 0;
  for (let i = 0; i < vector.length; i++) {
    const magnitude = Math.abs(vector[i]!);
    if (magnitude > largest && Number.isFinite(magnitude)) largest = magnitude;
  }
  if (largest === 0) {
    into.fill(0, 0, vector.length);
    return 0;
  }
  const toInteger = limit / largest;
  for (let i = 0; i < vector.length; i++) {
    const value = vector[i]!;
    const scaled = value * toInteger;
    // Halves round away from zero on both sides (Math.round alone takes −63.5 to −63). Adding a
    // half and truncating rounds a magnitude of at most `limit` as Math.round does, at a seventh
    // of its cost in a fresh process; the one magnitude where it would not (0.5 − 2⁻⁵⁴, whose
    // sum with a half rounds to 1) is below the half and taken as 0 first.
    const magnitude = scaled < 0 ? -scaled : scaled;
    const rounded = magnitude < 0.5 ? 0 : (magnitude + 0.5) | 0;
    into[i] = Number.isFinite(value) ? (scaled < 0 ? -rounded : rounded) : 0;
  }
  return largest / limit;
}
