import { describe, expect, it } from "vitest";
import { createAjv, dialectOf, type Dialect } from "./schema-dialect.js";

describe("dialectOf", () => {
  it.each([
    ["http://json-schema.org/draft-07/schema#", "draft-07"],
    ["http://json-schema.org/draft-07/schema", "draft-07"],
    ["https://json-schema.org/draft-07/schema#", "draft-07"],
    // Draft-06 and draft-04 are read as their closest kin that ajv implements.
    ["http://json-schema.org/draft-06/schema#", "draft-07"],
    ["http://json-schema.org/draft-04/schema#", "draft-07"],
    ["https://json-schema.org/draft/2019-09/schema", "2019-09"],
    ["https://json-schema.org/draft/2020-12/schema", "2020-12"],
    // Anything else is read as the default, 2020-12.
    ["http://json-schema.org/draft-05/schema#", "2020-12"],
    ["http://json-schema.org/draft-03/schema#", "2020-12"],
    ["https://example.com/my-dialect", "2020-12"],
  ])("reads %s as %s", (uri, dialect) => {
    expect(dialectOf(uri)).toBe(dialect);
  });

  it.each<[string, unknown]>([
    ["no $schema", undefined],
    ["a number", 7],
    // An array's text is its item's: only a string names a dialect.
    ["an array holding a draft-07 URI", ["http://json-schema.org/draft-07/schema#"]],
  ])("reads %s as the default, 2020-12", (_label, value) => {
    expect(dialectOf(value)).toBe("2020-12");
  });
});

describe("createAjv", () => {
  const validator = (dialect: Dialect, schema: object) =>
    createAjv(dialect, { strict: false, logger: false }).compile(schema);

  it("makes a 2020-12 ajv: it has prefixItems and dependentRequired", () => {
    expect(validator("2020-12", { prefixItems: [{ type: "string" }] })([1])).toBe(false);
    expect(validator("2020-12", { dependentRequired: { a: ["b"] } })({ a: 1 })).toBe(false);
  });

  it("makes a 2019-09 ajv: it has dependentRequired but not prefixItems", () => {
    expect(validator("2019-09", { dependentRequired: { a: ["b"] } })({ a: 1 })).toBe(false);
    expect(validator("2019-09", { prefixItems: [{ type: "string" }] })([1])).toBe(true);
  });

  it("makes a draft-07 ajv: array items is a tuple, and dependentRequired does not exist", () => {
    expect(validator("draft-07", { items: [{ type: "string" }] })([1])).toBe(false);
    expect(validator("draft-07", { dependentRequired: { a: ["b"] } })({ a: 1 })).toBe(true);
  });

  it.each<Dialect>(["2020-12", "2019-09", "draft-07"])("checks formats in %s", (dialect) => {
    const email = validator(dialect, { type: "string", format: "email" });
    expect(email("someone@example.com")).toBe(true);
    expect(email("not an address")).toBe(false);
    // A second ajv of the same dialect has the formats too.
    expect(validator(dialect, { type: "string", format: "date" })("yesterday")).toBe(false);
  });
});
