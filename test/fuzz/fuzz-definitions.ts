import { z } from "zod";
import type { Prng } from "./prng.js";

/**
 * Tool definitions as a careless or hostile host might list them: mostly plausible, each with
 * a chance of a wrong field, a broken or hostile schema, or an object that fights being read.
 */
export function fuzzDefinition(prng: Prng, index: number): unknown {
  if (prng.chance(0.03)) return prng.pick([null, undefined, 42, "tool", [], true]);
  const definition: Record<string, unknown> = {
    name: fuzzName(prng, index),
    description: fuzzDescription(prng),
    inputSchema: prng.chance(0.08) ? fuzzZod(prng) : fuzzRootSchema(prng),
    execute: () => "ran",
  };
  if (prng.chance(0.3))
    definition.destructive = prng.chance(0.7) ? prng.chance(0.5) : prng.pick(["true", 1, 0, "yes", null, undefined]);
  if (prng.chance(0.15))
    definition.server = prng.chance(0.6) ? "github" : prng.pick([7, "", "x".repeat(300), undefined]);
  if (prng.chance(0.15))
    definition.tags = prng.chance(0.6)
      ? ["a", "b"]
      : prng.pick(["tag", [1], Array.from({ length: 120 }, (_, i) => `t${i}`), ["y".repeat(250)]]);
  if (prng.chance(0.03)) definition.execute = prng.pick(["run", 3, null]);
  return hostile(prng, definition);
}

function fuzzName(prng: Prng, index: number): unknown {
  if (prng.chance(0.95)) return `t${index}__${prng.word(10)}`;
  return prng.pick(["", "bad name", "x".repeat(65), "search_tools", 12, null, "ok.name", "tool\u0000"]);
}

function fuzzDescription(prng: Prng): unknown {
  if (prng.chance(0.95))
    return `${prng.pick(["Create", "Delete", "List", "Fetch"])} a ${prng.word()} ${prng.word()}. More detail follows.`;
  return prng.pick(["", "   ", 5, null, "Odd \uD800 half a pair.", `${"😀".repeat(100)} emoji.`, "w".repeat(100_001)]);
}

/** Throws from a getter, hides behind a Proxy, or revokes itself. */
function hostile(prng: Prng, definition: Record<string, unknown>): unknown {
  const roll = prng.next();
  if (roll < 0.02) {
    const field = prng.pick(["name", "description", "inputSchema", "destructive", "tags"]);
    return Object.defineProperty({ ...definition }, field, {
      get() {
        throw new Error(`${field} getter`);
      },
      enumerable: true,
    });
  }
  if (roll < 0.03)
    return new Proxy(definition, {
      get: () => {
        throw new Error("get trap");
      },
    });
  if (roll < 0.04) {
    const { proxy, revoke } = Proxy.revocable(definition, {});
    revoke();
    return proxy;
  }
  if (roll < 0.06) return new Proxy(definition, {});
  return definition;
}

const TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"];

function fuzzRootSchema(prng: Prng): unknown {
  const roll = prng.next();
  if (roll < 0.03) return prng.pick([undefined, null, "object", [], { type: "string" }, { properties: {} }]);
  const schema: Record<string, unknown> = { type: "object", properties: {} };
  const properties = schema.properties as Record<string, unknown>;
  for (let count = prng.int(0, 4); count > 0; count--) properties[prng.word()] = fuzzSchema(prng, 0);
  if (prng.chance(0.3)) schema.required = Object.keys(properties).slice(0, prng.int(0, 2));
  if (prng.chance(0.2)) schema.additionalProperties = prng.pick([false, true, { type: "string" }]);
  if (prng.chance(0.5))
    schema.$defs = {
      item: fuzzSchema(prng, 1),
      node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } },
    };
  if (prng.chance(0.1))
    schema.$schema = prng.pick([
      "http://json-schema.org/draft-07/schema#",
      "https://json-schema.org/draft/2020-12/schema",
      "https://example.com/unknown",
    ]);
  if (prng.chance(0.08))
    schema.$id = prng.pick(["urn:example:tool", "urn:tool", "tool.json", "https://example.com/t.json", "#frag"]);
  if (prng.chance(0.05)) properties.deep = nest(prng.pick([50, 99, 120, 700, 3000]));
  if (prng.chance(0.03)) properties.self = schema; // a cycle
  if (prng.chance(0.02)) properties.big = { type: "integer", maximum: 10n };
  if (prng.chance(0.02)) properties.fn = { type: "string", default: () => "x" };
  if (prng.chance(0.02)) properties.huge = { enum: Array.from({ length: 25_000 }, (_, i) => i) };
  return schema;
}

