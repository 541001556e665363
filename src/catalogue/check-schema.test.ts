import { describe, expect, it } from "vitest";
import { checkSchema } from "./check-schema.js";
import type { JsonValue } from "./copy-json.js";
import { InputValidator } from "./validate-input.js";
import type { Dialect } from "./schema-dialect.js";

type Schema = { [key: string]: JsonValue };

/** The problem checkSchema reports for an object schema, in 2020-12 unless told. */
function check(schema: Schema, dialect: Dialect = "2020-12"): string | undefined {
  return checkSchema({ type: "object", ...schema }, dialect);
}

const OUTSIDE =
  " does not resolve inside the tool's own schema. toolsift resolves references only within the schema " +
  '("#", "#/$defs/name", an $anchor): move the referenced schema into "$defs"';

describe("checkSchema: validity for the dialect's meta-schema", () => {
  it("accepts a valid schema", () => {
    expect(check({ properties: { a: { type: "string" } }, required: ["a"] })).toBeUndefined();
  });

  it("names the first meta-schema error by path, with the dialect it was checked against", () => {
    expect(check({ properties: { a: { type: "strin" } } })).toBe(
      "/properties/a/type must be equal to one of the allowed values (JSON Schema 2020-12)",
    );
    expect(check({ properties: { a: { type: "strin" } } }, "draft-07")).toBe(
      "/properties/a/type must be equal to one of the allowed values (JSON Schema draft-07)",
    );
    expect(check({ minProperties: -1 })).toBe("/minProperties must be >= 0 (JSON Schema 2020-12)");
  });

  it("checks each schema against its own dialect: draft-07 tuple items are valid there, not in 2020-12", () => {
    const tuple: Schema = { properties: { pair: { type: "array", items: [{ type: "string" }, { type: "integer" }] } } };
    expect(check(tuple, "draft-07")).toBeUndefined();
    expect(check(tuple, "2020-12")).toMatch(/^\/properties\/pair\/items must be .*\(JSON Schema 2020-12\)$/);
    // Asked in the other order too: each dialect has its own checker, never the one made first.
    expect(check(tuple, "draft-07")).toBeUndefined();
    expect(check({ $defs: { a: { $recursiveAnchor: "x" } } }, "2019-09")).toBe(
      "/$defs/a/$recursiveAnchor must be boolean (JSON Schema 2019-09)",
    );
  });

  it("says why when the schema cannot be checked at all (a meta-schema it names is unknown)", () => {
    expect(check({ $schema: "https://example.com/unknown-dialect" })).toBe(
      'it could not be checked against JSON Schema 2020-12 (no schema with key or ref "https://example.com/unknown-dialect")',
    );
  });
});

describe("checkSchema: every subschema is checked", () => {
  // "$async" is valid for every dialect's meta-schema, so only the walk over subschemas finds it.
  const PROBE: Schema = { $async: true };
  const ASYNC = '"$async" schemas are not supported; remove "$async"';

  it.each([
    "additionalProperties",
    "additionalItems",
    "items",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
  ])("looks inside %s", (keyword) => {
    expect(check({ [keyword]: PROBE })).toBe(`/${keyword}: ${ASYNC}`);
  });

  it.each([
    ["allOf", "2020-12"],
    ["anyOf", "2020-12"],
    ["oneOf", "2020-12"],
    ["prefixItems", "2020-12"],
    ["items", "draft-07"],
  ] as const)("looks inside each schema of %s (%s)", (keyword, dialect) => {
    expect(check({ [keyword]: [{ type: "string" }, PROBE] }, dialect)).toBe(`/${keyword}/1: ${ASYNC}`);
  });

  it.each([
    ["properties", "2020-12"],
    ["patternProperties", "2020-12"],
    ["$defs", "2020-12"],
    ["definitions", "draft-07"],
    ["dependentSchemas", "2020-12"],
    ["dependencies", "draft-07"],
  ] as const)("looks inside each schema of %s (%s)", (keyword, dialect) => {
    expect(check({ [keyword]: { a: { type: "string" }, b: PROBE } }, dialect)).toBe(`/${keyword}/b: ${ASYNC}`);
  });

  it("escapes a property name in the path it reports (JSON pointer: ~ as ~0, / as ~1)", () => {
    expect(check({ properties: { "a/b~c": PROBE } })).toBe(`/properties/a~1b~0c: ${ASYNC}`);
  });

  it("reports the first problem, even when later subschemas are fine", () => {
    expect(check({ properties: { a: PROBE, b: { type: "string" }, c: { $ref: "#" } } })).toBe(
      `/properties/a: ${ASYNC}`,
    );
  });

  it("accepts boolean subschemas", () => {
    expect(check({ properties: { a: true, b: false }, additionalProperties: false, items: true })).toBeUndefined();
  });

  it.each<[string, JsonValue]>([
    ["null", null],
    ["an array", [{ $async: true }]],
    ["a map of non-schemas", { a: null, b: "text", c: [{ $async: true }] }],
    ["a schema with patternProperties: null", { a: { patternProperties: null } }],
  ])('skips a draft-07 "$defs" (a keyword draft-07 does not have, so ajv ignores it) holding %s', (_label, defs) => {
    expect(check({ $defs: defs }, "draft-07")).toBeUndefined();
  });
});

