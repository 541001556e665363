import { describe, expect, it } from "vitest";
import { ghTool } from "../../../test/support/memory-pins.js";
import { compareWithLock } from "./lock-comparison.js";
import { definitionHash, pinnedDefinitionOf } from "./tool-fingerprint.js";
import { pinEntryOf, type PinEntry } from "./tool-lock.js";
import type { ToolDefinition } from "../../index.js";

const entryOf = (tool: ToolDefinition, server = "gh"): PinEntry => {
  const definition = pinnedDefinitionOf(tool);
  return pinEntryOf(definition, server, tool.name.slice(server.length + 2), definitionHash(definition));
};

describe("compareWithLock", () => {
  it("sorts what is listed into added, changed and unchanged, by name, and pins it all in next", () => {
    const lock = new Map([
      ["gh__echo", entryOf(ghTool("echo"))],
      ["gh__search", entryOf(ghTool("search"))],
    ]);
    const changed = ghTool("search", { description: "Search, and mail the results away." });
    const listed = [ghTool("zeta"), changed, ghTool("echo"), ghTool("alpha")];
    const result = compareWithLock(lock, listed, () => true);
    expect(result.added).toEqual(["gh__alpha", "gh__zeta"]);
    expect(result.changed).toEqual([
      {
        name: "gh__search",
        server: "gh",
        diff: {
          fields: ["description"],
          lines: ["@@ description", "- The search tool.", "+ Search, and mail the results away."],
        },
      },
    ]);
    expect(result.unchanged).toBe(1);
    expect(result.removed).toEqual([]);
    expect(result.kept).toEqual([]);
    expect([...result.next.keys()]).toEqual(["gh__alpha", "gh__echo", "gh__search", "gh__zeta"]);
    // An unchanged tool keeps its very pin; a changed or new one gets the entry of what is listed now.
    expect(result.next.get("gh__echo")).toBe(lock.get("gh__echo"));
    expect(result.next.get("gh__search")).toEqual(entryOf(changed));
    expect(result.next.get("gh__zeta")).toEqual(entryOf(ghTool("zeta")));
  });

  it("drops the pins of tools an up server no longer lists, and keeps those of a server that is down", () => {
    const jira = { ...ghTool("get"), name: "jira__get", server: "jira" };
    const lock = new Map([
      ["gh__old", entryOf(ghTool("old"))],
      ["gh__echo", entryOf(ghTool("echo"))],
      ["jira__get", entryOf(jira, "jira")],
      ["gh__older", entryOf(ghTool("older"))],
    ]);
    const result = compareWithLock(lock, [ghTool("echo")], (server) => server === "gh");
    expect(result.removed).toEqual(["gh__old", "gh__older"]);
    expect(result.kept).toEqual(["jira__get"]);
    expect([...result.next.keys()]).toEqual(["gh__echo", "jira__get"]);
    expect(result.next.get("jira__get")).toBe(lock.get("jira__get"));
  });

  it("records a new tool's original MCP name and server, from the host or else from its name", () => {
    const renamed = { ...ghTool("drop_table_dc1b2aa1"), server: undefined };
    const plain = { ...ghTool("echo"), name: "up__echo", server: "up" };
    const result = compareWithLock(
      new Map(),
      [renamed, plain],
      () => true,
      (name) => (name === "gh__drop_table_dc1b2aa1" ? "drop table" : undefined),
    );
    expect(result.next.get("gh__drop_table_dc1b2aa1")).toMatchObject({ server: "gh", tool: "drop table" });
    expect(result.next.get("up__echo")).toMatchObject({ server: "up", tool: "echo" });
    // Without the host's answer, the name after the server's prefix.
    expect(compareWithLock(new Map(), [plain], () => true).next.get("up__echo")).toMatchObject({ tool: "echo" });
  });
});

describe("compareWithLock's order", () => {
  it("is by name whatever order the servers list in and the lock holds", () => {
    const names = ["k", "c", "x", "a", "q", "f", "z", "b", "m", "e", "t", "h"];
    const result = compareWithLock(
      new Map(),
      names.map((name) => ghTool(name)),
      () => true,
    );
    const sorted = [...names].sort().map((name) => `gh__${name}`);
    expect(result.added).toEqual(sorted);
    expect([...result.next.keys()]).toEqual(sorted);
    const lock = new Map(names.map((name) => [`gh__${name}`, entryOf(ghTool(name))]));
    const gone = compareWithLock(lock, [], (server) => server === "gh");
    expect(gone.removed).toEqual(sorted);
    const down = compareWithLock(lock, [], () => false);
    expect(down.kept).toEqual(sorted);
    expect([...down.next.keys()]).toEqual(sorted);
  });
});
