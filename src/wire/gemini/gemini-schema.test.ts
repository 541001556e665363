import { describe, expect, it } from "vitest";
import { checkGeminiDeclaration, checkGeminiSchema } from "../../../test/support/gemini-schema-check.js";
import { geminiDeclarationOf } from "./gemini.js";
import { restoreArguments, toGeminiParameters } from "./gemini-schema.js";

const kinds = (schema: unknown) => toGeminiParameters(schema).fallbacks.map((fallback) => fallback.kind);
const accepted = (schema: unknown) => checkGeminiSchema(toGeminiParameters(schema).parameters, "");

describe("the Gemini schema check (from the documentation)", () => {
  it.each([
    ["$ref", { type: "OBJECT", properties: { a: { $ref: "#/$defs/a" } } }],
    ["const", { type: "OBJECT", properties: { a: { type: "STRING", const: "x" } } }],
    ["oneOf", { type: "OBJECT", properties: { a: { oneOf: [{ type: "STRING" }] } } }],
    ["additionalProperties", { type: "OBJECT", properties: { a: { type: "STRING" } }, additionalProperties: false }],
    ["a type array", { type: "OBJECT", properties: { a: { type: ["STRING", "NULL"] } } }],
    ["a lower-case type", { type: "object", properties: { a: { type: "string" } } }],
    ["an OBJECT without properties", { type: "OBJECT", properties: { a: { type: "OBJECT" } } }],
    ["an ARRAY without items", { type: "OBJECT", properties: { a: { type: "ARRAY" } } }],
    ["a format Gemini lacks", { type: "OBJECT", properties: { a: { type: "STRING", format: "uri" } } }],
    ["a number enum", { type: "OBJECT", properties: { a: { type: "INTEGER", enum: [1, 2] } } }],
    ["required naming nothing", { type: "OBJECT", properties: { a: { type: "STRING" } }, required: ["b"] }],
    ["a bad property name", { type: "OBJECT", properties: { "Content-Type": { type: "STRING" } } }],
  ])("refuses %s", (_, schema) => {
    expect(checkGeminiSchema(schema)).not.toStrictEqual([]);
  });

  it("accepts the documented shapes", () => {
    expect(
      checkGeminiSchema({
        type: "OBJECT",
        properties: {
          direction: { type: "STRING", format: "enum", enum: ["EAST", "NORTH"] },
          tags: { type: "ARRAY", items: { type: "STRING" }, minItems: 1, maxItems: 3 },
          count: { type: "INTEGER", format: "int32", minimum: 0, nullable: true },
          either: { anyOf: [{ type: "STRING" }, { type: "NUMBER" }] },
        },
        required: ["direction"],
      }),
    ).toStrictEqual([]);
    expect(checkGeminiDeclaration({ name: "9lives", description: "" })).not.toStrictEqual([]);
  });
});

describe("toGeminiParameters: a JSON Schema in Gemini's subset", () => {
  it("inlines a finite $ref, and describes a recursive one in text", () => {
    const schema = {
      type: "object",
      properties: { owner: { $ref: "#/$defs/person" }, tree: { $ref: "#/$defs/node" } },
      $defs: {
        person: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        node: {
          type: "object",
          properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
        },
      },
    };
    const { parameters, fallbacks } = toGeminiParameters(schema);
    expect(parameters?.properties).toMatchObject({
      owner: { type: "OBJECT", properties: { name: { type: "STRING" } }, required: ["name"] },
      tree: {
        type: "OBJECT",
        properties: {
          children: { type: "ARRAY", items: { description: expect.stringContaining("Recursive (#/$defs/node)") } },
        },
      },
    });
    expect(fallbacks).toContainEqual({ kind: "ref-recursive", path: "/properties/tree/properties/children/items" });
    expect(accepted(schema)).toStrictEqual([]);
  });

  it("maps oneOf to anyOf, const to a one-value enum, a nullable type array to nullable", () => {
    const schema = {
      type: "object",
      properties: {
        kind: { const: "issue" },
        id: { oneOf: [{ type: "string" }, { type: "integer" }] },
        note: { type: ["string", "null"], format: "uri" },
        closed: { anyOf: [{ type: "boolean" }, { type: "null" }] },
      },
    };
    const { parameters } = toGeminiParameters(schema);
    expect(parameters?.properties).toStrictEqual({
      kind: { type: "STRING", enum: ["issue"], format: "enum" },
      id: { anyOf: [{ type: "STRING" }, { type: "INTEGER" }] },
      note: { type: "STRING", nullable: true, description: "Format: uri." },
      closed: { type: "BOOLEAN", nullable: true },
    });
    expect(kinds(schema)).toStrictEqual(["const", "one-of", "type-array", "format"]);
    expect(accepted(schema)).toStrictEqual([]);
  });

  it("merges a simple allOf, drops additionalProperties into the text, and leaves out a tool with no parameters", () => {
    const schema = {
      allOf: [
        { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        { properties: { b: { type: "object", additionalProperties: { type: "number" } } } },
      ],
    };
    const { parameters } = toGeminiParameters(schema);
    expect(parameters).toStrictEqual({
      type: "OBJECT",
      properties: { a: { type: "STRING" }, b: { description: 'A JSON object. Other properties: {"type":"number"}.' } },
      required: ["a"],
    });
    expect(accepted(schema)).toStrictEqual([]);
    expect(toGeminiParameters({ type: "object" })).toStrictEqual({ fallbacks: [] });
  });

  it("renames a property Gemini refuses, and renames it back in the args", () => {
    const schema = {
      type: "object",
      properties: {
        "Content-Type": { type: "string" },
        list: { type: "array", items: { type: "object", properties: { "a.b": { type: "string" } } } },
      },
      required: ["Content-Type"],
    };
    const { parameters, renames } = toGeminiParameters(schema);
    expect(Object.keys(parameters?.properties as object)).toStrictEqual(["Content_Type", "list"]);
    expect(parameters?.required).toStrictEqual(["Content_Type"]);
    expect(restoreArguments({ Content_Type: "json", list: [{ a_b: "x" }] }, renames)).toStrictEqual({
      "Content-Type": "json",
      list: [{ "a.b": "x" }],
    });
  });

  it("bounds a $ref graph that blows up when inlined", () => {
    const defs: Record<string, unknown> = { d0: { type: "string" } };
    for (let level = 1; level <= 30; level++)
      defs[`d${level}`] = {
        type: "object",
        properties: { x: { $ref: `#/$defs/d${level - 1}` }, y: { $ref: `#/$defs/d${level - 1}` } },
      };
    const schema = { type: "object", properties: { top: { $ref: "#/$defs/d30" } }, $defs: defs };
    expect(kinds(schema)).toContain("too-large");
    expect(accepted(schema)).toStrictEqual([]);
    expect(JSON.stringify(toGeminiParameters(schema).parameters).length).toBeLessThan(2_000_000);
  });

  it("gives a renamed tool a name Gemini accepts", () => {
    const tool = { name: "2_thumbnail.for", description: "d", input_schema: { type: "object" as const } };
    expect(geminiDeclarationOf(tool).declaration).toStrictEqual({ name: "_2_thumbnail_for", description: "d" });
  });
});
