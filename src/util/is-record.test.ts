import { describe, expect, it } from "vitest";
import { isRecord } from "./is-record.js";

describe("isRecord", () => {
  it("is true for objects whose fields can be read, false for null, arrays and primitives", () => {
    expect([{}, { a: 1 }, Object.create(null), new Map()].map(isRecord)).toEqual([true, true, true, true]);
    expect([null, undefined, [], [1], "x", 1, true, () => 1].map(isRecord)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
