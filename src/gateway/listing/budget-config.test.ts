import { describe, expect, it } from "vitest";
import { thrownBy } from "../../../test/support/thrown-by.js";
import { ConfigError } from "../settings/config-error.js";
import { parseGatewayConfig } from "../config/gateway-config.js";

const stdio = { command: "node", args: ["server.js"] };

function settingsOf(toolsift: unknown) {
  return parseGatewayConfig({ mcpServers: { gh: stdio }, toolsift }, "mcp.json", {}).settings;
}

function problemOf(toolsift: unknown): ConfigError {
  return thrownBy(() => parseGatewayConfig({ mcpServers: { gh: stdio }, toolsift }, "mcp.json", {}), ConfigError);
}

describe("maxListedTools and maxListedTokens", () => {
  it("cap nothing when unset", () => {
    const settings = settingsOf({});
    expect([settings.maxListedTools, settings.maxListedTokens]).toEqual([undefined, undefined]);
  });

  it("are read at the top level and in a policy, and a policy may hold a budget alone", () => {
    const settings = settingsOf({
      maxListedTools: 128,
      maxListedTokens: 30_000,
      policies: [{ groups: ["cursor"], maxListedTools: 40 }],
    });
    expect([settings.maxListedTools, settings.maxListedTokens]).toEqual([128, 30_000]);
    expect(settings.policies[0]).toMatchObject({ groups: ["cursor"], maxListedTools: 40 });
    expect(settings.policies[0]).not.toHaveProperty("maxListedTokens");
  });

  it.each([0, -3, 2.5, "40", null, 100_001])("refuse %j as a number of tools, saying what they take", (value) => {
    const error = problemOf({ maxListedTools: value });
    expect(error.field).toBe("toolsift.maxListedTools");
    expect(error.message).toMatch(/must be a whole number of tools from 1 to 100000 .*e\.g\. 40 for Cursor/);
  });

  it("refuse a cap too small for search_tools and the keep tools, and say how many it must hold", () => {
    const error = problemOf({ keepTools: ["gh__a", "gh__b"], maxListedTools: 2 });
    expect(error.field).toBe("toolsift.maxListedTools");
    expect(error.message).toContain("is 2, too few to list search_tools and the 2 keepTools");
    expect(error.message).toContain("Raise it to at least 3, or keep fewer tools.");
    expect(settingsOf({ keepTools: ["gh__a", "gh__b"], maxListedTools: 3 }).maxListedTools).toBe(3);
  });

  it("hold a policy's cap to the same floor, naming the policy", () => {
    const error = problemOf({
      keepTools: ["gh__a"],
      policies: [
        { groups: ["x"], deny: [] },
        { tenants: ["t"], maxListedTools: 1 },
      ],
    });
    expect(error.field).toBe("toolsift.policies[1].maxListedTools");
    expect(error.message).toContain("Raise it to at least 2");
  });

  it("refuse a token budget too small for search_tools", () => {
    const error = problemOf({ maxListedTokens: 120 });
    expect(error.field).toBe("toolsift.maxListedTokens");
    expect(error.message).toContain("is 120, too few to list search_tools");
    expect(error.message).toContain("Raise it to at least 500.");
    const policy = problemOf({ policies: [{ groups: ["x"], maxListedTokens: "lots" }] });
    expect(policy.field).toBe("toolsift.policies[0].maxListedTokens");
    expect(policy.message).toContain('not "lots"');
  });

  it("still refuse a policy that changes nothing, now naming the budget keys too", () => {
    const error = problemOf({ policies: [{ groups: ["x"] }] });
    expect(error.message).toContain('"maxListedTools" or "maxListedTokens", so it changes nothing');
  });
});
