import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseGatewayConfig } from "../config/gateway-config.js";

const servers = { dyn: { command: "node", args: ["server.js"] } };
const settingsOf = (toolsift: unknown) =>
  parseGatewayConfig({ mcpServers: servers, toolsift }, "/etc/toolsift/mcp.json", {}).settings;

describe("the audit and metrics settings", () => {
  it("are off, and metrics left to the default, when not set", () => {
    expect(settingsOf(undefined)).toMatchObject({ audit: undefined, metrics: undefined });
  });

  it("resolve a relative audit file against the config file's folder, and fill in the defaults", () => {
    expect(settingsOf({ audit: { file: "./logs/audit.jsonl" }, metrics: true })).toMatchObject({
      audit: {
        file: resolve("/etc/toolsift/logs/audit.jsonl"),
        maxBytes: 10 * 1024 * 1024,
        keep: 5,
        includeArguments: false,
      },
      metrics: true,
    });
    expect(
      settingsOf({ audit: { file: "~/audit.jsonl", maxBytes: 65_536, keep: 0, includeArguments: true } }).audit,
    ).toEqual({
      file: join(homedir(), "audit.jsonl"),
      maxBytes: 65_536,
      keep: 0,
      includeArguments: true,
    });
    expect(settingsOf({ audit: { file: "stderr" }, metrics: false })).toMatchObject({
      audit: { file: "stderr" },
      metrics: false,
    });
  });

  it("refuse wrong values, naming the field and what to write instead", () => {
    const cases: [unknown, RegExp][] = [
      [{ audit: "audit.jsonl" }, /toolsift\.audit must be an object such as \{"file": "\.\/audit\.jsonl"\}/],
      [{ audit: {} }, /toolsift\.audit\.file must be the path of the audit log .* or "stderr", not undefined/],
      [{ audit: { file: " " } }, /toolsift\.audit\.file must be/],
      [{ audit: { file: "a", maxBytes: 100 } }, /toolsift\.audit\.maxBytes must be a whole number from 65536/],
      [{ audit: { file: "a", keep: -1 } }, /toolsift\.audit\.keep must be a whole number from 0 to 100/],
      [{ audit: { file: "a", keep: 2.5 } }, /toolsift\.audit\.keep/],
      [{ audit: { file: "a", includeArguments: "yes" } }, /toolsift\.audit\.includeArguments must be true or false/],
      [{ audit: { file: "a", path: "b" } }, /toolsift\.audit\.path is not an audit setting; they are file, maxBytes/],
      [{ metrics: "on" }, /toolsift\.metrics must be true or false, not "on"/],
    ];
    for (const [toolsift, message] of cases) expect(() => settingsOf(toolsift)).toThrow(message);
  });
});
