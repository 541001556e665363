import { describe, expect, it, vi } from "vitest";
import { checkSchema } from "./check-schema.js";

// Counts the patterns the linear-time engine is asked to compile while a schema is checked.
const compiled = vi.hoisted(() => ({ patterns: [] as string[] }));
vi.mock("./safe-regexp.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("./safe-regexp.js")>();
  return {
    ...real,
    safeRegExp: (pattern: string) => {
      compiled.patterns.push(pattern);
      return real.safeRegExp(pattern);
    },
  };
});

describe("checkSchema: plain patterns", () => {
  it("compiles no plain pattern when a catalogue is read, and still compiles (and refuses) the others", () => {
    compiled.patterns.length = 0;
    const plain = {
      type: "object",
      properties: {
        issue: { type: "string", pattern: "^[A-Z][A-Z0-9]+-\\d+$" },
        sha: { type: "string", pattern: "^[0-9a-f]{7,40}$" },
      },
      patternProperties: { "^x-[a-z]+$": {} },
    };
    expect(checkSchema(plain, "2020-12")).toBeUndefined();
    expect(compiled.patterns).toEqual([]);

    const lookahead = { type: "object", properties: { a: { type: "string", pattern: "^(?=.*\\d)\\w+$" } } };
    expect(checkSchema(lookahead, "2020-12")).toMatch(/cannot be matched in linear time/);
    expect(compiled.patterns).toEqual(["^(?=.*\\d)\\w+$"]);
  });
});
