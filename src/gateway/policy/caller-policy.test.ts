import { describe, expect, it } from "vitest";
import { caller } from "../../../test/support/callers.js";
import { budgetFor, CallerPolicies, isCaller, policyApplies, rulesFor } from "./caller-policy.js";

const alice = caller("alice");
const bob = caller("bob", { via: "oauth", groups: ["builders"] });
const policyEntry = { callers: [], groups: [], scopes: [], tenants: [], allow: [], deny: [], allowDestructive: [] };

describe("policyApplies and CallerPolicies", () => {
  const entry = { callers: [], groups: [], scopes: [], tenants: [], allow: [], deny: [], allowDestructive: [] };

  it("applies an entry to a caller matching any selector, exactly", () => {
    expect(policyApplies({ ...entry, callers: ["alice"] }, alice)).toBe(true);
    expect(policyApplies({ ...entry, callers: ["oauth:alice"] }, alice)).toBe(false);
    expect(policyApplies({ ...entry, callers: ["token:alice"] }, alice)).toBe(true);
    expect(policyApplies({ ...entry, callers: ["Alice"] }, alice)).toBe(false);
    // An entry with a colon is a via:id key only: an OAuth subject spelled like a token's key is not that token.
    const impostor = caller("token:alice", { via: "oauth" });
    expect(policyApplies({ ...entry, callers: ["token:alice"] }, impostor)).toBe(false);
    expect(policyApplies({ ...entry, callers: ["oauth:token:alice"] }, impostor)).toBe(true);
    expect(policyApplies({ ...entry, groups: ["x", "builders"] }, bob)).toBe(true);
    expect(policyApplies({ ...entry, scopes: ["tools:admin"] }, caller("c", { scopes: ["tools:admin"] }))).toBe(true);
    expect(policyApplies({ ...entry, tenants: ["acme"] }, caller("c", { tenant: "acme" }))).toBe(true);
    expect(policyApplies({ ...entry, tenants: ["acme"] }, caller("c"))).toBe(false);
    expect(policyApplies({ ...entry, tenants: ["acme"] }, caller("c", { tenant: "other" }))).toBe(false);
  });

  it("joins the top-level rules with every applying policy's, deny winning", () => {
    const policies = new CallerPolicies({
      allow: ["a__base"],
      deny: [],
      allowDestructive: [],
      policies: [
        { ...entry, groups: ["g1"], allow: ["a__one", "a__both"] },
        { ...entry, groups: ["g2"], allow: ["a__two"], deny: ["a__both"] },
      ],
    });
    const both = policies.for(caller("c", { groups: ["g1", "g2"] }));
    expect(["a__base", "a__one", "a__two", "a__both"].map((name) => both.permits(name))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const none = policies.for(caller("d"));
    expect(["a__base", "a__one"].map((name) => none.permits(name))).toEqual([true, false]);
    expect(policies.for(undefined).permits("a__base")).toBe(false);
  });
});

describe("isCaller", () => {
  it("takes only a caller, checked field by field: anything else is denied", () => {
    expect(isCaller(alice)).toBe(true);
    expect(isCaller(caller("x", { via: "none", tenant: "acme" }))).toBe(true);
    expect(isCaller(bob)).toBe(true);
    for (const value of [
      undefined,
      null,
      "alice",
      { ...alice, id: 7 },
      { ...alice, via: "cookie" },
      { ...alice, groups: "ops" },
      { ...alice, groups: [1] },
      { ...alice, scopes: undefined },
      { ...alice, scopes: [null] },
      { ...alice, tenant: 5 },
    ]) {
      expect(isCaller(value)).toBe(false);
    }
  });
});

describe("CallerPolicies", () => {
  const entry = { callers: [], groups: [], scopes: [], tenants: [], allow: [], deny: [], allowDestructive: [] };

  it("judges a renamed tool's deny by its original MCP name too", () => {
    const policies = new CallerPolicies(
      { allow: undefined, deny: ["up__drop table"], allowDestructive: [], policies: [] },
      (name) => (name === "up__drop_table_1" ? "drop table" : undefined),
    );
    expect(policies.permits({ name: "up__drop_table_1" }, alice)).toBe(false);
    expect(policies.permits({ name: "up__echo" }, alice)).toBe(true);
    expect(policies.permits({ name: "up__echo" }, { id: "alice" })).toBe(false);
    // Without a way to the original name, only the catalogue name is judged.
    const plain = new CallerPolicies({
      allow: undefined,
      deny: ["up__drop table"],
      allowDestructive: [],
      policies: [],
    });
    expect(plain.permits({ name: "up__drop_table_1" }, alice)).toBe(true);
  });

  it("gives callers with the same applying policies one policy, and keeps a caller's", () => {
    const policies = new CallerPolicies({
      allow: undefined,
      deny: [],
      allowDestructive: [],
      policies: [{ ...entry, groups: ["ops"], deny: ["a__x"] }],
    });
    const first = policies.for(caller("a", { groups: ["ops"] }));
    expect(policies.for(caller("b", { groups: ["ops"] }))).toBe(first);
    expect(policies.for(caller("c"))).not.toBe(first);
    const carol = caller("carol", { groups: ["ops"] });
    expect(policies.for(carol)).toBe(policies.for(carol));
  });

  it("builds policies afresh past its cache bound, the same rules each time", () => {
    const policies = new CallerPolicies({
      allow: [],
      deny: [],
      allowDestructive: [],
      policies: Array.from({ length: 300 }, (_, index) => ({
        ...entry,
        callers: [`c${index}`],
        allow: [`a__t${index}`],
      })),
    });
    const built = [];
    for (let index = 0; index < 300; index++) {
      const policy = policies.for(caller(`c${index}`));
      built.push(policy);
      expect([policy.permits(`a__t${index}`), policy.permits(`a__t${(index + 1) % 300}`)]).toEqual([true, false]);
    }
    // 256 kept: the 257th set of policies started the cache over, so c0's was built again; c299's is kept.
    const again = policies.for(caller("c0"));
    expect(again).not.toBe(built[0]);
    expect(again.permits("a__t0")).toBe(true);
    expect(policies.for(caller("c299"))).toBe(built[299]);
    expect(policies.for(caller("c255"))).not.toBe(built[255]);
    expect(policies.for(caller("c256"))).toBe(built[256]);
  });
});

describe("rulesFor", () => {
  it("joins each rule list, and keeps allow unset when the top level leaves it unset", () => {
    const base = { allow: ["a__base"], deny: ["a__d"], allowDestructive: ["a__w"] };
    const entries = [
      { ...policyEntry, allow: ["a__1"], deny: ["a__d1"], allowDestructive: ["a__w1"] },
      { ...policyEntry, allow: ["a__2"], deny: [], allowDestructive: ["a__w2"] },
    ];
    expect(rulesFor(base, entries)).toEqual({
      allow: ["a__base", "a__1", "a__2"],
      deny: ["a__d", "a__d1"],
      allowDestructive: ["a__w", "a__w1", "a__w2"],
    });
    expect(rulesFor({ ...base, allow: undefined }, entries).allow).toBeUndefined();
  });
});

describe("budgetFor", () => {
  const settings = {
    maxListedTools: 128,
    maxListedTokens: undefined,
    policies: [
      { ...policyEntry, groups: ["cursor"], maxListedTools: 40 },
      { ...policyEntry, groups: ["small"], maxListedTools: 20, maxListedTokens: 5_000 },
      { ...policyEntry, groups: ["none"], deny: ["a__x"] },
    ],
  };

  it("gives a caller the smallest budget of its policies, key by key, else the top-level one", () => {
    expect(budgetFor(settings, caller("a", { groups: ["cursor"] }))).toEqual({
      maxListedTools: 40,
      maxListedTokens: undefined,
    });
    expect(budgetFor(settings, caller("a", { groups: ["cursor", "small"] }))).toEqual({
      maxListedTools: 20,
      maxListedTokens: 5_000,
    });
    expect(budgetFor(settings, caller("a", { groups: ["none"] }))).toEqual({
      maxListedTools: 128,
      maxListedTokens: undefined,
    });
    expect(budgetFor(settings, "not a caller")).toEqual({ maxListedTools: 128, maxListedTokens: undefined });
  });
});

describe("CallerPolicies' sharing", () => {
  it("never gives callers of different policies one policy, however the indexes read together", () => {
    const entry = { callers: [], groups: [], scopes: [], tenants: [], allow: [], deny: [], allowDestructive: [] };
    const policies = new CallerPolicies({
      allow: [],
      deny: [],
      allowDestructive: [],
      policies: Array.from({ length: 13 }, (_, index) => ({
        ...entry,
        groups: [`g${index}`],
        allow: [`a__t${index}`],
      })),
    });
    // Policies 1 and 2 against policy 12: "1,2" and "12" must not be one key.
    const both = policies.for(caller("a", { groups: ["g1", "g2"] }));
    const twelve = policies.for(caller("b", { groups: ["g12"] }));
    expect([both.permits("a__t1"), both.permits("a__t12")]).toEqual([true, false]);
    expect([twelve.permits("a__t1"), twelve.permits("a__t12")]).toEqual([false, true]);
  });
});
