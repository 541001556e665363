import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { Prng } from "../../test/fuzz/prng.js";
import { checkSchema } from "./check-schema.js";
import type { JsonValue } from "./copy-json.js";
import { isZodSchema } from "./is-zod-schema.js";
import { metaValidator } from "./meta-validator.js";
import { conformsPlainly, META_2020_12_KEYWORDS } from "./plain-meta-check.js";
import { zodInputJsonSchema } from "./zod-to-json-schema.js";

const require = createRequire(import.meta.url);
const validate = metaValidator("2020-12");

function exampleSchemas(): JsonValue[] {
  return exampleCatalogue.map((tool) =>
    JSON.parse(
      JSON.stringify(isZodSchema(tool.inputSchema) ? zodInputJsonSchema(tool.inputSchema as never) : tool.inputSchema),
    ),
  );
}

/** Values a keyword may be given: right for some keywords, wrong for others, schemas among them. */
const VALUES: JsonValue[] = [
  "string",
  "strin",
  "",
  "#frag",
  "a#b",
  0,
  -0,
  1,
  -1,
  1.5,
  2e9,
  true,
  false,
  null,
  [],
  ["a"],
  ["a", "a"],
  ["string", "null"],
  ["string", "string"],
  ["string", 1],
  [{ type: "string" }],
  [{ type: "nope" }],
  [true, {}],
  {},
  { type: "string" },
  { type: "nope" },
  { a: { type: "integer" } },
  { a: { minLength: -1 } },
  { a: ["b", "c"] },
  { a: ["b", "b"] },
  { a: 5 },
];

/** Every object node of a schema, itself included. */
function nodes(value: JsonValue, found: { [key: string]: JsonValue }[] = []): { [key: string]: JsonValue }[] {
  if (typeof value === "object" && value !== null) {
    if (!Array.isArray(value)) found.push(value);
    for (const child of Object.values(value)) nodes(child, found);
  }
  return found;
}

/** The example catalogue's schemas, each with one or two keywords set to a value drawn above, anywhere inside. */
function mutants(count: number): JsonValue[] {
  const prng = new Prng(0x6d65_7461);
  const keywords = [...META_2020_12_KEYWORDS, "x-annotation", "nullable"];
  const bases = exampleSchemas();
  return Array.from({ length: count }, () => {
    const schema = structuredClone(prng.pick(bases));
    for (let changes = prng.int(1, 2); changes > 0; changes--) {
      const node = prng.pick(nodes(schema));
      node[prng.pick(keywords)] = structuredClone(prng.pick(VALUES));
    }
    return schema;
  });
}

describe("conformsPlainly", () => {
  it("knows every keyword JSON Schema 2020-12's meta-schema defines, and no other", () => {
    const root = dirname(require.resolve("ajv/dist/refs/json-schema-2020-12/schema.json"));
    const files = [
      join(root, "schema.json"),
      ...readdirSync(join(root, "meta")).map((file) => join(root, "meta", file)),
    ];
    const defined = new Set(
      files.flatMap((file) =>
        Object.keys((JSON.parse(readFileSync(file, "utf8")) as { properties: object }).properties),
      ),
    );
    expect([...META_2020_12_KEYWORDS].sort()).toEqual([...defined].sort());
  });

  it("never vouches for a schema the generated meta-schema validator refuses", () => {
    let vouched = 0;
    let accepted = 0;
    let refused = 0;
    for (const schema of mutants(4_000)) {
      const valid = validate(schema);
      if (conformsPlainly(schema)) {
        vouched++;
        expect(valid, JSON.stringify(schema)).toBe(true);
      }
      if (valid) accepted++;
      else refused++;
    }
    // Both sides are exercised: a walk that vouched for nothing, or mutants all valid, would pass
    // above. And the walk vouches for most valid mutants, or it would save nothing.
    expect(refused).toBeGreaterThan(2_000);
    expect(vouched).toBeGreaterThan(0.8 * accepted);
    expect(accepted).toBeGreaterThan(400);
  });

  it("vouches for every schema of the example catalogue, so reading it skips the full check", () => {
    const schemas = exampleSchemas();
    expect(schemas.filter((schema) => !conformsPlainly(schema))).toEqual([]);
  });

  it.each<[string, JsonValue]>([
    ["an unknown type", { type: "strng" }],
    ["a repeated type", { type: ["string", "string"] }],
    ["an empty type list", { type: [] }],
    ["a repeated required name", { required: ["id", "id"] }],
    ["a negative length", { minLength: -1 }],
    ["a fractional count", { maxItems: 1.5 }],
    ["a zero multipleOf", { multipleOf: 0 }],
    ["an empty anyOf", { anyOf: [] }],
    ["properties as a list", { properties: [] }],
    ["a bad schema deep inside", { properties: { a: { items: { properties: { b: { type: 5 } } } } } }],
    ["a keyword left to the full check", { $anchor: "name" }],
  ])("does not vouch for %s", (_, schema) => {
    expect(conformsPlainly(schema)).toBe(false);
  });

  it("leaves the message to the full check when it cannot vouch", () => {
    expect(checkSchema({ type: "object", required: ["id", "id"] }, "2020-12")).toMatch(
      /^\/required must NOT have duplicate items .*\(JSON Schema 2020-12\)$/,
    );
  });
});
