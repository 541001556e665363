import { describe, expect, it } from "vitest";
import { parseTool } from "../catalogue/index.js";
import { PERMISSIVE_SCHEMA, stubOf } from "./stub.js";

function tool(description: string, name = "github__create_issue") {
  return parseTool(
    {
      name,
      description,
      inputSchema: { type: "object", properties: { repo: { type: "string" } }, required: ["repo"] },
    },
    "tools[0]",
  );
}

describe("stubOf", () => {
  it("keeps the name and the first sentence, ends with the hint, and takes any object", () => {
    expect(stubOf(tool("Create a GitHub issue. Returns its number."))).toStrictEqual({
      name: "github__create_issue",
      description: "Create a GitHub issue. …",
      input_schema: { type: "object" },
    });
  });

  it("adds no second hint to a first sentence already cut for length", () => {
    const description = stubOf(tool(`Create ${"a very long issue ".repeat(20)}now.`)).description;
    expect(description).toMatch(/^Create (a very long issue )+a very…$/);
    expect(description.length).toBeLessThanOrEqual(160);
  });

  it("is the same object on every call for a tool", () => {
    const created = tool("Create a GitHub issue.");
    expect(stubOf(created)).toBe(stubOf(created));
  });

  it("gives each stub its own schema object, so editing one cannot loosen or tighten another", () => {
    const first = stubOf(tool("One.", "a__one"));
    const second = stubOf(tool("Two.", "a__two"));
    expect(first.input_schema).not.toBe(second.input_schema);
    expect(first.input_schema).not.toBe(PERMISSIVE_SCHEMA);
  });
});
