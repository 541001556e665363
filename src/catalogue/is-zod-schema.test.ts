import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { z as z3 } from "zod/v3";
import { isClassicZodSchema, isZodSchema } from "./is-zod-schema.js";

describe("isZodSchema", () => {
  it.each([
    ["a zod object", z.object({ a: z.string() })],
    ["a zod mini object", zm.object({ a: zm.string() })],
  ])("recognises %s", (_label, schema) => {
    expect(isZodSchema(schema)).toBe(true);
  });

  const safeParseAsync = async () => ({ success: true });
  it.each<[string, unknown]>([
    ["a JSON Schema", { type: "object", properties: { a: { type: "string" } } }],
    ["null", null],
    ["undefined", undefined],
    ["a string", "z.object()"],
    ["an object with safeParseAsync but no _zod", { safeParseAsync }],
    ["an object with _zod but no safeParseAsync", { _zod: {} }],
    ["an object whose safeParseAsync is not a function", { _zod: {}, safeParseAsync: true }],
    ["a function carrying both", Object.assign(() => undefined, { _zod: {}, safeParseAsync })],
  ])("does not take %s for a zod schema", (_label, value) => {
    expect(isZodSchema(value)).toBe(false);
  });
});

describe("isClassicZodSchema", () => {
  it("recognises a schema of zod 3's classic API, which isZodSchema does not take", () => {
    const classic = z3.object({ a: z3.string() });
    expect(isClassicZodSchema(classic)).toBe(true);
    expect(isZodSchema(classic)).toBe(false);
  });

  it.each<[string, unknown]>([
    ["a zod 4 object", z.object({ a: z.string() })],
    ["a JSON Schema with a property named _def", { type: "object", properties: { _def: { type: "string" } } }],
    ["an object with a _def but no safeParseAsync", { _def: { typeName: "ZodObject" } }],
    ["null", null],
  ])("does not take %s for one", (_label, value) => {
    expect(isClassicZodSchema(value)).toBe(false);
  });
});
