import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "../settings/config-error.js";
import { DESCRIBE_LIMITS, describedAs } from "./describe-config.js";
import { parseGatewayConfig } from "./gateway-config.js";

const servers = { jira: { command: "jira-mcp" }, old: { command: "old-mcp", disabled: true } };

function describeOf(value: unknown) {
  return parseGatewayConfig({ mcpServers: servers, toolsift: { describe: value } }, "mcp.json").settings.describe;
}

function problemOf(value: unknown): string {
  return thrownBy(() => describeOf(value), ConfigError).message;
}

describe("toolsift.describe", () => {
  it("is empty by default; takes a new description or a sentence to append, trimmed, per tool", () => {
    expect(parseGatewayConfig({ mcpServers: servers }, "mcp.json").settings.describe.size).toBe(0);
    const overrides = describeOf({
      jira__create_issue: "  Create a Jira issue (a ticket) in a project.\nUse it for bugs.  ",
      jira__search: { append: "Also finds epics." },
      old__tool: "A tool of a disabled server.",
    });
    expect([...overrides]).toEqual([
      [
        "jira__create_issue",
        { kind: "replace", text: "Create a Jira issue (a ticket) in a project.\nUse it for bugs." },
      ],
      ["jira__search", { kind: "append", text: "Also finds epics." }],
      ["old__tool", { kind: "replace", text: "A tool of a disabled server." }],
    ]);
  });

  it("refuses names that could never match: no server of the file, no tool part, a glob", () => {
    expect(problemOf({ jria__create_issue: "x" })).toMatch(
      /^mcp\.json: toolsift\.describe\["jria__create_issue"\] is not a tool of this file's servers: names here are "server__tool" with one of "jira", "old"/,
    );
    expect(problemOf({ create_issue: "x" })).toMatch(/describe\["create_issue"\] is not a tool of this file's servers/);
    expect(problemOf({ jira__: "x" })).toMatch(/describe\["jira__"\] is not a tool/);
    expect(problemOf({ "jira__*": "x" })).toMatch(/names tools by a glob; describe takes exact tool names/);
  });

  it("refuses wrong shapes, empty and oversized texts, saying what it takes", () => {
    expect(problemOf(["jira__x"])).toMatch(
      /toolsift\.describe must be an object of tool names to descriptions, e\.g\./,
    );
    expect(problemOf({ jira__x: 3 })).toMatch(
      /describe\["jira__x"\] must be a new description \(a string\) or \{"append"/,
    );
    expect(problemOf({ jira__x: { prepend: "x" } })).toMatch(
      /describe\["jira__x"\]\.prepend is not a describe setting/,
    );
    expect(problemOf({ jira__x: { append: 1 } })).toMatch(/describe\["jira__x"\]\.append must be the sentence to add/);
    expect(problemOf({ jira__x: "   " })).toMatch(/is empty: give the text, or remove the entry/);
    expect(problemOf({ jira__x: "x".repeat(DESCRIBE_LIMITS.maxDescriptionChars + 1) })).toMatch(
      /holds 4001 characters, more than 4000\. Shorten it/,
    );
    expect(problemOf({ jira__x: { append: "x".repeat(DESCRIBE_LIMITS.maxAppendChars + 1) } })).toMatch(
      /\.append holds 1001 characters, more than 1000/,
    );
    const many = Object.fromEntries(
      Array.from({ length: DESCRIBE_LIMITS.maxTools + 1 }, (_, i) => [`jira__t${i}`, "x"]),
    );
    expect(problemOf(many)).toMatch(/describes 2001 tools, more than 2000/);
  });

  it("refuses text a person would not see: bidi overrides, zero-width and tag characters, controls", () => {
    expect(problemOf({ jira__x: "Create an issue.\u202E.eteled" })).toMatch(
      /holds the character U\+202E at 16, which hides/,
    );
    expect(problemOf({ jira__x: { append: "ok\u200b" } })).toMatch(/U\+200B/);
    expect(problemOf({ jira__x: "ok \u{E0041}" })).toMatch(/U\+E0041/);
    expect(problemOf({ jira__x: "bell\u0007" })).toMatch(/U\+0007/);
    expect(describeOf({ jira__x: "line one\n\tline two" }).get("jira__x")).toEqual({
      kind: "replace",
      text: "line one\n\tline two",
    });
  });
});

describe("describedAs", () => {
  it("replaces, or appends after the server's own sentence, with a full stop where it had none", () => {
    expect(describedAs("Issue creator.", { kind: "replace", text: "Create a Jira issue." })).toBe(
      "Create a Jira issue.",
    );
    expect(describedAs("Issue creator.", { kind: "append", text: "Also a ticket." })).toBe(
      "Issue creator. Also a ticket.",
    );
    expect(describedAs("Issue creator  ", { kind: "append", text: "Also a ticket." })).toBe(
      "Issue creator. Also a ticket.",
    );
    expect(describedAs("", { kind: "append", text: "Also a ticket." })).toBe("Also a ticket.");
  });
});
