import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { StaticTokenSettings } from "./auth-config.js";
import type { Caller } from "./caller.js";

/** What every token `toolsift token create` makes starts with, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = "tsk_";
/** A token `toolsift token create` would make: the prefix and 32 random bytes, base64url. */
export const GENERATED_TOKEN = /^tsk_[A-Za-z0-9_-]{43}$/;

/**
 * A new random bearer token: {@link TOKEN_PREFIX} and 32 bytes from the system's CSPRNG, base64url
 * (47 characters, 256 bits).
 */
export function newToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** SHA-256 of a token as 64 lowercase hex characters: what `auth.tokens[].sha256` holds. */
export function hashToken(token: string): string {
  // A string is hashed as UTF-8.
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Finds the configured token a presented one is, by hash. The presented token is hashed once and
 * compared with every configured hash in constant time, all of them each time, so neither the
 * answer's timing nor an early exit tells how close a guess came or which entry matched.
 */
export function staticTokenMatcher(tokens: readonly StaticTokenSettings[]): (token: string) => Caller | undefined {
  const entries = tokens.map((entry) => ({
    hash: Buffer.from(entry.sha256, "hex"),
    caller: Object.freeze({
      id: entry.name,
      via: "token" as const,
      groups: Object.freeze([...entry.groups]),
      scopes: Object.freeze([]),
      tenant: entry.tenant,
    }),
  }));
  return (token) => {
    const presented = createHash("sha256").update(token).digest();
    let found: Caller | undefined;
    for (const entry of entries) {
      if (timingSafeEqual(presented, entry.hash) && found === undefined) found = entry.caller;
    }
    return found;
  };
}
