import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewayConfig } from "../config/gateway-config.js";

const stdio = { command: "node", args: ["server.js"] };

function settingsOf(toolsift: unknown) {
  return parseGatewayConfig({ mcpServers: { gh: stdio, db: stdio }, toolsift }, "mcp.json", {}).settings;
}

function problemOf(toolsift: unknown): ConfigError {
  return thrownBy(
    () => parseGatewayConfig({ mcpServers: { gh: stdio, db: stdio }, toolsift }, "mcp.json", {}),
    ConfigError,
  );
}

describe("policies and rateLimits in the toolsift block", () => {
  it("reads policies and rate limits, with empty selector and rule lists filled in", () => {
    const settings = settingsOf({
      allow: ["gh__get_*"],
      policies: [
        { groups: ["ops"], allow: ["db__*"], allowDestructive: ["db__vacuum"] },
        { callers: ["ci", "oauth:alice"], deny: ["gh__*"] },
      ],
      rateLimits: { callsPerMinute: 120 },
    });
    expect(settings.policies).toEqual([
      {
        callers: [],
        groups: ["ops"],
        scopes: [],
        tenants: [],
        allow: ["db__*"],
        deny: [],
        allowDestructive: ["db__vacuum"],
      },
      {
        callers: ["ci", "oauth:alice"],
        groups: [],
        scopes: [],
        tenants: [],
        allow: [],
        deny: ["gh__*"],
        allowDestructive: [],
      },
    ]);
    expect(settings.rateLimits).toEqual({ callsPerMinute: 120, searchesPerMinute: undefined });
    expect(settingsOf({})).toMatchObject({ policies: [], rateLimits: { callsPerMinute: undefined } });
  });

  it("refuses exact names and server__ prefixes of servers the file does not have, in every list", () => {
    for (const [toolsift, field] of [
      [{ deny: ["nosuch__drop_table"] }, "toolsift.deny[0]"],
      [{ deny: ["gh__x", "nosuch__*"] }, "toolsift.deny[1]"],
      [{ allow: ["nosuch__*"] }, "toolsift.allow[0]"],
      [{ deny: ["drop_table"] }, "toolsift.deny[0]"],
      [{ policies: [{ groups: ["g"], deny: ["nosuch__?"] }] }, "toolsift.policies[0].deny[0]"],
    ] as const) {
      expect(problemOf(toolsift).field).toBe(field);
    }
    expect(problemOf({ deny: ["nosuch__*"] }).message).toContain(
      'whose server "nosuch" is not one of this file\'s servers',
    );
    // Globs whose server part is itself a glob, and deny's server in another letter case, are fine.
    expect(settingsOf({ deny: ["*__drop_table", "g?__x", "GH__Delete_*"] }).deny).toHaveLength(3);
  });

  it("refuses policies that could apply to nobody, change nothing, or allow past an unset allow", () => {
    expect(problemOf({ policies: [{ allow: ["gh__*"] }] }).message).toContain("apply to nobody");
    expect(problemOf({ allow: [], policies: [{ groups: ["g"] }] }).message).toContain("changes nothing");
    expect(problemOf({ policies: [{ groups: ["g"], allow: ["gh__*"] }] })).toMatchObject({
      field: "toolsift.policies[0].allow",
    });
    expect(problemOf({ allow: [], policies: [{ group: ["g"], allow: ["gh__*"] }] }).field).toBe(
      "toolsift.policies[0].group",
    );
    expect(problemOf({ allow: [], policies: [{ groups: [""], allow: ["gh__*"] }] }).field).toBe(
      "toolsift.policies[0].groups[0]",
    );
    expect(problemOf({ policies: {} }).field).toBe("toolsift.policies");
  });

  it("refuses rate limits that are not whole numbers from 1 to 1,000,000", () => {
    expect(problemOf({ rateLimits: { callsPerMinute: 0 } }).field).toBe("toolsift.rateLimits.callsPerMinute");
    expect(problemOf({ rateLimits: { searchesPerMinute: 1.5 } }).field).toBe("toolsift.rateLimits.searchesPerMinute");
    expect(problemOf({ rateLimits: { perHour: 5 } }).field).toBe("toolsift.rateLimits.perHour");
    expect(problemOf({ rateLimits: 10 }).field).toBe("toolsift.rateLimits");
  });
});
