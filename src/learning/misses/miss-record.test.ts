import { describe, expect, it } from "vitest";
import { MAX_MISS_TEXT, type MissRecord, parseMissRecord } from "./miss-record.js";

const good: MissRecord = {
  id: "m1",
  at: "2026-12-02T11:00:00.000Z",
  scope: "default",
  kind: "weak",
  request: { hash: "a".repeat(64), length: 12 },
  results: ["github__create_issue"],
  answer: "linear__create_issue",
  server: "linear",
};

describe("parseMissRecord", () => {
  it("keeps a well-formed record and drops fields it does not know", () => {
    expect(parseMissRecord({ ...good, extra: "x" })).toEqual(good);
    expect(parseMissRecord({ ...good, request: { ...good.request, text: "file a ticket" } })?.request.text).toBe(
      "file a ticket",
    );
  });

  it.each([
    ["a kind it does not know", { kind: "slow" }],
    ["a date that is not one", { at: "yesterday" }],
    ["a hash that is not hex SHA-256", { request: { hash: "abc", length: 1 } }],
    ["a negative length", { request: { hash: "a".repeat(64), length: -1 } }],
    ["text over the cap", { request: { hash: "a".repeat(64), length: 1, text: "x".repeat(MAX_MISS_TEXT + 1) } }],
    ["too many results", { results: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
    ["an empty answer", { answer: "" }],
  ])("refuses %s", (_, change) => {
    expect(parseMissRecord({ ...good, ...change })).toBeUndefined();
  });

  it("refuses what is not a record", () => {
    expect(parseMissRecord(null)).toBeUndefined();
    expect(parseMissRecord("m1")).toBeUndefined();
  });
});
