import { describe, expect, it } from "vitest";
import type { McpToolHost } from "../../public/mcp.js";
import { type NamingSettings, UnmatchedEntries, watchUnmatchedEntries } from "./unmatched-entries.js";

const rules = (more: Partial<NamingSettings> = {}): NamingSettings => ({
  allow: undefined,
  deny: [],
  allowDestructive: [],
  policies: [],
  ...more,
});
const named = (name: string, originalName?: string) => ({ name, originalName });
const HINT = "Check the spelling (toolsift inspect lists every tool).";

function watcher(settings: NamingSettings, servers = ["up", "gh"]) {
  const told: string[] = [];
  return { entries: new UnmatchedEntries(settings, servers, (line) => told.push(line)), told };
}

describe("UnmatchedEntries", () => {
  it("tells of each rule's glob that matches no tool, where it is and what it then does", () => {
    const { entries, told } = watcher(
      rules({
        allow: ["up__echo", "up__ech"],
        deny: ["gh__nothing"],
        allowDestructive: ["gh__wipe"],
        policies: [
          { callers: ["ci"], groups: [], scopes: [], tenants: [], allow: [], deny: ["*__drop"], allowDestructive: [] },
        ],
        describe: new Map([["up__eco", {}]]),
      }),
    );
    entries.check([named("up__echo"), named("gh__wipe")], new Set(["up", "gh"]));
    expect(told).toEqual([
      `toolsift.allow[1] "up__ech" matches no tool of "up" as listed now, so it allows nothing. ${HINT}`,
      `toolsift.deny[0] "gh__nothing" matches no tool of "gh" as listed now, so it denies nothing. ${HINT}`,
      `toolsift.policies[0].deny[0] "*__drop" matches no tool of "up", "gh" as listed now, so it denies nothing. ${HINT}`,
      `toolsift.describe "up__eco" matches no tool of "up" as listed now, so it describes nothing. ${HINT}`,
    ]);
  });

  it("tells once, judges a glob only once every server it concerns has listed, and again once it matches and stops", () => {
    const { entries, told } = watcher(rules({ deny: ["up__drop"], allow: ["nosuch__x"] }));
    entries.check([], new Set(["gh"]));
    // up has not listed: its glob waits; a glob no server could hold is told at once.
    expect(told).toEqual([
      `toolsift.allow[0] "nosuch__x" matches no tool of any server, so it allows nothing. ${HINT}`,
    ]);
    entries.check([], new Set(["gh", "up"]));
    entries.check([], new Set(["gh", "up"]));
    expect(told.slice(1)).toEqual([
      `toolsift.deny[0] "up__drop" matches no tool of "up" as listed now, so it denies nothing. ${HINT}`,
    ]);
    entries.check([named("up__drop")], new Set(["gh", "up"]));
    expect(told).toHaveLength(2);
    entries.check([], new Set(["gh", "up"]));
    expect(told).toHaveLength(3);
  });

  it("matches a describe name exactly: not in another letter case, nor by a renamed tool's original name", () => {
    const { entries, told } = watcher(
      rules({
        describe: new Map([
          ["UP__Echo", {}],
          ["up__drop table", {}],
        ]),
      }),
    );
    entries.check([named("up__echo"), named("up__drop_table_dc1b2aa1", "drop table")], new Set(["up", "gh"]));
    expect(told).toEqual([
      `toolsift.describe "UP__Echo" matches no tool of any server, so it describes nothing. ${HINT}`,
      `toolsift.describe "up__drop table" matches no tool of "up" as listed now, so it describes nothing. ${HINT}`,
    ]);
  });

  it("matches deny in any letter case and by a renamed tool's original name; allow exactly", () => {
    const { entries, told } = watcher(rules({ deny: ["UP__Drop_Table", "up__drop table"], allow: ["UP__echo"] }));
    entries.check([named("up__drop_table_dc1b2aa1", "drop table"), named("up__echo")], new Set(["up", "gh"]));
    expect(told).toEqual([`toolsift.allow[0] "UP__echo" matches no tool of any server, so it allows nothing. ${HINT}`]);
  });
});

describe("watchUnmatchedEntries", () => {
  it("checks the host's tools at once and after each connection or re-list, with the servers connected", async () => {
    const told: string[] = [];
    let tools = [{ name: "up__echo" }];
    let connected = ["up"];
    const host = {
      servers: ["up", "gh"],
      status: () =>
        ["up", "gh"].map((server) => ({ server, state: connected.includes(server) ? "connected" : "connecting" })),
      listTools: async () => tools,
      sourceOf: (name: string) => (name === "gh__drop_table_1" ? { server: "gh", tool: "drop table" } : undefined),
    } as unknown as McpToolHost;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
    const listener = watchUnmatchedEntries(rules({ deny: ["gh__drop table", "up__nope"] }), host, (line) =>
      told.push(line),
    );
    await settle();
    expect(told).toEqual([
      `toolsift.deny[1] "up__nope" matches no tool of "up" as listed now, so it denies nothing. ${HINT}`,
    ]);
    tools = [{ name: "up__echo" }, { name: "gh__drop_table_1" }];
    connected = ["up", "gh"];
    listener({ type: "tools-changed", server: "gh", added: ["gh__drop_table_1"], removed: [], tools: 1, message: "" });
    await settle();
    // gh listed its renamed tool: the deny of its original name matches, and nothing more is told.
    expect(told).toHaveLength(1);
    tools = [{ name: "up__echo" }];
    listener({ type: "notice", server: "gh", code: "x", message: "" });
    await settle();
    expect(told).toHaveLength(1);
    listener({ type: "connected", server: "gh", tools: 0, attempt: 1, message: "" });
    await settle();
    expect(told[1]).toBe(
      `toolsift.deny[0] "gh__drop table" matches no tool of "gh" as listed now, so it denies nothing. ${HINT}`,
    );
    // A re-list that brings the tool back and one that takes it away again: told once more.
    tools = [{ name: "up__echo" }, { name: "gh__drop_table_1" }];
    listener({ type: "tools-changed", server: "gh", added: ["gh__drop_table_1"], removed: [], tools: 1, message: "" });
    await settle();
    tools = [{ name: "up__echo" }];
    listener({ type: "tools-changed", server: "gh", added: [], removed: ["gh__drop_table_1"], tools: 0, message: "" });
    await settle();
    expect(told.slice(2)).toEqual([told[1]]);
  });
});
