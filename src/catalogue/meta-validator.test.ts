import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { metaValidatorsSource } from "../../scripts/meta-validators.js";
import { fuzzDefinition } from "../../test/fuzz/fuzz-definitions.js";
import { Prng } from "../../test/fuzz/prng.js";
import { checkSchema } from "./check-schema.js";
import { isZodSchema } from "./is-zod-schema.js";
import { metaValidator } from "./meta-validator.js";
import { createAjv, META_CHECKER_OPTIONS, META_SCHEMA_IDS, type Dialect } from "./schema-dialect.js";
import { zodInputJsonSchema } from "./zod-to-json-schema.js";

const DIALECTS = Object.keys(META_SCHEMA_IDS) as Dialect[];

/** Schemas that break one meta-schema rule each, in all three dialects or only some. */
const INVALID: object[] = [
  { type: "foo" },
  { type: ["string", "string"] },
  { type: 5 },
  { properties: [] },
  { properties: { a: 5 } },
  { required: "a" },
  { required: [1] },
  { minLength: -1 },
  { maxItems: 1.5 },
  { enum: "a" },
  { pattern: 5 },
  { $ref: 5 },
  { $id: 5 },
  { $anchor: "1bad" },
  { $dynamicRef: 5 },
  { $recursiveRef: 5 },
  { $defs: { a: { type: "nope" } } },
  { definitions: { a: { minimum: "1" } } },
  { items: [{ type: "string" }, { type: "nope" }] },
  { prefixItems: { type: "string" } },
  { allOf: [] },
  { anyOf: [{ type: "nope" }] },
  { oneOf: {} },
  { not: 5 },
  { if: { type: "nope" } },
  { additionalProperties: "no" },
  { dependentRequired: { a: [1] } },
  { dependencies: { a: 5 } },
  { unevaluatedProperties: { type: "nope" } },
  { contentMediaType: 5 },
  { $vocabulary: { "not a uri": "yes" } },
  { properties: { deep: { properties: { deeper: { items: { type: "nope" } } } } } },
];

/** Every plain-JSON schema the fuzzer writes, the example catalogue's, and the ones above. */
function corpus(): object[] {
  const prng = new Prng(0x5eed_0001);
  const schemas: object[] = [...INVALID];
  for (let index = 0; index < 1_500; index++) {
    const definition = fuzzDefinition(prng, index) as { inputSchema?: unknown } | null;
    try {
      const json = JSON.stringify(definition?.inputSchema);
      const schema: unknown = JSON.parse(json);
      // The fuzzer's 100 KB enums take seconds in either (draft-07's uniqueItems is quadratic).
      if (typeof schema === "object" && schema !== null && json.length <= 20_000) schemas.push(schema);
    } catch {
      // Not JSON (cyclic, a getter that throws, a zod schema): checkSchema never sees it.
    }
  }
  for (const tool of exampleCatalogue) {
    schemas.push(
      isZodSchema(tool.inputSchema)
        ? (zodInputJsonSchema(tool.inputSchema as never) as object)
        : (tool.inputSchema as object),
    );
  }
  return schemas;
}

/** What a validation gives, a throw included (ajv's 2019-09 meta-schema overflows the stack on some large fuzzed schemas). */
function outcome(validate: () => [unknown, unknown]): [unknown, unknown] {
  try {
    return validate();
  } catch (error) {
    return [String(error), null];
  }
}

describe("the generated meta-schema validators", () => {
  it("are the code ajv generates today: regenerate with `npx tsx scripts/generate-meta-validators.ts` after an ajv upgrade", () => {
    expect(readFileSync(new URL("./meta-validators.generated.ts", import.meta.url), "utf8")).toBe(
      metaValidatorsSource(),
    );
  });

  it.each(DIALECTS)(
    "agree with ajv's validateSchema (%s), verdict and errors, on valid and invalid schemas",
    (dialect) => {
      const ajv = createAjv(dialect, META_CHECKER_OPTIONS);
      const validate = metaValidator(dialect);
      let valid = 0;
      let invalid = 0;
      for (const original of corpus()) {
        for (const $schema of [undefined, META_SCHEMA_IDS[dialect], `${META_SCHEMA_IDS[dialect]}#`]) {
          const schema: Record<string, unknown> = { ...original };
          if ($schema === undefined) delete schema.$schema;
          else schema.$schema = $schema;
          const expected = outcome(() => [ajv.validateSchema(schema), ajv.errors ?? null]);
          expect(
            outcome(() => [validate(schema), validate.errors ?? null]),
            JSON.stringify(schema),
          ).toEqual(expected);
          if (expected[0] === true) valid++;
          else if (expected[0] === false) invalid++;
        }
      }
      // Both verdicts are exercised, so a validator that always says one thing fails above.
      expect(valid).toBeGreaterThan(500);
      expect(invalid).toBeGreaterThan(3 * 30);
    },
  );
});

describe("checkSchema's meta-schema check", () => {
  it("reports a generated validator's first error as ajv's did", () => {
    expect(checkSchema({ type: "object", properties: { a: { type: "nope" } } }, "2020-12")).toBe(
      "/properties/a/type must be equal to one of the allowed values (JSON Schema 2020-12)",
    );
    expect(checkSchema({ $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: 5 }] }, "draft-07")).toBe(
      "/items must be object,boolean (JSON Schema draft-07)",
    );
  });

  it("leaves any other $schema to ajv, which resolves it or says why it cannot", () => {
    // A draft-04 URI is read as draft-07, whose ajv does not know draft-04's meta-schema.
    expect(checkSchema({ $schema: "http://json-schema.org/draft-04/schema#", type: "object" }, "draft-07")).toBe(
      'it could not be checked against JSON Schema draft-07 (no schema with key or ref "http://json-schema.org/draft-04/schema#")',
    );
    expect(checkSchema({ $schema: 5, type: "object" } as never, "2020-12")).toBe(
      "it could not be checked against JSON Schema 2020-12 ($schema must be a string)",
    );
    // A vocabulary's own meta-schema: ajv knows it, and checks only what it covers.
    expect(
      checkSchema({ $schema: "https://json-schema.org/draft/2020-12/meta/validation", type: "nope" }, "2020-12"),
    ).toMatch(/type.*\(JSON Schema 2020-12\)$/);
    expect(
      checkSchema(
        { $schema: "https://json-schema.org/draft/2020-12/meta/validation", properties: { a: { type: "nope" } } },
        "2020-12",
      ),
    ).toBeUndefined();
  });
});
