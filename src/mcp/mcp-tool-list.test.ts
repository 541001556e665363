import { describe, expect, it } from "vitest";
import { readToolList } from "./mcp-tool-list.js";

const listed = (annotations: unknown) => ({
  name: "post",
  description: "Posts.",
  inputSchema: { type: "object" },
  annotations,
});
const call = async () => ({ content: [], isError: false });

describe("readToolList: openWorldHint", () => {
  it.each([
    ["openWorldHint: true", { openWorldHint: true }, true],
    ["openWorldHint: false", { openWorldHint: false }, false],
    ["no hint (explicit hints only, as for destructiveHint)", { title: "Post" }, false],
    ["no annotations", undefined, false],
    ["a hint that is not a boolean (fails closed)", { openWorldHint: "yes" }, true],
  ])("reads %s as openWorld %s", (_label, annotations, openWorld) => {
    const { definitions } = readToolList("web", [listed(annotations)], call as never);
    expect(definitions[0]!.openWorld).toBe(openWorld);
  });
});
