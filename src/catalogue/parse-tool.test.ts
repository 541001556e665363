import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CatalogueError } from "../errors.js";
import { parseTool } from "./parse-tool.js";
import { InputValidator, validateInput } from "./validate-input.js";

describe("parseTool", () => {
  it("converts a zod object schema to JSON Schema for the wire, without the dialect marker", () => {
    const tool = parseTool(
      { name: "t", description: "d", inputSchema: z.object({ when: z.string().describe("ISO date"), count: z.number().int().default(1) }) },
      "tools[0]",
    );
    expect(tool.inputSchema).toMatchObject({ type: "object", properties: { when: { type: "string", description: "ISO date" } }, required: ["when"] });
    expect(tool.inputSchema).not.toHaveProperty("$schema");
  });

  it("rejects a zod schema that is not an object", () => {
    expect(() => parseTool({ name: "t", description: "d", inputSchema: z.string() }, "tools[2]")).toThrow(
      /tools\[2\] \("t"\): inputSchema must be an object schema/,
    );
  });

  it.each([
    [null, /not a tool definition object/],
    [{ name: "", description: "d", inputSchema: { type: "object" } }, /Anthropic API rejects/],
    [{ name: "t", description: 3, inputSchema: { type: "object" } }, /no description/],
    [{ name: "t", description: "d", inputSchema: undefined }, /must be an object schema/],
    [{ name: "t", description: "d", inputSchema: { type: "object" }, tags: "x" }, /tags/],
  ])("rejects %j with a CatalogueError", (definition, message) => {
    expect(() => parseTool(definition, "tools[0]")).toThrow(CatalogueError);
    expect(() => parseTool(definition, "tools[0]")).toThrow(message);
  });
});

describe("validateInput", () => {
  const tool = parseTool(
    {
      name: "t",
      description: "d",
      inputSchema: {
        type: "object",
        properties: {
          count: { type: "integer" },
          mode: { enum: ["fast", "safe"] },
          when: { type: "string", format: "date-time" },
          nested: { type: "object", properties: { flag: { type: "boolean" } }, additionalProperties: false },
        },
        required: ["count"],
        additionalProperties: false,
      },
    },
    "tools[0]",
  );

  it("coerces scalars without mutating the caller's input", async () => {
    const input = { count: "4", nested: { flag: "true" } };
    expect(await validateInput(tool, input)).toEqual({ ok: true, value: { count: 4, nested: { flag: true } } });
    expect(input).toEqual({ count: "4", nested: { flag: "true" } });
  });

  it("names each offending field", async () => {
    const result = await validateInput(tool, { mode: "reckless", when: "yesterday", extra: 1, nested: { other: 1 } });
    expect(result.ok).toBe(false);
    const issues = !result.ok && "issues" in result ? result.issues : [];
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "/count", message: "is required but missing" },
        { path: "/mode", message: 'must be one of ["fast","safe"]' },
        { path: "/when", message: 'must match format "date-time"' },
        { path: "/extra", message: "is not a parameter of this tool" },
        { path: "/nested/other", message: "is not a parameter of this tool" },
      ]),
    );
  });

  it("applies a zod tool's refinements after the JSON Schema checks", async () => {
    const zodTool = parseTool(
      { name: "z", description: "d", inputSchema: z.object({ n: z.number().refine((n) => n % 2 === 0, "must be even") }) },
      "tools[0]",
    );
    expect(await validateInput(zodTool, { n: "4" })).toEqual({ ok: true, value: { n: 4 } });
    expect(await validateInput(zodTool, { n: 3 })).toEqual({ ok: false, issues: [{ path: "/n", message: "must be even" }] });
  });
});

describe("a validator that cannot be compiled", () => {
  it.each([
    ["an empty enum", { type: "object", properties: { a: { enum: [] } } }],
    ["an async schema, whose Promise would read as valid", { $async: true, type: "object", properties: { a: { type: "integer" } } }],
  ])("fails closed for %s: the input is never reported valid", async (_label, schema) => {
    const tool = { ...parseTool({ name: "t", description: "d", inputSchema: { type: "object" } }, "tools[0]"), validator: new InputValidator(schema as never, "2020-12") };
    expect(await validateInput(tool, { a: "not an integer" })).toEqual({ ok: false, schemaError: expect.stringMatching(/enum|\$async/) });
  });
});
