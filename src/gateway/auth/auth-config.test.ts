import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { writeConfig } from "../../../test/support/gateway-process.js";
import { ConfigError } from "../settings/config-error.js";
import { parseAuthSettings, NO_AUTH_SETTINGS } from "./auth-config.js";
import { parseGatewaySettings, readGatewayConfig } from "../config/gateway-config.js";

const fail = (field: string, problem: string): never => {
  throw new ConfigError("mcp.json", field, problem);
};
const hex = "ab".repeat(32);
const secret = "tsk_an-environment-token-of-enough-length";

function problem(value: unknown, env: Record<string, string> = {}): string {
  try {
    parseAuthSettings(value, env, fail);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("parseAuthSettings", () => {
  it("reads tokens by hash or from the environment (keeping only the hash), and OAuth with its defaults", () => {
    const settings = parseAuthSettings(
      {
        tokens: [
          { name: "ci", sha256: hex.toUpperCase(), groups: ["ci", "ci"], tenant: "acme" },
          { name: "alice@example.com", env: "ALICE_TOKEN" },
        ],
        oauth: { issuer: "https://login.example.com/tenant", resource: "https://gw.example.com/mcp" },
      },
      { ALICE_TOKEN: secret },
      fail,
    );
    expect(settings.tokens).toEqual([
      { name: "ci", sha256: hex, groups: ["ci"], tenant: "acme" },
      {
        name: "alice@example.com",
        sha256: createHash("sha256").update(secret).digest("hex"),
        groups: [],
        tenant: undefined,
      },
    ]);
    expect(JSON.stringify(settings)).not.toContain(secret);
    expect(settings.oauth).toEqual({
      issuer: "https://login.example.com/tenant",
      resource: "https://gw.example.com/mcp",
      jwksUri: undefined,
      audience: "https://gw.example.com/mcp",
      groupsClaim: "groups",
      tenantClaim: undefined,
      requiredScopes: [],
      clockSkewSeconds: 60,
    });
    expect(parseAuthSettings(undefined, {}, fail)).toBe(NO_AUTH_SETTINGS);
    expect(
      parseAuthSettings({ oauth: { issuer: "http://127.0.0.1:9000", resource: "http://localhost:8808/mcp" } }, {}, fail)
        .oauth?.issuer,
    ).toBe("http://127.0.0.1:9000");
  });

  it("refuses what would weaken or break authentication, saying where and what to do, never the token", () => {
    const cases: [unknown, RegExp, Record<string, string>?][] = [
      [[], /toolsift\.auth must be an object/],
      [{ token: [] }, /toolsift\.auth\.token is not an auth setting/],
      [{ tokens: [{ name: "ci" }] }, /tokens\[0\] needs one of "sha256".*or "env"/],
      [{ tokens: [{ name: "ci", sha256: hex, env: "X" }] }, /needs one of "sha256".*not both/],
      [{ tokens: [{ name: "ci", sha256: "abc" }] }, /tokens\[0\]\.sha256 must be 64 hex characters/],
      [{ tokens: [{ name: "bad name", sha256: hex }] }, /tokens\[0\]\.name must be 1 to 64 letters/],
      [
        {
          tokens: [
            { name: "a", sha256: hex },
            { name: "a", sha256: "cd".repeat(32) },
          ],
        },
        /tokens\[1\]\.name is "a" again: token names must be unique/,
      ],
      [
        {
          tokens: [
            { name: "a", sha256: hex },
            { name: "b", sha256: hex },
          ],
        },
        /tokens\[1\] holds the same token as an earlier entry/,
      ],
      [{ tokens: [{ name: "ci", env: "UNSET_TOKEN" }] }, /names UNSET_TOKEN, which is not set/],
      [
        { tokens: [{ name: "ci", env: "SHORT" }] },
        /names SHORT, which holds a token under 24 characters/,
        { SHORT: "pw" },
      ],
      [{ tokens: [{ name: "ci", sha256: hex, scopes: [] }] }, /tokens\[0\]\.scopes is not a token setting/],
      [{ oauth: { resource: "https://gw/mcp" } }, /oauth\.issuer must be an absolute https URL/],
      [{ oauth: { issuer: "http://login.example.com", resource: "https://gw/mcp" } }, /oauth\.issuer must use https/],
      [{ oauth: { issuer: "https://l.example", resource: "https://gw/mcp?x=1" } }, /resource must have no query/],
      [
        { oauth: { issuer: "https://l.example", resource: "https://gw/mcp", jwksUri: "http://keys.example/jwks" } },
        /jwksUri must use https/,
      ],
      [
        { oauth: { issuer: "https://l.example", resource: "https://gw/mcp", clockSkewSeconds: 3600 } },
        /clockSkewSeconds must be a whole number from 0 to 600/,
      ],
      [
        { oauth: { issuer: "https://l.example", resource: "https://gw/mcp", algs: [] } },
        /oauth\.algs is not an oauth setting/,
      ],
    ];
    for (const [value, message, env] of cases) {
      const text = problem(value, env);
      expect(text, JSON.stringify(value)).toMatch(message);
      expect(text).toMatch(/^mcp\.json: toolsift\.auth/);
      expect(text).not.toContain("pw");
    }
  });

  it("is the auth of the toolsift block, reading env tokens from the environment readGatewayConfig is given", () => {
    const file = writeConfig({
      mcpServers: { s: { command: "node" } },
      toolsift: { auth: { tokens: [{ name: "ci", env: "CI_TOKEN" }] } },
    });
    expect(readGatewayConfig(file, { CI_TOKEN: secret }).settings.auth.tokens[0]?.sha256).toBe(
      createHash("sha256").update(secret).digest("hex"),
    );
    expect(() => readGatewayConfig(file, {})).toThrow(
      /toolsift\.auth\.tokens\[0\]\.env names CI_TOKEN, which is not set/,
    );
    expect(parseGatewaySettings(undefined, file).auth).toBe(NO_AUTH_SETTINGS);
  });
});
