import { describe, expect, it } from "vitest";
import { callerKey, LOCAL_CALLER } from "./caller.js";

describe("LOCAL_CALLER", () => {
  it("is the person who started the gateway: id local, no credential, no groups, scopes or tenant, frozen", () => {
    expect(LOCAL_CALLER).toEqual({ id: "local", via: "none", groups: [], scopes: [], tenant: undefined });
    expect(Object.isFrozen(LOCAL_CALLER)).toBe(true);
  });
});

describe("callerKey", () => {
  it("keys a caller by how it proved itself and its id, so a token and a JWT sub of one name never share", () => {
    const token = { id: "ci", via: "token", groups: [], scopes: [], tenant: undefined } as const;
    expect(callerKey(token)).toBe("token:ci");
    expect(callerKey({ ...token, via: "oauth" })).toBe("oauth:ci");
    expect(callerKey(LOCAL_CALLER)).toBe("none:local");
  });
});
