import { createHash } from "node:crypto";
import { type Caller, callerKey } from "./auth/caller.js";
import type { LearningScope } from "./learning-config.js";

/**
 * The longest scope key the learning stores take (the library's `MAX_SCOPE_LENGTH`); a longer
 * identity (a JWT `sub` may be any length) is hashed.
 */
const MAX_SCOPE_LENGTH = 200;
/** Half of a surrogate pair without the other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Callers told once that they learn on their own for want of a tenant; bounded, so many callers cannot grow it. */
const MAX_WARNED = 1024;

/**
 * The learning scope of each caller under the config's `learning.scope`: `identity` gives each
 * credential its own (`identity:token:alice`), `tenant` each tenant (`tenant:acme`), and a caller
 * without a tenant its own identity scope, said once per caller through `warn`; `shared` gives
 * `undefined`, the library's default scope every session without one shares.
 *
 * The prefixes keep an identity and a tenant of the same name apart, and neither can be the
 * default scope. A key the stores cannot take (over 200 characters, a NUL, a lone surrogate)
 * is replaced by its SHA-256.
 *
 * @example
 * ```ts
 * const scopeOf = learningScopes("tenant", log);
 * toolSearch.session(id, { context: caller, scope: scopeOf(caller) });
 * ```
 */
export function learningScopes(
  scope: LearningScope,
  warn: (message: string) => void,
): (caller: Caller) => string | undefined {
  const warned = new Set<string>();
  return (caller) => {
    if (scope === "shared") return undefined;
    if (scope === "tenant" && caller.tenant !== undefined && caller.tenant !== "")
      return scopeKey("tenant", caller.tenant);
    const key = callerKey(caller);
    if (scope === "tenant" && !warned.has(key) && warned.size < MAX_WARNED) {
      warned.add(key);
      warn(
        `learning: caller ${JSON.stringify(caller.id)} has no tenant, so with learning.scope "tenant" its lessons are its own (as with "identity").`,
      );
    }
    return scopeKey("identity", key);
  };
}

function scopeKey(kind: "identity" | "tenant", id: string): string {
  const key = `${kind}:${id}`;
  // The library's scope rules: no NUL, and no lone surrogate, which PostgreSQL would merge with another key.
  if (key.length <= MAX_SCOPE_LENGTH && !key.includes("\0") && !LONE_SURROGATE.test(key)) return key;
  return `${kind}-sha256:${createHash("sha256").update(id).digest("hex")}`;
}
