import { describe, expect, it } from "vitest";
import { GENERATED_TOKEN, hashToken, newToken, staticTokenMatcher, TOKEN_PREFIX } from "./static-tokens.js";

describe("newToken and hashToken", () => {
  it("makes a prefixed 256-bit token each time, and hashes as auth.tokens[].sha256 holds it", () => {
    const token = newToken();
    expect(token).toMatch(GENERATED_TOKEN);
    expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(newToken()).not.toBe(token);
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(GENERATED_TOKEN.test(`${token}x`)).toBe(false);
    expect(GENERATED_TOKEN.test(`x${token}`)).toBe(false);
  });
});

describe("staticTokenMatcher", () => {
  const tokens = [
    { name: "ci", sha256: hashToken("tsk_ci"), groups: ["ci"], tenant: "acme" },
    { name: "bob", sha256: hashToken("tsk_bob"), groups: [], tenant: undefined },
  ];

  it("finds the caller a token belongs to, frozen, with its groups and tenant and no scopes", () => {
    const match = staticTokenMatcher(tokens);
    const ci = match("tsk_ci");
    expect(ci).toEqual({ id: "ci", via: "token", groups: ["ci"], scopes: [], tenant: "acme" });
    expect(Object.isFrozen(ci)).toBe(true);
    expect(Object.isFrozen(ci?.groups)).toBe(true);
    expect(Object.isFrozen(ci?.scopes)).toBe(true);
    expect(match("tsk_bob")?.id).toBe("bob");
    expect(match("tsk_nobody")).toBeUndefined();
    expect(match("")).toBeUndefined();
    expect(staticTokenMatcher([])("tsk_ci")).toBeUndefined();
  });

  it("gives the first entry when two hold the same hash", () => {
    const twice = staticTokenMatcher([tokens[0]!, { ...tokens[0]!, name: "again" }]);
    expect(twice("tsk_ci")?.id).toBe("ci");
  });
});
