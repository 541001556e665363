import { errorText } from "../../errors.js";
import type { OAuthSettings } from "./auth-config.js";
import { boundedFetch } from "./bounded-fetch.js";
import type { Authentication, Caller } from "./caller.js";
import { OAuthSetupError, discoverJwksUri } from "./issuer-metadata.js";
import { loadJose, type Jose } from "./load-jose.js";

/**
 * Asymmetric signatures only: never `none`, and never HS*, whose "secret" a forger would take
 * from the issuer's public key set.
 */
export const OAUTH_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
] as const;
/** After fetching the key set, an unknown `kid` waits this long before it may fetch again. */
const KEY_REFRESH_COOLDOWN_MS = 30_000;
/** Keys are fetched again after this, so a rotated-out key stops working. */
const KEY_CACHE_MAX_AGE_MS = 10 * 60_000;
const MAX_LIST = 256;
const MAX_CLAIM_LENGTH = 256;

/** Checks JWT access tokens of one issuer for one resource. */
export type OAuthVerifier = (token: string) => Promise<Authentication>;

/**
 * Readies the check of JWT access tokens (RFC 9068) from `settings.issuer`: loads `jose`, finds
 * the key set (from the issuer's metadata unless `jwksUri` is set) and fetches it once, so a
 * wrong issuer stops `serve` at start rather than refusing every caller later.
 *
 * @throws `DependencyError` when `jose` is missing; {@link OAuthSetupError} when the keys cannot be found.
 */
export async function oauthVerifier(settings: OAuthSettings): Promise<OAuthVerifier> {
  const jose = await loadJose();
  const jwksUri = settings.jwksUri ?? (await discoverJwksUri(settings.issuer));
  const keys = jose.createRemoteJWKSet(new URL(jwksUri), {
    cooldownDuration: KEY_REFRESH_COOLDOWN_MS,
    cacheMaxAge: KEY_CACHE_MAX_AGE_MS,
    // The key set is bounded in size as well as in time (jose bounds only the time).
    [jose.customFetch]: keyFetcher(),
  });
  try {
    await keys.reload();
  } catch (error) {
    throw new OAuthSetupError(
      `toolsift.auth.oauth: cannot read the signing keys at ${jwksUri}: ${errorText(error)}. Check "issuer" or "jwksUri".`,
      { cause: error },
    );
  }
  return async (token) => {
    try {
      const { payload } = await jose.jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: [...OAUTH_ALGORITHMS],
        clockTolerance: settings.clockSkewSeconds,
        // An access token without an expiry would be good forever once leaked.
        requiredClaims: ["exp"],
      });
      return callerOf(payload, settings);
    } catch (error) {
      return { ok: false, reason: reasonOf(jose, error), error: "invalid_token" };
    }
  };
}

/** The key set could not be fetched, now or within the cooldown after a failed fetch. */
class KeysUnavailable extends Error {}

/**
 * Fetches the key set one request at a time, and not again within {@link KEY_REFRESH_COOLDOWN_MS}
 * of a failed fetch. jose's own cooldown starts only at a successful fetch: while the issuer's
 * key set fails, every token with an unknown `kid` would fetch it again (forty requests, forty
 * fetches), letting anyone with a made-up token hammer the issuer through the gateway.
 */
function keyFetcher(): (
  url: string,
  init: { headers?: Headers | Record<string, string>; signal?: AbortSignal },
) => Promise<Response> {
  // Minus infinity: no failure yet, so no cooldown.
  let failedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<Response> | undefined;
  return async (url, init) => {
    if (Date.now() - failedAt < KEY_REFRESH_COOLDOWN_MS)
      throw new KeysUnavailable("the signing keys could not be fetched a moment ago");
    pending ??= boundedFetch(url, init).then(
      (response) => {
        failedAt = Number.NEGATIVE_INFINITY;
        return response;
      },
      (error: unknown) => {
        failedAt = Date.now();
        throw new KeysUnavailable(`the signing keys could not be fetched: ${errorText(error)}`, { cause: error });
      },
    );
    const shared = pending;
    try {
      // Each waiter reads a body of its own: the fetched body is buffered already.
      return (await shared).clone();
    } finally {
      if (pending === shared) pending = undefined;
    }
  };
}

function callerOf(payload: Record<string, unknown>, settings: OAuthSettings): Authentication {
  const { sub } = payload;
  if (typeof sub !== "string" || sub === "" || sub.length > MAX_CLAIM_LENGTH)
    return { ok: false, reason: "no subject", error: "invalid_token" };
  // A token bound to a key (DPoP, mTLS: RFC 9449, RFC 8705) is only good with a proof of that key,
  // which the gateway does not check: taken as a plain bearer token, a stolen one would work.
  if (payload.cnf !== undefined) return { ok: false, reason: "sender-constrained token", error: "invalid_token" };
  const scopes = [...words(payload.scope), ...words(payload.scp)];
  const missing = settings.requiredScopes.filter((scope) => !scopes.includes(scope));
  if (missing.length > 0) return { ok: false, reason: "insufficient scope", error: "insufficient_scope" };
  const tenant = settings.tenantClaim === undefined ? undefined : payload[settings.tenantClaim];
  const caller: Caller = Object.freeze({
    id: sub,
    via: "oauth" as const,
    groups: Object.freeze(strings(payload[settings.groupsClaim])),
    scopes: Object.freeze([...new Set(scopes)]),
    tenant: typeof tenant === "string" && tenant !== "" && tenant.length <= MAX_CLAIM_LENGTH ? tenant : undefined,
  });
  return { ok: true, caller };
}

/** `scope` is space-separated (RFC 9068); `scp` is an array at some issuers, a string at others. */
function words(value: unknown): string[] {
  // strings() drops the empty words that repeated spaces leave.
  return strings(typeof value === "string" ? value.split(" ") : value);
}

/** The strings of a claim, bounded: a token cannot make a caller of a million groups. */
function strings(value: unknown): string[] {
  const items = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  return items
    .filter((item): item is string => typeof item === "string" && item !== "" && item.length <= MAX_CLAIM_LENGTH)
    .slice(0, MAX_LIST);
}

/** A generic reason for the audit log: what was wrong, never the token or its claims. */
function reasonOf(jose: Jose, error: unknown): string {
  const { errors } = jose;
  if (error instanceof errors.JWTExpired) return "expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    // The claims jose checks with the options oauthVerifier gives it (`sub` only with a `subject`: none).
    const reasons: Record<string, string> = {
      aud: "wrong audience",
      iss: "wrong issuer",
      nbf: "not yet valid",
      exp: "no expiry",
      iat: "bad issue time",
    };
    return reasons[error.claim] ?? "invalid claims";
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return "bad signature";
  if (error instanceof errors.JWKSNoMatchingKey) return "unknown signing key";
  if (error instanceof errors.JOSEAlgNotAllowed) return "algorithm not allowed";
  // keyFetcher wraps every failure, a timeout included, so jose's own JWKSTimeout never comes.
  if (error instanceof KeysUnavailable) return "signing keys unavailable";
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return "malformed token";
  return "invalid token";
}
