import { describe, expect, it } from "vitest";
import { checkSchema } from "./check-schema.js";
import type { JsonValue } from "./copy-json.js";
import { describeMends, mendSchema } from "./mend-schema.js";

type JsonObject = { [key: string]: JsonValue };

/** Mends a copy, so each case states the schema as written and as mended. */
function mended(schema: JsonObject): { schema: JsonObject; named: readonly string[]; count: number } {
  const copy = structuredClone(schema);
  const { named, count } = mendSchema(copy);
  return { schema: copy, named, count };
}

describe("mendSchema", () => {
  it.each([
    ["STRING", "string"],
    ["Integer", "integer"],
    ["int", "integer"],
    ["float", "number"],
    ["str", "string"],
    ["bool", "boolean"],
    ["dict", "object"],
    ["list", "array"],
    ["tuple", "array"],
    ["NULL", "null"],
  ])('reads the type "%s" as "%s"', (written, meant) => {
    const result = mended({ type: "object", properties: { a: { type: written } } });
    expect(result.schema).toEqual({ type: "object", properties: { a: { type: meant } } });
    expect(result.named).toEqual([`"type" "${written}" at /properties/a read as "${meant}"`]);
    expect(checkSchema(result.schema, "2020-12")).toBeUndefined();
  });

  it("reads each name of a list of types, and writes a list that reads alike once", () => {
    expect(mended({ type: "object", properties: { a: { type: ["STRING", "null"] } } }).schema.properties).toEqual({
      a: { type: ["string", "null"] },
    });
    expect(mended({ type: "object", properties: { a: { type: ["int", "long"] } } }).schema.properties).toEqual({
      a: { type: "integer" },
    });
  });

  it('removes "any", which allows every value', () => {
    const result = mended({ type: "object", properties: { a: { type: "any", description: "Anything." } } });
    expect(result.schema.properties).toEqual({ a: { description: "Anything." } });
    expect(result.named[0]).toContain('removed: "any" allows every value');
  });

  it("leaves a type name with no single reading, and a list with one such name, as written", () => {
    for (const type of ["ENUM", "file", "date", ["STRING", "file"], 5]) {
      const schema: JsonObject = { type: "object", properties: { a: { type } } };
      expect(mended(schema)).toEqual({ schema, named: [], count: 0 });
    }
  });

  it("moves draft 3's required: true on a property to its object's list, and drops required: false", () => {
    const result = mended({
      type: "object",
      properties: {
        city: { type: "string", required: true },
        units: { type: "string", required: false },
        day: { type: "string", required: true },
      },
      required: ["day"],
    });
    expect(result.schema).toEqual({
      type: "object",
      properties: { city: { type: "string" }, units: { type: "string" }, day: { type: "string" } },
      required: ["day", "city"],
    });
    expect(result.count).toBe(3);
  });

  it("creates the object's list when it has none, and reads a single name as a list of it", () => {
    expect(mended({ type: "object", properties: { a: { required: true } } }).schema.required).toEqual(["a"]);
    expect(mended({ type: "object", properties: { a: {} }, required: "a" }).schema.required).toEqual(["a"]);
  });

  it("never overwrites an object's malformed required list, so the schema stays refused", () => {
    const schema: JsonObject = { type: "object", properties: { a: { required: true } }, required: 5 };
    const result = mended(schema);
    expect(result.schema).toEqual(schema);
    expect(checkSchema(result.schema, "2020-12")).toBeDefined();
  });

  it("turns annotations of the wrong kind into the right kind, or removes them", () => {
    const result = mended({
      type: "object",
      title: 7,
      properties: {
        a: { description: { text: "no" }, examples: "one", deprecated: "true" },
        b: { $comment: true, readOnly: "yes", examples: ["kept"] },
      },
    });
    expect(result.schema).toEqual({
      type: "object",
      title: "7",
      properties: { a: { examples: ["one"], deprecated: true }, b: { $comment: "true", examples: ["kept"] } },
    });
    expect(checkSchema(result.schema, "2020-12")).toBeUndefined();
  });

  it('adds "type": "object" to a top level that has none', () => {
    expect(mended({}).schema).toEqual({ type: "object" });
    expect(mended({ properties: { a: { type: "string" } } }).schema).toEqual({
      properties: { a: { type: "string" } },
      type: "object",
    });
  });

  it("mends inside every kind of subschema: items, lists of schemas, $defs", () => {
    const result = mended({
      type: "object",
      properties: { list: { type: "array", items: { type: "STRING" } } },
      anyOf: [{ properties: { x: { type: "int" } } }],
      $defs: { thing: { type: "dict", properties: { y: { required: true } } } },
    });
    expect(result.schema).toEqual({
      type: "object",
      properties: { list: { type: "array", items: { type: "string" } } },
      anyOf: [{ properties: { x: { type: "integer" } } }],
      $defs: { thing: { type: "object", properties: { y: {} }, required: ["y"] } },
    });
    expect(checkSchema(result.schema, "2020-12")).toBeUndefined();
  });

  it("never reads data as schema: enum, const, default and examples keep what they hold", () => {
    const schema: JsonObject = {
      type: "object",
      properties: {
        a: { type: "string", enum: ["STRING", "int"], default: "int" },
        b: { const: { type: "STRING", required: true } },
        c: { examples: [{ type: "dict" }] },
        // Properties named like keywords are properties.
        type: { type: "string" },
        required: { type: "boolean" },
      },
    };
    expect(mended(schema)).toEqual({ schema, named: [], count: 0 });
  });

  it("counts every mend and names the first five", () => {
    const properties = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, { type: "STRING" }]));
    const result = mendSchema({ type: "object", properties });
    expect(result.count).toBe(8);
    expect(result.named).toHaveLength(5);
    expect(describeMends(result)).toMatch(/^"type" "STRING" at \/properties\/p0 read as "string"; .*, and 3 more$/);
  });

  it("changes nothing in a schema that needs no mend", () => {
    const schema: JsonObject = {
      type: "object",
      properties: { q: { type: ["string", "null"], description: "Query.", examples: ["x"] } },
      required: ["q"],
    };
    expect(mended(schema)).toEqual({ schema, named: [], count: 0 });
  });
});

describe("mendSchema's documented example", () => {
  it("mends as its comment says, in that order", () => {
    const schema: JsonObject = { properties: { q: { type: "STRING", required: true } } };
    const result = mendSchema(schema);
    expect(schema).toEqual({ properties: { q: { type: "string" } }, required: ["q"], type: "object" });
    expect(result.count).toBe(3);
    expect(result.named).toEqual([
      '"required": true at /properties/q moved to its object\'s "required" list',
      '"type" "STRING" at /properties/q read as "string"',
      '"type": "object" added at the top level, which must be an object schema',
    ]);
  });
});
