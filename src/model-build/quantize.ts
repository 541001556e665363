/**
 * Storage formats for the embedding matrix: int8 with one scale per row, and IEEE fp16.
 */

/** Rows quantised symmetrically to int8: `row[i] ≈ values[i] × scales[row]`. */
export interface Int8Rows {
  values: Int8Array;
  scales: Float32Array;
}

/**
 * Quantises each row to int8 with its own scale (max |value| / 127), so the largest component
 * of every row keeps full resolution; an all-zero row gets scale 0.
 *
 * @example
 * ```ts
 * const { values, scales } = quantiseRowsInt8(new Float32Array([0.5, -1, 0, 0]), 2);
 * // values [64, -127, 0, 0], scales [1/127, 0]
 * ```
 */
export function quantiseRowsInt8(matrix: Float32Array, dimensions: number): Int8Rows {
  const rowCount = matrix.length / dimensions;
  const values = new Int8Array(matrix.length);
  const scales = new Float32Array(rowCount);
  for (let row = 0; row < rowCount; row++) {
    const start = row * dimensions;
    let largest = 0;
    for (let i = start; i < start + dimensions; i++) largest = Math.max(largest, Math.abs(matrix[i] as number));
    if (largest === 0) continue;
    const scale = Math.fround(largest / 127);
    scales[row] = scale;
    for (let i = start; i < start + dimensions; i++) {
      values[i] = Math.max(-127, Math.min(127, Math.round((matrix[i] as number) / scale)));
    }
  }
  return { values, scales };
}

/** The float32 matrix an int8 matrix stands for (what the ONNX graph computes). */
export function dequantiseRowsInt8(rows: Int8Rows, dimensions: number): Float32Array {
  const out = new Float32Array(rows.values.length);
  for (let i = 0; i < out.length; i++)
    out[i] = (rows.values[i] as number) * (rows.scales[Math.floor(i / dimensions)] as number);
  return out;
}

const scratch = new DataView(new ArrayBuffer(4));

/**
 * The fp16 bit pattern nearest to `value` (round half to even), with overflow to infinity and
 * gradual underflow to subnormals, as IEEE 754 specifies.
 *
 * @example
 * ```ts
 * float32ToFloat16Bits(1); // 0x3c00
 * ```
 */
export function float32ToFloat16Bits(value: number): number {
  scratch.setFloat32(0, value);
  const bits = scratch.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  const mantissa = bits & 0x7fffff;

  if (exponent === 0xff) return sign | 0x7c00 | (mantissa !== 0 ? 0x200 : 0);
  const halfExponent = exponent - 127 + 15;
  if (halfExponent >= 0x1f) return sign | 0x7c00;
  if (halfExponent <= 0) {
    if (halfExponent < -10) return sign;
    // Subnormal: shift the mantissa (with its implicit leading 1) right and round to even.
    const full = mantissa | 0x800000;
    const shift = 14 - halfExponent;
    let half = full >>> shift;
    const remainder = full & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (remainder > halfway || (remainder === halfway && (half & 1) === 1)) half++;
    return sign | half;
  }
  let half = (halfExponent << 10) | (mantissa >>> 13);
  const remainder = mantissa & 0x1fff;
  // A carry out of the mantissa correctly bumps the exponent (and reaches infinity at the top).
  if (remainder > 0x1000 || (remainder === 0x1000 && (half & 1) === 1)) half++;
  return sign | half;
}

/** The value of an fp16 bit pattern. */
export function float16BitsToFloat32(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : Number.NaN;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** A whole matrix as fp16 bit patterns. */
export function toFloat16Bits(matrix: Float32Array): Uint16Array {
  const out = new Uint16Array(matrix.length);
  for (let i = 0; i < matrix.length; i++) out[i] = float32ToFloat16Bits(matrix[i] as number);
  return out;
}
