import { describe, expect, it } from "vitest";
import { caller } from "../../../test/support/callers.js";
import { CallerPolicies, policyApplies } from "./caller-policy.js";

const alice = caller("alice");
const bob = caller("bob", { via: "oauth", groups: ["builders"] });

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
