import { describe, expect, it } from "vitest";
import { isRecord } from "./unknown-value.js";

describe("isRecord", () => {
  it("accepts objects whose fields can be read, and nothing else", () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    expect(isRecord(new Date(0))).toBe(true);
    for (const value of [null, undefined, [], [1], "text", 3, true]) expect(isRecord(value)).toBe(false);
  });
});
