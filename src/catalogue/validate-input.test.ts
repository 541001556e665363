import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { CatalogueTool } from "./catalogue-tool.js";
import type { JsonValue } from "./copy-json.js";
import { parseTool } from "./parse-tool.js";
import type { JsonSchemaObject, ZodSchemaLike } from "./tool-definition.js";
import { formatIssues, InputValidator, validateInput, type CompiledValidator } from "./validate-input.js";

function toolWith(inputSchema: JsonSchemaObject | ZodSchemaLike<Record<string, unknown>>): CatalogueTool {
  return parseTool({ name: "t__tool", description: "A tool.", inputSchema }, "tools[0]");
}

/** A tool whose validator is the given function, for the outcomes ajv itself never produces. */
function toolValidatedBy(validate: CompiledValidator): CatalogueTool {
  const validator = Object.assign(new InputValidator({ type: "object" }, "2020-12"), { validator: () => validate });
  return { ...toolWith({ type: "object" }), validator };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("validateInput: JSON Schema", () => {
  const tool = toolWith({
    type: "object",
    properties: {
      count: { type: "integer" },
      limit: { type: "integer", default: 10 },
      mode: { enum: ["fast", "safe"] },
      tags: { type: "array", items: { type: "string", minLength: 2 } },
    },
    required: ["count"],
    additionalProperties: false,
  });

  it("returns the checked copy, coerced and with defaults filled, leaving the caller's input alone", async () => {
    const input = { count: "4", mode: "fast" };
    expect(await validateInput(tool, input)).toEqual({ ok: true, value: { count: 4, limit: 10, mode: "fast" } });
    expect(input).toEqual({ count: "4", mode: "fast" });
  });

  it("reads a missing input as {}", async () => {
    expect(await validateInput(tool, undefined)).toEqual({
      ok: false,
      issues: [{ path: "/count", message: "is required but missing" }],
    });
    expect(
      await validateInput(
        toolWith({ type: "object", properties: { limit: { type: "integer", default: 10 } } }),
        undefined,
      ),
    ).toEqual({
      ok: true,
      value: { limit: 10 },
    });
  });

  it("does not read null as a missing input", async () => {
    expect(await validateInput(tool, null)).toEqual({ ok: false, issues: [{ path: "", message: "must be object" }] });
  });

  it("lists every issue at once, each with its path and a message a model can act on", async () => {
    const result = await validateInput(tool, { mode: "reckless", extra: 1, tags: ["ok", "x"] });
    expect(result).toEqual({
      ok: false,
      issues: [
        { path: "/count", message: "is required but missing" },
        { path: "/extra", message: "is not a parameter of this tool" },
        { path: "/mode", message: 'must be one of ["fast","safe"]' },
        { path: "/tags/1", message: "must NOT have fewer than 2 characters" },
      ],
    });
  });

  it("refuses an input that is not JSON data, saying what and where", async () => {
    expect(await validateInput(tool, { count: 1, hook: () => 1 })).toEqual({
      ok: false,
      issues: [
        {
          path: "/hook",
          message: "is a function, which is not JSON data: a tool input must be plain JSON data (/hook)",
        },
      ],
    });
    expect(await validateInput(tool, 5n)).toEqual({
      ok: false,
      issues: [
        {
          path: "",
          message: "is a BigInt, which is not JSON data: a tool input must be plain JSON data (the value itself)",
        },
      ],
    });
  });

  it("ignores annotations and formats ajv does not know, without logging on every compile", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const custom = toolWith({
      type: "object",
      "x-ui": { widget: "slider" },
      properties: { colour: { type: "string", format: "x-colour", "x-order": 1 } },
    });
    expect(await validateInput(custom, { colour: "teal" })).toEqual({ ok: true, value: { colour: "teal" } });
    expect(warn).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });

  it("checks patterns with ECMAScript's meaning, in linear time", async () => {
    const line = toolWith({ type: "object", properties: { header: { type: "string", pattern: "^.+$" } } });
    expect(await validateInput(line, { header: "X-Ok: 1" })).toMatchObject({ ok: true });
    expect(await validateInput(line, { header: "X-Ok: 1\r\nX-Evil: 1" })).toEqual({
      ok: false,
      issues: [{ path: "/header", message: 'must match pattern "^.+$"' }],
    });
  });
});

