import { describe, expect, it } from "vitest";
import { scopeProblem } from "../learning/index.js";
import { LOCAL_CALLER, type Caller } from "./auth/caller.js";
import { learningScopes } from "./learning-scope.js";

const caller = (id: string, tenant?: string, via: Caller["via"] = "oauth"): Caller => ({
  id,
  via,
  groups: [],
  scopes: [],
  tenant,
});

describe("learningScopes", () => {
  it("gives each identity its own scope, apart by kind of credential", () => {
    const scopeOf = learningScopes("identity", () => undefined);
    expect(scopeOf(caller("alice", "acme", "token"))).toBe("identity:token:alice");
    expect(scopeOf(caller("alice", "acme", "oauth"))).toBe("identity:oauth:alice");
    expect(scopeOf(LOCAL_CALLER)).toBe("identity:none:local");
  });

  it("gives each tenant one scope; a caller without one gets its identity's, said once", () => {
    const told: string[] = [];
    const scopeOf = learningScopes("tenant", (line) => told.push(line));
    expect(scopeOf(caller("alice", "acme"))).toBe("tenant:acme");
    expect(scopeOf(caller("bob", "acme"))).toBe("tenant:acme");
    // A tenant named like an identity scope, or "default", stays apart from both.
    expect(scopeOf(caller("x", "default"))).toBe("tenant:default");
    expect(scopeOf(caller("carol"))).toBe("identity:oauth:carol");
    expect(scopeOf(caller("carol"))).toBe("identity:oauth:carol");
    expect(told).toEqual([expect.stringMatching(/^learning: caller "carol" has no tenant/)]);
  });

  it("shared is the library's default scope", () => {
    expect(learningScopes("shared", () => undefined)(caller("alice", "acme"))).toBeUndefined();
  });

  it("hashes a key the stores would refuse: too long, a NUL, a lone surrogate", () => {
    const scopeOf = learningScopes("identity", () => undefined);
    const keys = ["s".repeat(500), "a\u0000b", "lone\uD800", "x\uDC00"].map((id) => scopeOf(caller(id)));
    for (const key of keys) {
      expect(key).toMatch(/^identity-sha256:[0-9a-f]{64}$/);
      expect(scopeProblem(key)).toBeUndefined();
    }
    expect(new Set(keys).size).toBe(keys.length);
    expect(scopeProblem(scopeOf(caller("ordinary-sub|with:odd/chars 😀")))).toBeUndefined();
  });
});
