import type { RequestHeaders } from "./caller.js";

/**
 * The longest `Authorization` header read. A JWT access token with a few dozen groups is 2 to
 * 4 KB; anything past this is refused before it is hashed or parsed.
 */
export const MAX_AUTHORIZATION_LENGTH = 8192;

/** The bearer token of a request, or why there is none usable. */
export type PresentedToken = { kind: "token"; token: string } | { kind: "none" } | { kind: "bad"; reason: string };

/** RFC 6750 section 2.1: `Bearer` (any case), one space or more, then a token68. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** Reads `Authorization: Bearer <token>` (the only way the gateway takes a token: never a query or a body). */
export function presentedToken(headers: RequestHeaders): PresentedToken {
  const header = headers.authorization;
  if (header === undefined || header === "") return { kind: "none" };
  // Node joins no repeated Authorization header into an array, but a caller of authenticate() might.
  if (typeof header !== "string") return { kind: "bad", reason: "not a bearer token" };
  if (header.length > MAX_AUTHORIZATION_LENGTH) return { kind: "bad", reason: "authorization header too long" };
  const match = BEARER.exec(header.trim());
  if (!match) return { kind: "bad", reason: "not a bearer token" };
  return { kind: "token", token: match[1]! };
}
