import { describe, expect, it } from "vitest";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { thrownBy } from "../../test/support/thrown-by.js";
import { CatalogueError } from "../errors.js";
import { parseTool } from "./parse-tool.js";
import { InputValidator, validateInput } from "./validate-input.js";

describe("parseTool", () => {
  it("converts a zod object schema to JSON Schema for the wire, without the dialect marker", () => {
    const tool = parseTool(
      {
        name: "t",
        description: "d",
        inputSchema: z.object({ when: z.string().describe("ISO date"), count: z.number().int().default(1) }),
      },
      "tools[0]",
    );
    expect(tool.inputSchema).toMatchObject({
      type: "object",
      properties: { when: { type: "string", description: "ISO date" } },
      required: ["when"],
    });
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
      {
        name: "z",
        description: "d",
        inputSchema: z.object({ n: z.number().refine((n) => n % 2 === 0, "must be even") }),
      },
      "tools[0]",
    );
    expect(await validateInput(zodTool, { n: "4" })).toEqual({ ok: true, value: { n: 4 } });
    expect(await validateInput(zodTool, { n: 3 })).toEqual({
      ok: false,
      issues: [{ path: "/n", message: "must be even" }],
    });
  });
});

describe("a validator that cannot be compiled", () => {
  it.each([
    ["an empty enum", { type: "object", properties: { a: { enum: [] } } }],
    [
      "an async schema, whose Promise would read as valid",
      { $async: true, type: "object", properties: { a: { type: "integer" } } },
    ],
  ])("fails closed for %s: the input is never reported valid", async (_label, schema) => {
    const tool = {
      ...parseTool({ name: "t", description: "d", inputSchema: { type: "object" } }, "tools[0]"),
      validator: new InputValidator(schema as never, "2020-12"),
    };
    expect(await validateInput(tool, { a: "not an integer" })).toEqual({
      ok: false,
      schemaError: expect.stringMatching(/enum|\$async/),
    });
  });
});

