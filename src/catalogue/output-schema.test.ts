import { describe, expect, it } from "vitest";
import { readOutputSchema } from "./output-schema.js";

describe("readOutputSchema", () => {
  it("passes on a valid object schema as its own copy, without $schema", () => {
    const given = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { temperature: { type: "number" } },
      required: ["temperature"],
    };
    const read = readOutputSchema(given);
    expect(read).toEqual({
      ok: true,
      schema: { type: "object", properties: { temperature: { type: "number" } }, required: ["temperature"] },
    });
    expect(read.ok && read.schema.properties).not.toBe(given.properties);
  });

  it.each([
    ["an array", [], "is an array, not an object schema"],
    ["a string", "object", "is string, not an object schema"],
    ["a schema of another type", { type: "array" }, 'has type "array"; an output schema must be an object schema'],
    ["a schema without a type", { properties: {} }, "has no type; an output schema must be an object schema"],
  ])("refuses %s", (_label, value, problem) => {
    expect(readOutputSchema(value)).toEqual({ ok: false, problem });
  });

  it("refuses what a client could not compile: a type no dialect knows, a pattern that cannot run, a $ref that leads nowhere", () => {
    for (const [value, expected] of [
      [
        { type: "object", properties: { a: { type: "STRING" } } },
        /\/properties\/a\/type must be equal to one of the allowed values/,
      ],
      [{ type: "object", properties: { a: { type: "string", pattern: "([a-z" } } }, /\/properties\/a\/pattern/],
      [
        { type: "object", properties: { a: { $ref: "#/$defs/none" } } },
        /does not resolve inside the tool's own schema/,
      ],
    ] as const) {
      const read = readOutputSchema(value);
      expect(read.ok).toBe(false);
      expect(read.ok ? "" : read.problem).toMatch(expected);
    }
  });

  it("refuses a value that is not JSON, saying where", () => {
    const read = readOutputSchema({ type: "object", properties: { a: { default: () => 1 } } });
    expect(read).toEqual({ ok: false, problem: "at /properties/a/default is a function, which is not JSON data" });
  });
});
