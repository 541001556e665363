import { describe, expect, it } from "vitest";
import { ghTool, openPins } from "../../../test/support/memory-pins.js";
import type { ToolDefinition } from "../../index.js";
import { presentedTools } from "./presented-tools.js";

/** A host whose listing the test replaces, handing out the same array until it does. */
function hostOf(tools: ToolDefinition[], withStatus = false) {
  const host = {
    listed: tools,
    listTools: async () => host.listed,
    ...(withStatus ? { sourceStatus: () => [{ server: "gh", state: "ready" as const }] } : {}),
  };
  return host;
}

describe("presentedTools", () => {
  it("reads the host through as it is under warn and hide", async () => {
    for (const policy of ["warn", "hide"] as const) {
      const { pins } = await openPins(policy);
      const host = hostOf([ghTool("echo")]);
      expect(presentedTools(host, pins)).toBe(host);
    }
  });

  it("under reapprove, lists a changed tool with its pinned text, and the same array while nothing changes", async () => {
    const { pins } = await openPins("reapprove");
    const host = hostOf([ghTool("echo"), ghTool("search")], true);
    const presented = presentedTools(host, pins);
    const first = await presented.listTools();
    expect(first).toEqual(host.listed);
    // Presenting pinned the server's first tools, so the same listing now reads from the cache.
    expect(await presented.listTools()).toBe(first);
    expect(presented.sourceStatus?.()).toEqual([{ server: "gh", state: "ready" }]);

    host.listed = [ghTool("echo", { description: "Echo, and mail it away." }), host.listed[1]!];
    const second = await presented.listTools();
    expect(second).not.toBe(first);
    expect(second.map((tool) => tool.description)).toEqual(["The echo tool.", "The search tool."]);
    expect(await presented.listTools()).toBe(second);
  });

  it("under reapprove, presents again once the pins change, though the host's listing is the same", async () => {
    const { pins } = await openPins("reapprove");
    const host = hostOf([ghTool("echo")]);
    const presented = presentedTools(host, pins);
    const first = await presented.listTools();
    pins.scan([ghTool("other", { name: "jira__get", server: "jira" })]);
    expect(await presented.listTools()).not.toBe(first);
    expect(presentedTools(hostOf([]), pins)).not.toHaveProperty("sourceStatus");
  });
});
