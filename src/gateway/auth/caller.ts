/**
 * An HTTP request's headers, lower-cased (Node's `IncomingHttpHeaders` fits): toolsift's own
 * type, so the public types need no `@types/node`.
 */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Who is calling the gateway, as its credential proves. It reaches `permit` and `approve` as
 * `context.context`, picks the caller's policies, and keys quotas, rate limits, session binding,
 * learning scopes and the audit log.
 */
export interface Caller {
  /** The static token's name, or the JWT's `sub`; `"local"` for stdio and `--no-auth`. */
  readonly id: string;
  /** How the caller proved who it is. */
  readonly via: "token" | "oauth" | "none";
  /** The groups the credential carries (a token's configured groups, or the JWT's groups claim). */
  readonly groups: readonly string[];
  /** The OAuth scopes granted; empty for a static token. */
  readonly scopes: readonly string[];
  /** The caller's tenant, when the config or the token names one. */
  readonly tenant: string | undefined;
}

/** The caller of stdio, and of `--no-auth` over loopback: the person who started the gateway. */
export const LOCAL_CALLER: Caller = Object.freeze({
  id: "local",
  via: "none",
  groups: [],
  scopes: [],
  tenant: undefined,
});

/** The key quotas, rate limits and session binding count under: two kinds of credential never share one. */
export function callerKey(caller: Caller): string {
  return `${caller.via}:${caller.id}`;
}

/**
 * Whether a credential proved a caller, and if not, why (for the audit log: never the credential
 * itself). `error` is the RFC 6750 error code for the challenge: absent when no credential was
 * presented at all, `"insufficient_scope"` (answered 403) when a valid token lacks a required scope.
 */
export type Authentication = { ok: true; caller: Caller } | { ok: false; reason: string; error?: AuthenticationError };

/** The RFC 6750 error codes a refusal can carry. */
export type AuthenticationError = "invalid_token" | "insufficient_scope";

/**
 * Checks the credential of an HTTP request. The listener asks it before anything else and
 * answers 401 with {@link Authenticator.challenge} when it fails.
 */
export interface Authenticator {
  /** Never throws, and ends in bounded time (a JWKS fetch is bounded too). */
  authenticate(headers: RequestHeaders): Promise<Authentication>;
  /** The `WWW-Authenticate` header of a 401 (or, for `insufficient_scope`, 403) answer. */
  challenge(error?: AuthenticationError): string;
  /**
   * OAuth Protected Resource Metadata (RFC 9728), served at
   * `/.well-known/oauth-protected-resource` without a credential; absent without OAuth.
   */
  readonly resourceMetadata?: Readonly<Record<string, unknown>>;
  /**
   * Where clients look for {@link Authenticator.resourceMetadata} (RFC 9728 section 3.1): the
   * resource's origin, `/.well-known/oauth-protected-resource`, then the resource's path
   * (`https://gw.example/.well-known/oauth-protected-resource/mcp`). The challenge names it.
   */
  readonly resourceMetadataUrl?: string;
}
