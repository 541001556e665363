import { OptionsError } from "../../errors.js";
import type { AuthSettings, OAuthSettings } from "./auth-config.js";
import { presentedToken } from "./bearer-token.js";
import type { Authentication, AuthenticationError, Authenticator } from "./caller.js";
import { oauthVerifier } from "./oauth-verifier.js";
import { staticTokenMatcher } from "./static-tokens.js";

/** Three base64url parts: the shape of a JWS compact serialisation. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;
const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";

/**
 * The authenticator of `toolsift serve --http` for an `auth` config: a presented bearer token is
 * looked up among the static tokens by hash first, then, when an OAuth issuer is configured,
 * checked as one of its JWT access tokens. It never throws once made.
 *
 * @throws {@link OptionsError} when `settings` configures no credential at all;
 *   `DependencyError` (jose missing) or `OAuthSetupError` (no keys) for OAuth.
 * @example
 * ```ts
 * const auth = await createAuthenticator({
 *   tokens: [{ name: "ci", sha256: hashToken(process.env.CI_TOKEN!), groups: ["ci"], tenant: undefined }],
 *   oauth: undefined,
 * });
 * await listenHttp(gateway, { port: 8808, host: "0.0.0.0", log: console.error, auth });
 * ```
 */
export async function createAuthenticator(settings: AuthSettings): Promise<Authenticator> {
  if (settings.tokens.length === 0 && settings.oauth === undefined)
    throw new OptionsError(
      "no_credential",
      "createAuthenticator: settings name no token and no OAuth issuer, so no caller could ever get in. Add auth.tokens or auth.oauth.",
    );
  const matchStatic = staticTokenMatcher(settings.tokens);
  const verifyJwt = settings.oauth === undefined ? undefined : await oauthVerifier(settings.oauth);
  const authenticate = async (headers: Parameters<Authenticator["authenticate"]>[0]): Promise<Authentication> => {
    const presented = presentedToken(headers);
    if (presented.kind === "none") return { ok: false, reason: "no credential" };
    if (presented.kind === "bad") return { ok: false, reason: presented.reason, error: "invalid_token" };
    const caller = matchStatic(presented.token);
    if (caller) return { ok: true, caller };
    if (verifyJwt && JWT_SHAPE.test(presented.token)) return verifyJwt(presented.token);
    return { ok: false, reason: "unknown token", error: "invalid_token" };
  };
  return settings.oauth === undefined
    ? {
        authenticate: guarded(authenticate),
        challenge: (error) => challengeOf('realm="toolsift"', error, []),
      }
    : oauthFace(settings.oauth, guarded(authenticate));
}

function oauthFace(oauth: OAuthSettings, authenticate: Authenticator["authenticate"]): Authenticator {
  const metadataUrl = resourceMetadataUrl(oauth.resource);
  return {
    authenticate,
    challenge: (error) => challengeOf(`resource_metadata="${metadataUrl}"`, error, oauth.requiredScopes),
    resourceMetadataUrl: metadataUrl,
    resourceMetadata: Object.freeze({
      resource: oauth.resource,
      authorization_servers: [oauth.issuer],
      bearer_methods_supported: ["header"],
      ...(oauth.requiredScopes.length > 0 ? { scopes_supported: [...oauth.requiredScopes] } : {}),
      resource_name: "toolsift gateway",
    }),
  };
}

/** RFC 9728 section 3.1: the well-known path goes between the resource's origin and its path. */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname.replace(/\/$/, "");
  return `${url.origin}${PROTECTED_RESOURCE_PATH}${path}`;
}

function challengeOf(first: string, error: AuthenticationError | undefined, scopes: readonly string[]): string {
  const parts = [`Bearer ${first}`];
  if (error !== undefined) parts.push(`error="${error}"`);
  if (error === "insufficient_scope" && scopes.length > 0) parts.push(`scope="${scopes.join(" ")}"`);
  return parts.join(", ");
}

/** The listener relies on `authenticate` never throwing: anything unexpected is a refusal. */
function guarded(authenticate: Authenticator["authenticate"]): Authenticator["authenticate"] {
  return async (headers) => {
    try {
      return await authenticate(headers);
    } catch {
      return { ok: false, reason: "authentication failed", error: "invalid_token" };
    }
  };
}