describe("checkSchema: keywords the meta-schema allows but ajv cannot honour", () => {
  it('refuses "$async", naming where it is', () => {
    expect(check({ $async: true })).toBe('the value itself: "$async" schemas are not supported; remove "$async"');
    expect(check({ properties: { a: { $async: false } } })).toBe(
      '/properties/a: "$async" schemas are not supported; remove "$async"',
    );
  });

  it('refuses the draft-04 "id"', () => {
    expect(check({ properties: { a: { id: "a", type: "string" } } })).toBe(
      '/properties/a: "id" is the draft-04 spelling; write "$id"',
    );
  });

  it("refuses an empty enum but accepts a non-empty one", () => {
    expect(check({ properties: { a: { enum: [] } } })).toBe(
      '/properties/a: "enum" is empty, so no value could ever be valid; list the allowed values',
    );
    expect(check({ properties: { a: { enum: ["only"] } } })).toBeUndefined();
  });

  it('refuses a "$dynamicRef" that leaves the schema, and accepts one to a "$dynamicAnchor" inside it', () => {
    expect(check({ properties: { a: { $dynamicRef: "https://example.com/s#meta" } } })).toBe(
      '/properties/a: "$dynamicRef" must be a "#..." reference inside the schema',
    );
    expect(
      check({ $defs: { m: { $dynamicAnchor: "meta", type: "string" } }, properties: { a: { $dynamicRef: "#meta" } } }),
    ).toBeUndefined();
  });

  it.each(["$anchor", "$dynamicAnchor"])(
    "refuses a draft-07 %s that is not a valid name (ajv would not compile it)",
    (keyword) => {
      const schema: Schema = { definitions: { a: { [keyword]: "1st", type: "string" } } };
      expect(check(schema, "draft-07")).toBe(
        `/definitions/a: "${keyword}" "1st" is not a valid anchor name; start it with a letter or "_", then use only letters, digits, "-", "_" and "."`,
      );
      // What the check accepts must compile: the same anchor, validly named, does.
      const named: Schema = {
        definitions: { a: { [keyword]: "first", type: "string" } },
        properties: { p: { $ref: "#first" } },
      };
      expect(check(named, "draft-07")).toBeUndefined();
      expect(new InputValidator({ type: "object", ...named }, "draft-07").validator()).toBeTypeOf("function");
    },
  );
});

describe("checkSchema: patterns must compile for the linear-time engine", () => {
  it("refuses a pattern with a lookahead, naming where it is and why", () => {
    const problem = check({ properties: { a: { type: "string", pattern: "(?=x)" } } });
    expect(problem).toMatch(
      /^\/properties\/a\/pattern: the pattern "\(\?=x\)" cannot be matched in linear time \(.+\); lookahead, lookbehind/,
    );
  });

  it("refuses a patternProperties key the engine cannot run", () => {
    const problem = check({ patternProperties: { "^ok$": {}, "(?<=x)y": {} } });
    expect(problem).toMatch(/^\/patternProperties: the pattern "\(\?<=x\)y" cannot be matched in linear time/);
  });

  it("accepts patterns it can run", () => {
    expect(
      check({
        properties: { a: { type: "string", pattern: "^[a-z]+$" } },
        patternProperties: { "^x-": { type: "string" } },
      }),
    ).toBeUndefined();
  });

  it("refuses a pattern again, with the same reason, when it was checked before (verdicts are remembered, refusals too)", () => {
    const schema = (pattern: string): Schema => ({ properties: { a: { type: "string", pattern } } });
    const first = check(schema("^(?!tmp)[a-z]+$"));
    expect(first).toMatch(/cannot be matched in linear time/);
    expect(check(schema("^(?!tmp)[a-z]+$"))).toBe(first);
    expect(check({ patternProperties: { "^(?!tmp)[a-z]+$": {} } })).toMatch(
      /^\/patternProperties: the pattern "\^\(\?!tmp\)\[a-z\]\+\$" cannot be matched/,
    );
    // Past the bound of remembered verdicts, and for a pattern too long to remember: still refused.
    for (let index = 0; index < 300; index++) expect(check(schema(`^x${index}$`))).toBeUndefined();
    expect(check(schema("^(?!tmp)[a-z]+$"))).toBe(first);
    const long = `(?=${"a".repeat(300)})`;
    expect(check(schema(long))).toMatch(/cannot be matched in linear time/);
    expect(check(schema(long))).toMatch(/cannot be matched in linear time/);
    expect(check(schema("^[a-z]+$"))).toBeUndefined();
    expect(check(schema("^[a-z]+$"))).toBeUndefined();
  });
});

