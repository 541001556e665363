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
    expect(NO_AUTH_SETTINGS).toEqual({ tokens: [], oauth: undefined });
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

describe("parseAuthSettings, message by message", () => {
  const issuer = "https://login.example.com";
  const resource = "https://gw.example.com/mcp";
  const oauth = (more: Record<string, unknown>) => ({ oauth: { issuer, resource, ...more } });
  const field = (value: unknown, env: Record<string, string> = {}) => problem(value, env).replace(/^mcp\.json: /, "");

  it("says what auth and its tokens must be", () => {
    expect(field("tokens")).toBe(
      'toolsift.auth must be an object like {"tokens": [...], "oauth": {...}}, not "tokens" (a string).',
    );
    expect(field(null)).toMatch(/^toolsift\.auth must be an object/);
    expect(field({ tokens: [], oauth: undefined, realm: "x" })).toBe(
      'toolsift.auth.realm is not an auth setting; they are "tokens" and "oauth".',
    );
    expect(parseAuthSettings({}, {}, fail)).toEqual({ tokens: [], oauth: undefined });
    expect(field({ tokens: {} })).toBe(
      'toolsift.auth.tokens must be an array of at most 1000 {"name", "sha256"} entries, not an object.',
    );
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ name: `t${i}`, sha256: i.toString(16).padStart(64, "0") }));
    expect(field({ tokens: many(1_001) })).toMatch(/^toolsift\.auth\.tokens must be an array of at most 1000/);
    expect(parseAuthSettings({ tokens: many(1_000) }, {}, fail).tokens).toHaveLength(1_000);
    expect(field({ tokens: ["ci"] })).toBe(
      'toolsift.auth.tokens[0] must be an object like {"name": "ci", "sha256": "…"}, not "ci" (a string).',
    );
    for (const entry of [null, []])
      expect(field({ tokens: [entry] })).toMatch(/^toolsift\.auth\.tokens\[0\] must be an object/);
    expect(field({ tokens: [{ name: "ci", sha256: hex, scope: "x" }] })).toBe(
      "toolsift.auth.tokens[0].scope is not a token setting; they are name, sha256 or env, groups and tenant.",
    );
  });

  it("bounds a token's name, and reads its groups and tenant", () => {
    expect(field({ tokens: [{ name: 7, sha256: hex }] })).toBe(
      'toolsift.auth.tokens[0].name must be 1 to 64 letters, digits, ".", "_", "@" or "-", not 7.',
    );
    for (const name of ["", ".ci", "c".repeat(65), "c i"]) {
      expect(field({ tokens: [{ name, sha256: hex }] })).toMatch(/^toolsift\.auth\.tokens\[0\]\.name must be/);
    }
    const names = ["c".repeat(64), "a.b_c@d-e", "0"];
    expect(
      parseAuthSettings(
        { tokens: names.map((name, i) => ({ name, sha256: String(i).repeat(64) })) },
        {},
        fail,
      ).tokens.map((token) => token.name),
    ).toEqual(names);
    expect(field({ tokens: [{ name: "ci", sha256: hex, groups: "ops" }] })).toBe(
      'toolsift.auth.tokens[0].groups must be an array of at most 256 non-empty strings, not "ops" (a string).',
    );
    for (const groups of [[""], ["g".repeat(257)], [5], Array.from({ length: 257 }, (_, i) => `g${i}`)]) {
      expect(field({ tokens: [{ name: "ci", sha256: hex, groups }] })).toMatch(/tokens\[0\]\.groups must be/);
    }
    const most = Array.from({ length: 256 }, (_, i) => `${i}`.padEnd(256, "g"));
    expect(
      parseAuthSettings({ tokens: [{ name: "ci", sha256: hex, groups: most }] }, {}, fail).tokens[0]!.groups,
    ).toEqual(most);
    expect(field({ tokens: [{ name: "ci", sha256: hex, tenant: "" }] })).toBe(
      'toolsift.auth.tokens[0].tenant must be a non-empty string, not "" (a string).',
    );
    expect(field({ tokens: [{ name: "ci", sha256: hex, tenant: "t".repeat(1_025) }] })).toMatch(
      /tenant must be a non-empty string/,
    );
    expect(
      parseAuthSettings({ tokens: [{ name: "ci", sha256: hex, tenant: "t".repeat(1_024) }] }, {}, fail).tokens[0]!
        .tenant,
    ).toHaveLength(1_024);
  });

  it("says how to give a token's hash or variable, and never quotes the token", () => {
    expect(field({ tokens: [{ name: "ci" }] })).toBe(
      'toolsift.auth.tokens[0] needs one of "sha256" (the hash `toolsift token create` prints) or "env" (a variable holding the token), not both.',
    );
    for (const sha256 of [5, "g".repeat(64), "a".repeat(63), `${hex}a`]) {
      expect(field({ tokens: [{ name: "ci", sha256 }] })).toBe(
        "toolsift.auth.tokens[0].sha256 must be 64 hex characters, the SHA-256 of the token (toolsift token create prints it).",
      );
    }
    for (const variable of [5, "1TOKEN", "MY-TOKEN", "A B"]) {
      expect(field({ tokens: [{ name: "ci", env: variable }] })).toMatch(
        /^toolsift\.auth\.tokens\[0\]\.env must be the name of an environment variable, not /,
      );
    }
    expect(
      parseAuthSettings({ tokens: [{ name: "ci", env: "_Token_1" }] }, { _Token_1: secret }, fail).tokens,
    ).toHaveLength(1);
    expect(field({ tokens: [{ name: "ci", env: "CI_TOKEN" }] }, { CI_TOKEN: "" })).toBe(
      "toolsift.auth.tokens[0].env names CI_TOKEN, which is not set. Set it to the token before starting toolsift.",
    );
    const short = "s".repeat(23);
    const message = field({ tokens: [{ name: "ci", env: "CI_TOKEN" }] }, { CI_TOKEN: short });
    expect(message).toBe(
      "toolsift.auth.tokens[0].env names CI_TOKEN, which holds a token under 24 characters: too easy to guess. Make one with toolsift token create.",
    );
    expect(message).not.toContain(short);
    expect(
      parseAuthSettings({ tokens: [{ name: "ci", env: "T" }] }, { T: "s".repeat(24) }, fail).tokens[0]!.sha256,
    ).toBe(createHash("sha256").update("s".repeat(24)).digest("hex"));
    expect(
      field({
        tokens: [
          { name: "a", sha256: hex },
          { name: "b", sha256: hex.toUpperCase() },
        ],
      }),
    ).toBe("toolsift.auth.tokens[1] holds the same token as an earlier entry: give each caller a token of its own.");
  });

  it("says what oauth and each of its settings must be", () => {
    expect(field({ oauth: "https://login.example.com" })).toBe(
      'toolsift.auth.oauth must be an object like {"issuer": "https://login.example.com", "resource": "https://toolsift.example.com/mcp"}, not "https://login.example.com" (a string).',
    );
    expect(field(oauth({ scopes: [] }))).toBe(
      "toolsift.auth.oauth.scopes is not an oauth setting; they are issuer, resource, jwksUri, audience, groupsClaim, tenantClaim, requiredScopes, clockSkewSeconds.",
    );
    // An array holding a URL is no URL, though String() of it would read as one.
    expect(field({ oauth: { issuer: ["https://login.example.com"], resource } })).toBe(
      "toolsift.auth.oauth.issuer must be an absolute https URL, not an array of 1 item.",
    );
    for (const value of [5, "login.example.com", "ftp://login.example.com", "not a url"]) {
      expect(field({ oauth: { issuer: value, resource } })).toBe(
        `toolsift.auth.oauth.issuer must be an absolute https URL, not ${typeof value === "string" ? `"${value}" (a string)` : value}.`,
      );
    }
    expect(field(oauth({ issuer: "http://login.example.com" }))).toBe(
      "toolsift.auth.oauth.issuer must use https (http is accepted only for a loopback host such as 127.0.0.1).",
    );
    expect(field(oauth({ issuer: "https://user:pw@login.example.com" }))).toBe(
      "toolsift.auth.oauth.issuer must not hold a user name or password.",
    );
    expect(field(oauth({ issuer: "https://user@login.example.com" }))).toMatch(/must not hold a user name/);
    expect(field(oauth({ issuer: "https://:pw@login.example.com" }))).toMatch(/must not hold a user name/);
    expect(field(oauth({ resource: "https://gw.example.com/mcp#top" }))).toBe(
      "toolsift.auth.oauth.resource must have no query or fragment.",
    );
    // jwksUri may have a query: only the issuer and resource are identifiers.
    expect(parseAuthSettings(oauth({ jwksUri: "https://keys.example.com/jwks?v=2" }), {}, fail).oauth?.jwksUri).toBe(
      "https://keys.example.com/jwks?v=2",
    );
    for (const skew of [-1, 601, 1.5, "60"]) {
      expect(field(oauth({ clockSkewSeconds: skew }))).toMatch(
        /^toolsift\.auth\.oauth\.clockSkewSeconds must be a whole number from 0 to 600, not /,
      );
    }
    for (const skew of [0, 600])
      expect(parseAuthSettings(oauth({ clockSkewSeconds: skew }), {}, fail).oauth?.clockSkewSeconds).toBe(skew);
    expect(field(oauth({ audience: "" }))).toBe(
      'toolsift.auth.oauth.audience must be a non-empty string, not "" (a string).',
    );
    expect(field(oauth({ groupsClaim: 5 }))).toMatch(/^toolsift\.auth\.oauth\.groupsClaim must be a non-empty string/);
    expect(field(oauth({ tenantClaim: [] }))).toMatch(/^toolsift\.auth\.oauth\.tenantClaim must be a non-empty string/);
    expect(field(oauth({ requiredScopes: "tools" }))).toMatch(
      /^toolsift\.auth\.oauth\.requiredScopes must be an array/,
    );
    expect(
      parseAuthSettings(
        oauth({
          audience: "api://toolsift",
          groupsClaim: "roles",
          tenantClaim: "tid",
          requiredScopes: ["tools", "tools"],
        }),
        {},
        fail,
      ).oauth,
    ).toMatchObject({
      audience: "api://toolsift",
      groupsClaim: "roles",
      tenantClaim: "tid",
      requiredScopes: ["tools"],
    });
  });

  it("takes plain http only from a loopback host", () => {
    for (const host of ["127.0.0.1:9000", "127.8.9.10", "localhost:9000", "LOCALHOST", "[::1]:9000"]) {
      expect(parseAuthSettings({ oauth: { issuer: `http://${host}`, resource } }, {}, fail).oauth?.issuer).toBe(
        `http://${host}`,
      );
    }
    for (const host of ["128.0.0.1", "0.0.0.0", "localhost.example.com", "[::2]", "127.0.0.1.example.com"]) {
      expect(field({ oauth: { issuer: `http://${host}`, resource } })).toMatch(/issuer must use https/);
    }
  });

  it("takes no list where a string goes, though String() of a one-item list would pass", () => {
    expect(field({ tokens: [{ name: "ci", sha256: [hex] }] })).toMatch(
      /^toolsift\.auth\.tokens\[0\]\.sha256 must be 64 hex/,
    );
    expect(field({ tokens: [{ name: "ci", env: ["CI_TOKEN"] }] }, { CI_TOKEN: secret })).toMatch(
      /^toolsift\.auth\.tokens\[0\]\.env must be the name of an environment variable/,
    );
  });

  it("refuses a list with any bad item, not only when all are bad, and an issuer with a query", () => {
    expect(field({ tokens: [{ name: "ci", sha256: hex, groups: ["ops", ""] }] })).toMatch(
      /tokens\[0\]\.groups must be/,
    );
    expect(field(oauth({ requiredScopes: ["tools", ["tools"]] }))).toMatch(/oauth\.requiredScopes must be an array/);
    expect(field(oauth({ issuer: "https://login.example.com/?tenant=1" }))).toBe(
      "toolsift.auth.oauth.issuer must have no query or fragment.",
    );
  });
});
