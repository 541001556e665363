/**
 * Reads protobuf's wire format: the few rules needed to walk an ONNX file's messages.
 * Field values stay views into the input, so reading a 5 MB initializer copies nothing.
 */

/** One field of a message: its number, and its value as the wire type carries it. */
export type ProtoField =
  | { field: number; wire: "varint"; value: bigint }
  | { field: number; wire: "fixed32"; bytes: Uint8Array }
  | { field: number; wire: "fixed64"; bytes: Uint8Array }
  | { field: number; wire: "bytes"; bytes: Uint8Array };

/** The input is not well-formed protobuf; the message says where. */
export class ProtoFormatError extends Error {}

const MAX_VARINT_BYTES = 10;

/**
 * Every field of one message, in file order. Groups (wire types 3 and 4, deprecated and never
 * used by ONNX) and anything running past the end are format errors.
 */
export function readFields(bytes: Uint8Array): ProtoField[] {
  const fields: ProtoField[] = [];
  let offset = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let i = 0; i < MAX_VARINT_BYTES; i++) {
      if (offset >= bytes.length)
        throw new ProtoFormatError(`a varint runs past the end of the message at byte ${offset}`);
      const byte = bytes[offset++]!;
      value |= BigInt(byte & 0x7f) << BigInt(7 * i);
      if ((byte & 0x80) === 0) return value;
    }
    throw new ProtoFormatError(`a varint is longer than ${MAX_VARINT_BYTES} bytes at byte ${offset}`);
  };
  const take = (length: number): Uint8Array => {
    if (length > bytes.length - offset)
      throw new ProtoFormatError(`a field of ${length} bytes runs past the end of the message at byte ${offset}`);
    const view = bytes.subarray(offset, offset + length);
    offset += length;
    return view;
  };
  while (offset < bytes.length) {
    const key = varint();
    const field = Number(key >> 3n);
    switch (Number(key & 7n)) {
      case 0:
        fields.push({ field, wire: "varint", value: varint() });
        break;
      case 1:
        fields.push({ field, wire: "fixed64", bytes: take(8) });
        break;
      case 2: {
        const length = varint();
        if (length > BigInt(bytes.length))
          throw new ProtoFormatError(`a length of ${length} bytes exceeds the message at byte ${offset}`);
        fields.push({ field, wire: "bytes", bytes: take(Number(length)) });
        break;
      }
      case 5:
        fields.push({ field, wire: "fixed32", bytes: take(4) });
        break;
      default:
        throw new ProtoFormatError(`unsupported wire type ${Number(key & 7n)} for field ${field}`);
    }
  }
  return fields;
}

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** A length-delimited field as UTF-8 text. */
export function textOf(field: ProtoField): string {
  if (field.wire !== "bytes") throw new ProtoFormatError(`field ${field.field} should be text`);
  return utf8.decode(field.bytes);
}

/**
 * An integer field as a number, read as protobuf's int64: a varint above 2^63 is negative.
 * Also accepts the packed form of a repeated integer field, returning each element.
 */
export function integersOf(field: ProtoField): number[] {
  if (field.wire === "varint") return [Number(BigInt.asIntN(64, field.value))];
  if (field.wire !== "bytes") throw new ProtoFormatError(`field ${field.field} should be an integer`);
  const values: number[] = [];
  // A packed field is the concatenation of the element varints: read them as one message of
  // varint fields would be wrong (no keys), so decode them directly.
  let value = 0n;
  let shift = 0n;
  for (const byte of field.bytes) {
    value |= BigInt(byte & 0x7f) << shift;
    if (byte & 0x80) {
      shift += 7n;
      if (shift > 63n) throw new ProtoFormatError(`a packed varint in field ${field.field} is too long`);
      continue;
    }
    values.push(Number(BigInt.asIntN(64, value)));
    value = 0n;
    shift = 0n;
  }
  if (shift !== 0n) throw new ProtoFormatError(`field ${field.field} ends in the middle of a packed varint`);
  return values;
}

/** A float field (fixed32), or each element of a packed repeated float field. */
export function floatsOf(field: ProtoField): number[] {
  if (field.wire === "varint" || field.wire === "fixed64")
    throw new ProtoFormatError(`field ${field.field} should be a float`);
  if (field.bytes.length % 4 !== 0) throw new ProtoFormatError(`field ${field.field} is not a whole number of floats`);
  const view = new DataView(field.bytes.buffer, field.bytes.byteOffset, field.bytes.byteLength);
  return Array.from({ length: field.bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}
