import { describe, expect, it } from "vitest";
import { parseTool } from "../../catalogue/index.js";
import { fullToolOf } from "./anthropic.js";

describe("fullToolOf", () => {
  const tool = parseTool(
    {
      name: "github__delete_repository",
      description: "Delete a repository permanently.",
      server: "github",
      destructive: true,
      tags: ["admin"],
      inputSchema: { type: "object", properties: { repo: { type: "string" } }, required: ["repo"] },
    },
    "tools[0]",
  );

  it("is the name, description and schema only: the API rejects any other field", () => {
    expect(fullToolOf(tool)).toStrictEqual({
      name: "github__delete_repository",
      description: "Delete a repository permanently.",
      input_schema: { type: "object", properties: { repo: { type: "string" } }, required: ["repo"] },
    });
  });

  it("is the same object on every call, so estimates can be cached by identity", () => {
    expect(fullToolOf(tool)).toBe(fullToolOf(tool));
  });
});
