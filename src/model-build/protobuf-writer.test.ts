import { describe, expect, it } from "vitest";
import { encodeVarint, ProtoWriter } from "./protobuf-writer.js";

describe("encodeVarint", () => {
  it("writes 7 bits per byte, low group first, with a continuation bit", () => {
    expect([...encodeVarint(0)]).toEqual([0]);
    expect([...encodeVarint(1)]).toEqual([1]);
    expect([...encodeVarint(127)]).toEqual([0x7f]);
    expect([...encodeVarint(128)]).toEqual([0x80, 0x01]);
    expect([...encodeVarint(300)]).toEqual([0xac, 0x02]);
  });

  it("encodes negatives as ten-byte two's complement", () => {
    expect([...encodeVarint(-1)]).toEqual([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect([...encodeVarint(-1n)]).toEqual([...encodeVarint(-1)]);
  });

  it("refuses numbers that lost precision", () => {
    expect(() => encodeVarint(2 ** 60)).toThrow(RangeError);
    expect(() => encodeVarint(1.5)).toThrow(RangeError);
  });
});

describe("ProtoWriter", () => {
  it("tags fields with (number << 3) | wire type", () => {
    // field 1 varint 150 is the protobuf documentation's canonical example: 08 96 01
    expect([...new ProtoWriter().int64(1, 150).finish()]).toEqual([0x08, 0x96, 0x01]);
    // field 2 string "testing": 12 07 74 65 73 74 69 6e 67
    expect([...new ProtoWriter().string(2, "testing").finish()]).toEqual([
      0x12, 0x07, 0x74, 0x65, 0x73, 0x74, 0x69, 0x6e, 0x67,
    ]);
  });

  it("writes floats as fixed32 little-endian", () => {
    expect([...new ProtoWriter().float(2, 1).finish()]).toEqual([0x15, 0x00, 0x00, 0x80, 0x3f]);
  });

  it("length-prefixes embedded messages and keeps call order", () => {
    const bytes = new ProtoWriter()
      .message(3, (inner) => inner.int64(1, 150))
      .int64(4, 1)
      .finish();
    expect([...bytes]).toEqual([0x1a, 0x03, 0x08, 0x96, 0x01, 0x20, 0x01]);
  });

  it("rejects field numbers protobuf cannot represent", () => {
    expect(() => new ProtoWriter().int64(0, 1)).toThrow(RangeError);
    expect(() => new ProtoWriter().int64(2 ** 29, 1)).toThrow(RangeError);
  });
});