describe("checkSchema: every reference must resolve inside the schema", () => {
  it.each([
    ["the root", "#"],
    ["a $defs entry", "#/$defs/item"],
    ["an $anchor", "#item"],
    ["a boolean subschema", "#/properties/any"],
    ["an escaped name (~1 is /)", "#/$defs/a~1b"],
    ["an escaped name (~0 is ~)", "#/$defs/c~0d"],
    ["a percent-encoded name", "#/$defs/e%20f"],
  ])("accepts a $ref to %s", (_label, ref) => {
    const defs = {
      item: { $anchor: "item", type: "integer" },
      "a/b": { type: "string" },
      "c~d": { type: "string" },
      "e f": { type: "string" },
    };
    expect(check({ $defs: defs, properties: { any: true, x: { $ref: ref } } })).toBeUndefined();
  });

  it.each([
    ["a missing $defs entry", "#/$defs/missing"],
    ["an unknown anchor", "#nowhere"],
    ["another document", "https://example.com/schema.json"],
    ["another document's fragment", "other.json#/$defs/item"],
    ["an array (not a schema)", "#/required"],
    ["a string (not a schema)", "#/properties/x/type"],
    ["null (not a schema)", "#/$defs/item/const"],
    ["a path through null", "#/$defs/item/const/deeper"],
    ["an inherited property, not one of the schema's own", "#/$defs/__proto__"],
    ["a name that is not valid percent-encoded UTF-8", "#/$defs/%C0%80"],
  ])("refuses a $ref to %s, with the fix", (_label, ref) => {
    const schema: Schema = {
      required: ["x"],
      $defs: { item: { const: null } },
      properties: { x: { type: "string" }, y: { $ref: ref } },
    };
    expect(check(schema)).toBe(`/properties/y/$ref: ${JSON.stringify(ref)}${OUTSIDE}`);
  });

  it("checks every reference, not only the first", () => {
    expect(check({ properties: { a: { $ref: "#" }, b: { $ref: "#/$defs/missing" } } })).toBe(
      `/properties/b/$ref: "#/$defs/missing"${OUTSIDE}`,
    );
  });

  it("checks $dynamicRef and $recursiveRef targets too", () => {
    expect(check({ properties: { a: { $dynamicRef: "#missing" } } })).toBe(
      `/properties/a/$dynamicRef: "#missing"${OUTSIDE}`,
    );
    expect(check({ properties: { a: { $recursiveRef: "#/nowhere" } } }, "2019-09")).toBe(
      `/properties/a/$recursiveRef: "#/nowhere"${OUTSIDE}`,
    );
  });

  it("refuses an anchor defined twice", () => {
    expect(check({ $defs: { a: { $anchor: "x" }, b: { $anchor: "x", type: "string" } } })).toBe(
      '/$defs/b: the anchor "x" is defined twice; rename one',
    );
    expect(check({ $defs: { a: { $anchor: "x" }, b: { $dynamicAnchor: "x" } } })).toBe(
      '/$defs/b: the anchor "x" is defined twice; rename one',
    );
  });

  it('does not take a string "$recursiveAnchor" for an anchor (ajv does not resolve "#name" to it)', () => {
    const schema: Schema = {
      $defs: { a: { $recursiveAnchor: "x", type: "string" } },
      properties: { p: { $ref: "#x" } },
    };
    expect(check(schema)).toBe(`/properties/p/$ref: "#x"${OUTSIDE}`);
    expect(new InputValidator({ type: "object", ...schema }, "2020-12").validator()).toBeInstanceOf(Error);
  });
});

