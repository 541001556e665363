/** ONNX TensorProto.DataType codes this reader understands. */
export const OnnxType = {
  FLOAT: 1,
  UINT8: 2,
  INT8: 3,
  UINT16: 4,
  INT16: 5,
  INT32: 6,
  INT64: 7,
  BOOL: 9,
  FLOAT16: 10,
  DOUBLE: 11,
  UINT32: 12,
  UINT64: 13,
} as const;
export type OnnxType = (typeof OnnxType)[keyof typeof OnnxType];

const BYTES: Readonly<Record<OnnxType, number>> = {
  1: 4,
  2: 1,
  3: 1,
  4: 2,
  5: 2,
  6: 4,
  7: 8,
  9: 1,
  10: 2,
  11: 8,
  12: 4,
  13: 8,
};

/**
 * A tensor as the static-graph evaluator sees it: a shape and element access by flat index.
 * Initializers keep reading their bytes in place; computed tensors are small.
 */
export interface Tensor {
  readonly type: OnnxType;
  readonly dims: readonly number[];
  /** Element `index` (row-major) as a JS number; float32 results are already float32-rounded. */
  at(index: number): number;
}

export function isOnnxType(code: number): code is OnnxType {
  return Object.hasOwn(BYTES, code);
}

export function elementCount(dims: readonly number[]): number {
  return dims.reduce((product, size) => product * size, 1);
}

/** A tensor over little-endian raw bytes, as ONNX stores `raw_data`. */
export function rawTensor(type: OnnxType, dims: readonly number[], bytes: Uint8Array): Tensor {
  const count = elementCount(dims);
  if (bytes.length !== count * BYTES[type]) {
    throw new RangeError(`holds ${bytes.length} bytes for ${count} elements of ${BYTES[type]} bytes each`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { type, dims, at: elementReader(type, view) };
}

/** A tensor over values already decoded (ONNX's typed `*_data` fields, or computed results). */
export function valueTensor(type: OnnxType, dims: readonly number[], values: ArrayLike<number>): Tensor {
  if (values.length !== elementCount(dims))
    throw new RangeError(`holds ${values.length} values for shape [${dims.join(", ")}]`);
  return { type, dims, at: (index) => values[index]! };
}

function elementReader(type: OnnxType, view: DataView): (index: number) => number {
  switch (type) {
    case OnnxType.FLOAT:
      return (i) => view.getFloat32(i * 4, true);
    case OnnxType.DOUBLE:
      return (i) => view.getFloat64(i * 8, true);
    case OnnxType.FLOAT16:
      return (i) => halfToFloat(view.getUint16(i * 2, true));
    case OnnxType.INT8:
      return (i) => view.getInt8(i);
    case OnnxType.UINT8:
    case OnnxType.BOOL:
      return (i) => view.getUint8(i);
    case OnnxType.INT16:
      return (i) => view.getInt16(i * 2, true);
    case OnnxType.UINT16:
      return (i) => view.getUint16(i * 2, true);
    case OnnxType.INT32:
      return (i) => view.getInt32(i * 4, true);
    case OnnxType.UINT32:
      return (i) => view.getUint32(i * 4, true);
    case OnnxType.INT64:
      return (i) => Number(view.getBigInt64(i * 8, true));
    case OnnxType.UINT64:
      return (i) => Number(view.getBigUint64(i * 8, true));
  }
}

/** IEEE 754 half precision to a JS number (exact: every half is a float32). */
export function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : NaN;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

/**
 * Rounds a computed value to what a tensor of `type` holds, as ONNX Runtime would store it.
 * Every float32 operation here takes float32 inputs, so computing in double and rounding once
 * gives the correctly rounded float32 result, bit for bit.
 */
export function roundTo(type: Exclude<OnnxType, typeof OnnxType.FLOAT16>, value: number): number {
  switch (type) {
    case OnnxType.FLOAT:
      return Math.fround(value);
    case OnnxType.DOUBLE:
      return value;
    case OnnxType.BOOL:
      return value !== 0 ? 1 : 0;
    default:
      // Integer casts truncate towards zero; wrap-around of out-of-range values is not modelled,
      // since a lookup graph never produces them.
      return Math.trunc(value);
  }
}
