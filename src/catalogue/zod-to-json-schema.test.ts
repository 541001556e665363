import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import type { ZodSchemaLike } from "./tool-definition.js";
import { zodInputJsonSchema } from "./zod-to-json-schema.js";

describe("zodInputJsonSchema", () => {
  // Input mode: a field with a default may be left out by the caller, and extra keys are
  // not refused (output mode would require "count" and add additionalProperties: false).
  const inputShape = {
    type: "object",
    properties: { name: { type: "string" }, count: { type: "number", default: 1 } },
    required: ["name"],
  };

  it("converts a zod schema's input side", () => {
    const schema = z.object({ name: z.string(), count: z.number().default(1) });
    expect(zodInputJsonSchema(schema)).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      ...inputShape,
    });
  });

  it("converts a zod mini schema (no toJSONSchema method of its own) with the zod package, input side too", () => {
    const schema = zm.object({ name: zm.string(), count: zm._default(zm.number(), 1) });
    expect(schema).not.toHaveProperty("toJSONSchema");
    expect(zodInputJsonSchema(schema as unknown as ZodSchemaLike)).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      ...inputShape,
    });
  });

  it("uses the schema's own toJSONSchema when it has one, asking for the input side", () => {
    const calls: unknown[] = [];
    const schema = {
      _zod: {},
      safeParseAsync: async () => ({ success: true, data: {} }),
      toJSONSchema(this: unknown, options: unknown) {
        calls.push({ self: this === schema, options });
        return { type: "object", from: "own method" };
      },
    };
    expect(zodInputJsonSchema(schema as unknown as ZodSchemaLike)).toEqual({ type: "object", from: "own method" });
    expect(calls).toEqual([{ self: true, options: { io: "input" } }]);
  });

  it.each([
    ["zod", () => z.object({ when: z.date() })],
    ["zod mini", () => zm.object({ when: zm.date() })],
  ])("throws for a %s schema JSON Schema cannot represent", (_label, make) => {
    expect(() => zodInputJsonSchema(make() as unknown as ZodSchemaLike)).toThrow(
      /Date cannot be represented in JSON Schema/,
    );
  });
});
