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

describe("readToolList: task-only tools", () => {
  it("leaves out a tool that runs only as a task, with an issue naming the server and the tool", () => {
    const tools = [
      { name: "research", inputSchema: { type: "object" }, execution: { taskSupport: "required" } },
      { name: "quick", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
    ];
    const { definitions, issues, notices } = readToolList("everything", tools, call as never);
    expect(definitions.map((tool) => tool.name)).toEqual(["everything__quick"]);
    // Not a warning: the server did nothing wrong.
    expect(issues).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.code).toBe("mcp_task_only_tool");
    expect(notices[0]!.message).toContain('MCP server "everything"');
    expect(notices[0]!.message).toContain('"research"');
  });
});