describe("parseTool: the tool it builds", () => {
  const jsonSchema = {
    type: "object",
    properties: { q: { type: "string", description: "The query." } },
    required: ["q"],
  } as const;

  it("keeps the definition's fields, the definition itself and what they were read from", () => {
    const definition = {
      name: "github__search",
      description: "Search issues.",
      inputSchema: jsonSchema,
      destructive: true,
      server: "github",
      tags: ["issues"],
    };
    const tool = parseTool(definition, "tools[0]");
    expect(tool).toMatchObject({
      name: "github__search",
      description: "Search issues.",
      destructive: true,
      server: "github",
      tags: ["issues"],
    });
    expect(tool.inputSchema).toEqual(jsonSchema);
    expect(tool.definition).toBe(definition);
    expect(tool.fields).toMatchObject({
      name: "github__search",
      destructive: true,
      server: "github",
      inputSchema: jsonSchema,
    });
    expect(tool.zodSchema).toBeUndefined();
  });

  it("holds its own copy of the schema: changing the caller's object later changes nothing", () => {
    const inputSchema = { type: "object", properties: { q: { type: "string" } } };
    const tool = parseTool({ name: "t", description: "d", inputSchema }, "tools[0]");
    inputSchema.properties.q.type = "number";
    expect(tool.inputSchema).toEqual({ type: "object", properties: { q: { type: "string" } } });
  });

  it("keeps the zod schema of a zod tool, for its refinements", () => {
    const inputSchema = z.object({ q: z.string() });
    expect(parseTool({ name: "t", description: "d", inputSchema }, "tools[0]").zodSchema).toBe(inputSchema);
  });

  it("replaces a lone surrogate in the description, which the API could refuse", () => {
    expect(
      parseTool({ name: "t", description: "Broken \uD800 text.", inputSchema: { type: "object" } }, "tools[0]")
        .description,
    ).toBe("Broken \uFFFD text.");
  });

  it("runs execute with the input and context, called on the definition", async () => {
    const seen: unknown[] = [];
    const definition = {
      name: "t",
      description: "d",
      inputSchema: { type: "object" as const },
      marker: "the definition",
      execute(this: { marker: string }, input: unknown, context: unknown) {
        seen.push(this.marker, input, context);
        return "result";
      },
    };
    const tool = parseTool(definition, "tools[0]");
    const context = { sessionId: "s", stage: "execute" as const };
    expect(await tool.run!({ q: 1 }, context)).toBe("result");
    expect(seen).toEqual(["the definition", { q: 1 }, context]);
  });

  it("has nothing to run for a definition without execute", () => {
    expect(parseTool({ name: "t", description: "d", inputSchema: { type: "object" } }, "tools[0]").run).toBeUndefined();
  });

  it("indexes the server name for search, and no server when it is empty or absent", () => {
    const named = parseTool(
      { name: "t", description: "d", inputSchema: { type: "object" }, server: "github" },
      "tools[0]",
    );
    expect(named.document).toMatchObject({ name: "t", description: "d", server: "github" });
    for (const server of ["", undefined]) {
      const tool = parseTool({ name: "t", description: "d", inputSchema: { type: "object" }, server }, "tools[0]");
      expect(tool.document).not.toHaveProperty("server");
      expect(tool.server).toBe(server);
    }
  });

  it("indexes the tags and parameters for search", () => {
    const tool = parseTool({ name: "t", description: "d", inputSchema: jsonSchema, tags: ["find"] }, "tools[0]");
    expect(tool.document).toMatchObject({ tags: ["find"], parameters: [{ name: "q", description: "The query." }] });
  });

  it("validates inputs against the schema it accepted", async () => {
    const tool = parseTool({ name: "t", description: "d", inputSchema: jsonSchema }, "tools[0]");
    expect(await validateInput(tool, { q: "x" })).toEqual({ ok: true, value: { q: "x" } });
    expect(await validateInput(tool, {})).toEqual({
      ok: false,
      issues: [{ path: "/q", message: "is required but missing" }],
    });
  });

  it("drops the $schema marker from the wire schema but validates in the dialect it names", async () => {
    // Tuple `items` is draft-07; 2020-12 would read it differently.
    const tool = parseTool(
      {
        name: "t",
        description: "d",
        inputSchema: {
          $schema: "http://json-schema.org/draft-07/schema#",
          type: "object",
          properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer" }] } },
        },
      },
      "tools[0]",
    );
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer" }] } },
    });
    expect(await validateInput(tool, { pair: ["a", 1] })).toMatchObject({ ok: true });
    expect(await validateInput(tool, { pair: ["a", "b"] })).toMatchObject({ ok: false });
  });
});

describe("parseTool: contentKey", () => {
  const base = {
    name: "t",
    description: "Does t.",
    inputSchema: { type: "object", properties: { a: { type: "string" } } },
    destructive: false,
    server: "s",
    tags: ["x"],
  };
  const keyOf = (change: Record<string, unknown>) => parseTool({ ...base, ...change }, "tools[0]").contentKey;

  it("is the same for two definitions that say the same, whatever their execute", () => {
    expect(keyOf({})).toBe(
      keyOf({ inputSchema: { type: "object", properties: { a: { type: "string" } } }, execute: () => 1 }),
    );
  });

  it.each([
    ["the description", { description: "Does u." }],
    ["the schema", { inputSchema: { type: "object", properties: { a: { type: "number" } } } }],
    ["destructive", { destructive: true }],
    ["the server", { server: "other" }],
    ["the server's presence", { server: undefined }],
    ["the tags", { tags: ["y"] }],
  ])("changes with %s, so a re-listed tool is never mistaken for the old one", (_label, change) => {
    expect(keyOf(change)).not.toBe(keyOf({}));
  });
});

