import type { Caller } from "../../src/gateway/auth/caller.js";

/** A caller as an authenticator would make it. */
export function caller(id: string, more: Partial<Caller> = {}): Caller {
  return { id, via: "token", groups: [], scopes: [], tenant: undefined, ...more };
}
