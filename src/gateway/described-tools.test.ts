import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../index.js";
import { describedTools } from "./described-tools.js";

const tools: ToolDefinition[] = [
  { name: "jira__create_issue", description: "Issue creator.", inputSchema: { type: "object" } },
  { name: "jira__search", description: "Search issues", inputSchema: { type: "object" } },
];

describe("describedTools", () => {
  it("applies the overrides, keeps the server's definition for the pins, and the array while the host's is the same", async () => {
    let listing: readonly ToolDefinition[] = tools;
    const described = describedTools(
      { listTools: async () => listing },
      new Map([
        ["jira__create_issue", { kind: "replace", text: "Create a Jira issue (a ticket)." }],
        ["jira__search", { kind: "append", text: "Also epics." }],
      ]),
    );
    const first = await described.listTools();
    expect(first.map((tool) => tool.description)).toEqual([
      "Create a Jira issue (a ticket).",
      "Search issues. Also epics.",
    ]);
    expect(first.map((tool) => described.upstreamOf(tool))).toEqual(tools);
    // The same array while nothing changed: the tool search skips its diff.
    expect(await described.listTools()).toBe(first);
    listing = [tools[1]!];
    expect((await described.listTools()).map((tool) => tool.name)).toEqual(["jira__search"]);
    expect(tools[0]!.description).toBe("Issue creator.");
  });

  it("reads the host through as it is when there is nothing to apply", async () => {
    const described = describedTools({ listTools: async () => tools }, new Map());
    expect(await described.listTools()).toBe(tools);
    expect(described.upstreamOf(tools[0]!)).toBe(tools[0]);
  });
});