describe("checkSchema: $id", () => {
  it("resolves a $ref to a nested schema's $id", () => {
    expect(
      check({
        $defs: { a: { $id: "https://example.com/a", type: "string" } },
        properties: { x: { $ref: "https://example.com/a" } },
      }),
    ).toBeUndefined();
  });

  it("resolves a relative $ref against the root $id", () => {
    const schema: Schema = {
      $id: "https://example.com/root",
      $defs: { a: { $id: "item", type: "string" } },
      properties: { x: { $ref: "item" } },
    };
    expect(check(schema)).toBeUndefined();
    expect(check({ ...schema, properties: { x: { $ref: "https://example.com/item" } } })).toBeUndefined();
    expect(check({ ...schema, properties: { x: { $ref: "https://example.org/item" } } })).toBe(
      `/properties/x/$ref: "https://example.org/item"${OUTSIDE}`,
    );
  });

  it("resolves a fragment inside a nested $id against that schema, not the root", () => {
    const inner = {
      $id: "https://example.com/a",
      $defs: { b: { type: "string" } },
      properties: { y: { $ref: "#/$defs/b" } },
    };
    expect(check({ $defs: { a: inner } })).toBeUndefined();
    // The same fragment from the root finds no "b" there.
    expect(check({ $defs: { a: inner }, properties: { z: { $ref: "#/$defs/b" } } })).toBe(
      `/properties/z/$ref: "#/$defs/b"${OUTSIDE}`,
    );
  });

  it("accepts a root $id that ends in an empty fragment", () => {
    const schema: Schema = {
      $id: "https://example.com/s#",
      $defs: { a: { type: "string" } },
      properties: { x: { $ref: "#/$defs/a" }, y: { $ref: "https://example.com/s#/$defs/a" } },
    };
    expect(check(schema)).toBeUndefined();
  });

  it('reads a nested "$id": "#" as the schema it is in, not a second one, and refuses two (as ajv does)', () => {
    const schema: Schema = { properties: { a: { $id: "#", type: "string" } } };
    expect(check(schema)).toBeUndefined();
    expect(new InputValidator({ type: "object", ...schema }, "2020-12").validator()).toBeTypeOf("function");
    const twice: Schema = { properties: { a: { $id: "#", type: "string" }, b: { $id: "#", type: "string" } } };
    expect(check(twice)).toBe('/properties/b: the anchor "" is defined twice; rename one');
    expect(new InputValidator({ type: "object", ...twice }, "2020-12").validator()).toBeInstanceOf(Error);
  });

  it("refuses two schemas with the same $id", () => {
    const schema: Schema = { $defs: { a: { $id: "https://example.com/a" }, b: { $id: "https://example.com/a" } } };
    expect(check(schema)).toBe('/$defs/b: "$id" "https://example.com/a" names a second schema with the same URI');
  });

  it("refuses an $id that is not a resolvable URI", () => {
    expect(check({ $id: "urn:shared" })).toBe('the value itself: "$id" "urn:shared" is not a URI that can be resolved');
    // A draft-07 "$defs" is not checked by the meta-schema, so its malformed $id reaches the resolver.
    expect(check({ $defs: { a: { $id: "%" } } }, "draft-07")).toBe(
      '/$defs/a: "$id" "%" is not a URI that can be resolved',
    );
  });

  it('reads a draft-07 "$id": "#name" as an anchor', () => {
    expect(
      check({ definitions: { a: { $id: "#item", type: "string" } }, properties: { x: { $ref: "#item" } } }, "draft-07"),
    ).toBeUndefined();
    expect(check({ definitions: { a: { $id: "#item" }, b: { $id: "#item" } } }, "draft-07")).toBe(
      '/definitions/b: the anchor "item" is defined twice; rename one',
    );
    expect(check({ definitions: { a: { $id: "#item" } }, properties: { x: { $ref: "#other" } } }, "draft-07")).toBe(
      `/properties/x/$ref: "#other"${OUTSIDE}`,
    );
  });

  it("keeps an anchor with the schema (the nearest $id) it is defined in", () => {
    const defs: Schema = { a: { $id: "https://example.com/a", $defs: { n: { $anchor: "x", type: "string" } } } };
    expect(check({ $defs: defs, properties: { p: { $ref: "https://example.com/a#x" } } })).toBeUndefined();
    expect(check({ $defs: defs, properties: { p: { $ref: "#x" } } })).toBe(`/properties/p/$ref: "#x"${OUTSIDE}`);
  });

  it('refuses a draft-07 "$id" with a fragment (ajv would not find the schema by its URI)', () => {
    const schema: Schema = {
      definitions: { a: { $id: "http://example.com/a#part", type: "string" } },
      properties: { x: { $ref: "http://example.com/a" } },
    };
    expect(check(schema, "draft-07")).toBe(
      '/definitions/a: "$id" "http://example.com/a#part" has a fragment; remove the "#..." part (use "$anchor" to name a schema)',
    );
  });

  it('accepts a draft-07 root "$id" that is a plain name, resolving pointers from the root as usual', () => {
    const schema: Schema = {
      $id: "#tool",
      definitions: { s: { type: "string" } },
      properties: { a: { $ref: "#/definitions/s" } },
    };
    expect(check(schema, "draft-07")).toBeUndefined();
    expect(new InputValidator({ type: "object", ...schema }, "draft-07").validator()).toBeTypeOf("function");
  });

  it('resolves a $ref to a nested draft-07 "$id" URI', () => {
    expect(
      check(
        {
          definitions: { a: { $id: "http://example.com/a", type: "string" } },
          properties: { x: { $ref: "http://example.com/a" } },
        },
        "draft-07",
      ),
    ).toBeUndefined();
  });
});