describe("validateInput: zod", () => {
  it("returns zod's output, so transforms apply", async () => {
    const tool = toolWith(z.object({ path: z.string().transform((path) => path.toLowerCase()) }));
    expect(await validateInput(tool, { path: "/TMP/A" })).toEqual({ ok: true, value: { path: "/tmp/a" } });
  });

  it("names where each refinement failed: nested by path, the input itself as the empty path", async () => {
    const schema = z
      .object({
        items: z.array(z.object({ name: z.string().refine((name) => name.trim() !== "", "must not be blank") })),
        from: z.number(),
        to: z.number(),
      })
      .refine((range) => range.from <= range.to, "from must not be after to");
    const tool = toolWith(schema);
    expect(await validateInput(tool, { items: [{ name: "a" }, { name: " " }], from: 1, to: 2 })).toEqual({
      ok: false,
      issues: [{ path: "/items/1/name", message: "must not be blank" }],
    });
    expect(await validateInput(tool, { items: [], from: 3, to: 2 })).toEqual({
      ok: false,
      issues: [{ path: "", message: "from must not be after to" }],
    });
  });

  it("does not reach zod when the JSON Schema check fails", async () => {
    const refine = vi.fn(() => true);
    const tool = toolWith(z.object({ n: z.number().refine(refine) }));
    expect(await validateInput(tool, { n: "many" })).toEqual({
      ok: false,
      issues: [{ path: "/n", message: "must be number" }],
    });
    expect(refine).not.toHaveBeenCalled();
  });
});

describe("validateInput: a validator that cannot vouch for the input", () => {
  it("reports the schema error when the validator could not be compiled", async () => {
    const tool = {
      ...toolWith({ type: "object" }),
      validator: new InputValidator({ type: "object", properties: { a: { enum: [] } } }, "2020-12"),
    };
    const result = await validateInput(tool, { a: 1 });
    expect(result).toEqual({ ok: false, schemaError: expect.stringMatching(/enum/) });
  });

  it("refuses an input the validator rejects without saying why", async () => {
    const validate: CompiledValidator = Object.assign(() => false, { errors: null });
    expect(await validateInput(toolValidatedBy(validate), {})).toEqual({ ok: false, issues: [] });
  });

  it("falls back to the keyword when an error has no message", async () => {
    const validate: CompiledValidator = Object.assign(() => false, {
      errors: [{ keyword: "x-rule", instancePath: "/a", params: {} }],
    });
    expect(await validateInput(toolValidatedBy(validate), {})).toEqual({
      ok: false,
      issues: [{ path: "/a", message: "x-rule" }],
    });
  });
});

describe("InputValidator", () => {
  const schema: { [key: string]: JsonValue } = {
    type: "object",
    properties: { word: { type: "string", pattern: "^[a-z]+$" } },
  };

  it("compiles once and keeps the validator", () => {
    const validator = new InputValidator(schema, "2020-12");
    const first = validator.validator();
    expect(first).toBeTypeOf("function");
    expect(validator.validator()).toBe(first);
  });

  it("keeps why it could not compile, rather than trying again", () => {
    const validator = new InputValidator({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } }, "2020-12");
    const first = validator.validator();
    expect(first).toBeInstanceOf(Error);
    expect(validator.validator()).toBe(first);
  });

  it("refuses to compile an async schema, whose Promise would read as valid", () => {
    const validator = new InputValidator({ $async: true, type: "object" }, "2020-12");
    expect(validator.validator()).toEqual(new Error('"$async" schemas are not supported'));
  });

  it("compiles patterns with the linear-time engine, so one it cannot run fails to compile", () => {
    // checkSchema refuses such a pattern first; the validator does not rely on that.
    const validator = new InputValidator(
      { type: "object", properties: { a: { type: "string", pattern: "^(?=x)" } } },
      "2020-12",
    );
    expect(validator.validator()).toEqual(
      expect.objectContaining({ message: expect.stringMatching(/cannot be matched in linear time/) }),
    );
  });
});

describe("formatIssues", () => {
  it("writes one line per issue, calling the empty path the input", () => {
    expect(
      formatIssues([
        { path: "", message: "must be object" },
        { path: "/a/0", message: "must be string" },
      ]),
    ).toBe("- (input): must be object\n- /a/0: must be string");
  });

  it("writes nothing for no issues", () => {
    expect(formatIssues([])).toBe("");
  });
});
