/**
 * The few protobuf encoding rules an ONNX file needs: varints, length-delimited fields and
 * fixed 32-bit floats. Fields are written in the order they are called, which keeps output
 * byte-identical for identical calls.
 */

const WIRE_VARINT = 0;
const WIRE_FIXED32 = 5;
const WIRE_LENGTH_DELIMITED = 2;

const textEncoder = new TextEncoder();

/**
 * Appends protobuf fields to a growing buffer.
 *
 * @example
 * ```ts
 * const bytes = new ProtoWriter().int64(1, 8).string(2, "toolsift").finish();
 * ```
 */
export class ProtoWriter {
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  /** An int32/int64/enum/bool field; negative numbers take ten bytes, as protobuf specifies. */
  int64(field: number, value: number | bigint): this {
    this.tag(field, WIRE_VARINT);
    this.push(encodeVarint(value));
    return this;
  }

  /** A float field (fixed 32-bit little-endian). */
  float(field: number, value: number): this {
    this.tag(field, WIRE_FIXED32);
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setFloat32(0, value, true);
    this.push(bytes);
    return this;
  }

  /** A string field, UTF-8 encoded. */
  string(field: number, value: string): this {
    return this.bytes(field, textEncoder.encode(value));
  }

  /** A bytes field. */
  bytes(field: number, value: Uint8Array): this {
    this.tag(field, WIRE_LENGTH_DELIMITED);
    this.push(encodeVarint(value.length));
    this.push(value);
    return this;
  }

  /** An embedded message field, written by `write` into its own writer. */
  message(field: number, write: (writer: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    write(inner);
    return this.bytes(field, inner.finish());
  }

  /** The encoded bytes so far. */
  finish(): Uint8Array {
    const out = new Uint8Array(this.length);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }

  private tag(field: number, wireType: number): void {
    if (!Number.isInteger(field) || field < 1 || field > 536_870_911) {
      throw new RangeError(`protobuf field number ${field} is out of range 1..2^29-1`);
    }
    this.push(encodeVarint(field * 8 + wireType));
  }

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.length += bytes.length;
  }
}

/**
 * Base-128 varint of an integer; negatives are taken as their 64-bit two's complement.
 *
 * @example
 * ```ts
 * encodeVarint(300); // Uint8Array [0xac, 0x02]
 * ```
 */
export function encodeVarint(value: number | bigint): Uint8Array {
  if (typeof value === "number" && !Number.isSafeInteger(value)) {
    throw new RangeError(`varint value ${value} is not a safe integer`);
  }
  let rest = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  while (rest >= 0x80n) {
    bytes.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  bytes.push(Number(rest));
  return Uint8Array.from(bytes);
}