describe("parseTool: schemas it refuses, and the message a user reads", () => {
  const objectSchemaRule =
    'inputSchema must be an object schema ({ "type": "object", "properties": {...} }) or a zod object, got';

  it.each([
    ["null", null, "null"],
    ["an array", [{ type: "object" }], "an array"],
    ["a string", "object", "string"],
    ["a number", 1, "number"],
    ["undefined", undefined, "undefined"],
    ["a schema of a type no name reads as object", { type: "record" }, 'a schema of type "record"'],
    ["a string schema", { type: "string" }, 'a schema of type "string"'],
    ["a schema of several types", { type: ["object", "null"] }, 'a schema of type ["object","null"]'],
  ])("refuses %s as the input schema", (_label, inputSchema, got) => {
    const error = thrownBy(() => parseTool({ name: "t", description: "d", inputSchema }, "tools[3]"), CatalogueError);
    expect(error.code).toBe("invalid_schema");
    expect(error.message).toBe(
      `tools[3] ("t"): ${objectSchemaRule} ${got}. Wrap a single value in an object property.`,
    );
  });

  it.each([
    [
      "the Anthropic Messages API's",
      { name: "get_weather", description: "Get the weather.", input_schema: { type: "object" } },
      'tools[0] ("get_weather") is in the Anthropic Messages API\'s shape ("input_schema"), and toolsift reads ' +
        '"inputSchema": pass { name, description, inputSchema: tool.input_schema }.',
    ],
    [
      "OpenAI Chat Completions'",
      { type: "function", function: { name: "get_weather", description: "Get the weather.", parameters: {} } },
      'tools[0] is in OpenAI Chat Completions\' shape ({ type: "function", function: {...} }), and toolsift reads the ' +
        "tool itself: pass { name: tool.function.name, description: tool.function.description, inputSchema: " +
        "tool.function.parameters }.",
    ],
    [
      "OpenAI Responses' or Gemini's",
      { type: "function", name: "get_weather", description: "Get the weather.", parameters: { type: "object" } },
      'tools[0] ("get_weather") gives its schema as "parameters" (OpenAI\'s Responses API or Gemini\'s shape), and ' +
        'toolsift reads "inputSchema": pass { name, description, inputSchema: tool.parameters }.',
    ],
  ])("refuses a tool in %s shape, saying how to pass it", (_shape, definition, message) => {
    const error = thrownBy(() => parseTool(definition, "tools[0]"), CatalogueError);
    expect(error.message).toBe(message);
  });

  it("reads a definition whose other fields throw as in no API's shape", () => {
    const definition = new Proxy(
      { name: "t", description: "d" },
      {
        get: (target, key) => {
          if (key === "input_schema" || key === "parameters" || key === "function") throw new Error("trap");
          return target[key as "name"];
        },
      },
    );
    expect(() => parseTool(definition, "tools[0]")).toThrow(
      "got undefined. Wrap a single value in an object property.",
    );
  });

  it("refuses a schema of zod 3's classic API with the import that fixes it, not as JSON full of functions", () => {
    const error = thrownBy(
      () => parseTool({ name: "t", description: "d", inputSchema: z3.object({ a: z3.string() }) }, "tools[0]"),
      CatalogueError,
    );
    expect(error.code).toBe("invalid_schema");
    expect(error.message).toBe(
      'tools[0] ("t"): its inputSchema is a schema of zod 3\'s classic API, which toolsift does not read. Write it ' +
        'with zod 4\'s API: import { z } from "zod" with zod 4, or from "zod/v4" with zod 3.25 or later; or give JSON Schema.',
    );
  });

  it("refuses a zod schema that is not an object, naming its type", () => {
    expect(() => parseTool({ name: "t", description: "d", inputSchema: z.string() }, "tools[0]")).toThrow(
      `got a schema of type "string".`,
    );
  });

  it("refuses a zod schema JSON Schema cannot represent, with zod's reason and the fix", () => {
    const error = thrownBy(
      () => parseTool({ name: "t", description: "d", inputSchema: z.object({ when: z.date() }) }, "tools[1]"),
      CatalogueError,
    );
    expect(error.code).toBe("invalid_schema");
    // zod's own wording may change between versions; what it says is passed on in the parentheses.
    expect(error.message).toMatch(
      /^tools\[1\] \("t"\): its zod inputSchema cannot be converted to JSON Schema \(.*Date.*\)\. Use z\.object\(\{\.\.\.\}\) with JSON-representable fields\.$/,
    );
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("refuses a schema that is not plain JSON, naming where and the limits", () => {
    const error = thrownBy(
      () =>
        parseTool(
          { name: "t", description: "d", inputSchema: { type: "object", properties: { a: { default: () => 1 } } } },
          "tools[0]",
        ),
      CatalogueError,
    );
    expect(error.code).toBe("invalid_schema");
    expect(error.message).toMatch(
      /^tools\[0\] \("t"\): its inputSchema at \/properties\/a\/default is a function, which is not JSON data\. An input schema must be plain JSON \(at most 100 levels deep, 20,000 values\); use "\$defs" and "\$ref" for recursive shapes\.$/,
    );
  });

  it("refuses a schema it could not check inputs against, saying the tool would run unchecked", () => {
    const error = thrownBy(
      () =>
        parseTool(
          { name: "t", description: "d", inputSchema: { type: "object", properties: { a: { enum: [] } } } },
          "tools[0]",
        ),
      CatalogueError,
    );
    expect(error.code).toBe("invalid_schema");
    expect(error.message).toMatch(
      /^tools\[0\] \("t"\): its inputSchema cannot be used to check inputs, so the tool would run unchecked: .*"enum" is empty.*\. Fix the schema; toolsift does not run a tool whose input it cannot validate\.$/,
    );
  });

  it("turns anything else the schema throws into a CatalogueError naming the tool", () => {
    const trap = new Error("has trap");
    const inputSchema = new Proxy(
      { type: "object" },
      {
        has: () => {
          throw trap;
        },
      },
    );
    const error = thrownBy(() => parseTool({ name: "t", description: "d", inputSchema }, "tools[0]"), CatalogueError);
    expect(error.code).toBe("invalid_tool");
    expect(error.message).toBe('tools[0] ("t") could not be read (has trap).');
    expect(error.cause).toBe(trap);
  });
});

describe("parseTool: schemas it mends, and what they then check", () => {
  const loose = {
    name: "weather",
    description: "Get the weather in a city.",
    inputSchema: {
      type: "object",
      properties: { city: { type: "STRING", required: true }, days: { type: "int", examples: 3 } },
    },
  };

  it("reads a loosely written schema as its author meant it, and says what it mended", () => {
    const tool = parseTool(loose, "tools[0]");
    expect(tool.inputSchema).toEqual({
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer", examples: [3] } },
      required: ["city"],
    });
    expect(tool.mends?.count).toBe(4);
    expect(tool.mends?.named).toContain('"type" "STRING" at /properties/city read as "string"');
    // The definition the user gave is left as it was.
    expect(loose.inputSchema.properties.city.type).toBe("STRING");
  });

  it("checks inputs against the mended schema: what it requires and the types it names", async () => {
    const tool = parseTool(loose, "tools[0]");
    expect(await validateInput(tool, { city: "Oslo", days: "2" })).toEqual({
      ok: true,
      value: { city: "Oslo", days: 2 },
    });
    expect((await validateInput(tool, { days: 2 })).ok).toBe(false);
    expect((await validateInput(tool, { city: { name: "Oslo" } })).ok).toBe(false);
    expect((await validateInput(tool, { city: "Oslo", days: 1.5 })).ok).toBe(false);
  });

  it("refuses, with the first problem as written, a schema that mending cannot make checkable", () => {
    const error = thrownBy(
      () =>
        parseTool(
          {
            name: "t",
            description: "d",
            inputSchema: { type: "object", properties: { a: { type: "STRING" }, b: { enum: [] } } },
          },
          "tools[0]",
        ),
      CatalogueError,
    );
    expect(error.code).toBe("invalid_schema");
    expect(error.message).toContain("/properties/a/type must be equal to one of the allowed values");
  });

  it("mends nothing in a schema its checks accept", () => {
    const tool = parseTool({ name: "t", description: "d", inputSchema: { type: "object", properties: {} } }, "t[0]");
    expect(tool.mends).toBeUndefined();
    expect("mends" in tool).toBe(false);
  });
});
