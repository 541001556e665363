import { describe, expect, it } from "vitest";
import type { JsonSchemaObject } from "../catalogue/index.js";
import { neededThings } from "./input-producers.js";

const needs = (properties: string[], required?: string[]) =>
  neededThings({
    inputSchema: {
      type: "object",
      properties: Object.fromEntries(properties.map((name) => [name, { type: "string" }])),
      ...(required ? { required } : {}),
    } as JsonSchemaObject,
  });

describe("neededThings", () => {
  it("reads the thing of each id input, in snake, camel and kebab case, singular or plural", () => {
    expect(needs(["contact_id", "artistId", "track_ids", "room-id", "text"])).toEqual([
      "contact",
      "artist",
      "track",
      "room",
    ]);
  });

  it("reads only required inputs when the schema lists some", () => {
    expect(needs(["contact_id", "owner_id"], ["contact_id"])).toEqual(["contact"]);
  });

  it("finds no thing in a bare id, in a word that merely ends in id, or in no schema", () => {
    expect(needs(["id", "ID", "paid", "valid"])).toEqual([]);
    expect(neededThings({ inputSchema: { type: "object" } })).toEqual([]);
  });

  it("reads at most 16 id inputs of a huge schema", () => {
    const many = Array.from({ length: 40 }, (_, i) => `thing${String.fromCharCode(97 + (i % 26))}${i}_id`);
    expect(needs(many).length).toBeLessThanOrEqual(16);
  });
});