function fuzzSchema(prng: Prng, depth: number): unknown {
  if (depth > 4) return { type: prng.pick(TYPES.slice(0, 4)) };
  return prng.chance(0.9) ? plausibleSchema(prng, depth) : dubiousSchema(prng, depth);
}

function plausibleSchema(prng: Prng, depth: number): unknown {
  return prng.oneOf<unknown>([
    () => ({ type: prng.pick(TYPES), description: prng.word() }),
    () => ({
      type: "string",
      pattern: prng.pick(["^[a-z]+$", "^(a+)+$", "\\d{3}", "^\\S+$", "\\p{L}+", "^[A-Z][a-z]*(-[A-Z][a-z]*)*$"]),
    }),
    () => ({ type: "string", format: prng.pick(["date-time", "email", "uri", "made-up-format"]) }),
    () => ({ type: "integer", minimum: 0, maximum: prng.int(0, 100) }),
    () => ({ type: "array", items: fuzzSchema(prng, depth + 1) }),
    () => ({ type: "object", properties: { [prng.word()]: fuzzSchema(prng, depth + 1) }, required: [] }),
    () => ({ $ref: "#" }),
    () => ({ anyOf: [fuzzSchema(prng, depth + 1), fuzzSchema(prng, depth + 1)] }),
    () => ({ enum: ["a", "b", 3] }),
  ]);
}

function dubiousSchema(prng: Prng, depth: number): unknown {
  return prng.oneOf<unknown>([
    () => ({ type: prng.pick(TYPES), description: prng.word() }),
    () => ({ type: prng.pick(["strin", "int", "String", 5, ["string", "null"]]) }),
    () => ({
      type: "string",
      pattern: prng.pick([
        "^[a-z]+$",
        "^(a+)+$",
        "(",
        "^(?=x).*",
        "(a)\\1",
        "\\d{3}",
        "^\\S+$",
        "[",
        "a{2000}",
        "\\p{L}+",
        "\\/x",
      ]),
    }),
    () => ({ type: "string", format: prng.pick(["date-time", "email", "uri", "made-up-format", "regex"]) }),
    () => ({ type: "integer", minimum: prng.pick([0, "0", -5, null]), maximum: prng.int(0, 100) }),
    () => ({
      type: "array",
      items: prng.chance(0.2) ? [{ type: "string" }, { type: "integer" }] : fuzzSchema(prng, depth + 1),
    }),
    () => ({
      type: "object",
      properties: { [prng.word()]: fuzzSchema(prng, depth + 1) },
      patternProperties: { [prng.pick(["^x", "(", "^(?!y)"])]: { type: "string" } },
    }),
    () => ({
      $ref: prng.pick([
        "#",
        "#/$defs/item",
        "#/$defs/node",
        "#/$defs/missing",
        "#/properties",
        "https://example.com/s.json",
        "#anchor",
        "other.json",
        "#/definitions/x",
        "#/$defs/item/type",
      ]),
    }),
    () => ({ anyOf: [fuzzSchema(prng, depth + 1), fuzzSchema(prng, depth + 1)] }),
    () => ({ enum: prng.pick([["a", "b"], [], "a", [1, 1]]) }),
    () => ({ $anchor: "anchor", type: "string" }),
    () => ({ required: prng.pick([["a", "a"], "a", [1]]) }),
    () => ({ $async: true, type: "string" }),
    () => ({ id: "draft-04-id", type: "string" }),
    () => prng.pick([true, false, null, 3, "schema"]),
  ]);
}

function nest(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let level = 0; level < levels; level++) schema = { type: "object", properties: { a: schema } };
  return schema;
}

function fuzzZod(prng: Prng): unknown {
  return prng.oneOf<unknown>([
    () => z.object({ a: z.string(), b: z.number().int().optional() }),
    () =>
      z.object({
        n: z
          .number()
          .refine((n) => n > 0)
          .transform((n) => n * 2),
      }),
    () => {
      const Node: z.ZodType = z.object({
        id: z.string(),
        get children() {
          return z.array(Node).optional();
        },
      });
      return Node;
    },
    () => z.string(),
    () => z.object({ when: z.date() }),
    () => z.object({ fn: z.function() }),
  ]);
}
