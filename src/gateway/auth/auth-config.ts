import { createHash } from "node:crypto";
import { describeValue } from "../../describe-value.js";
import { isLoopbackHost } from "./loopback-host.js";

/** A static bearer token the config accepts, known only by the SHA-256 of its value. */
export interface StaticTokenSettings {
  /** The caller's id: unique, shown in the audit log. */
  readonly name: string;
  /** SHA-256 of the token, 64 lowercase hex characters (from `sha256`, or hashed from `env` at start). */
  readonly sha256: string;
  readonly groups: readonly string[];
  readonly tenant: string | undefined;
}

/** The gateway as an OAuth 2.1 resource server: which issuer's JWT access tokens it accepts. */
export interface OAuthSettings {
  /** The authorization server's issuer identifier, exactly as its tokens' `iss`. */
  readonly issuer: string;
  /** The gateway's public URL (the MCP endpoint clients use): the RFC 8707 resource indicator. */
  readonly resource: string;
  /** Where the signing keys are; `undefined`: read from the issuer's metadata at start. */
  readonly jwksUri: string | undefined;
  /** The `aud` a token must carry: `resource` unless the config names another. */
  readonly audience: string;
  /** The claim holding the caller's groups. */
  readonly groupsClaim: string;
  /** The claim holding the caller's tenant, if any. */
  readonly tenantClaim: string | undefined;
  /** Scopes every token must grant. */
  readonly requiredScopes: readonly string[];
  /** Leeway for `exp` and `nbf`, in seconds. */
  readonly clockSkewSeconds: number;
}

/** The `auth` key of the `toolsift` block: who may call the gateway over HTTP. */
export interface AuthSettings {
  readonly tokens: readonly StaticTokenSettings[];
  readonly oauth: OAuthSettings | undefined;
}

/** What a config without `auth` gets: no credential configured (`serve --http` then makes one). */
export const NO_AUTH_SETTINGS: AuthSettings = Object.freeze({ tokens: [], oauth: undefined });

type Fail = (field: string, problem: string) => never;

/** A token's name: also the caller's id in policies and the audit log, so plain and short. */
export const TOKEN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
/** A token from the environment shorter than this is guessable; `toolsift token create` makes 47 characters. */
const MIN_ENV_TOKEN_LENGTH = 24;
const MAX_TOKENS = 1000;
const MAX_SKEW_SECONDS = 600;

/**
 * Checks `toolsift.auth`. A token given by `env` is read from `env` now and only its hash kept:
 * the value never reaches settings, messages or logs.
 *
 * @example
 * ```ts
 * parseAuthSettings({ tokens: [{ name: "ci", env: "TOOLSIFT_CI_TOKEN" }] }, process.env, fail);
 * ```
 */
export function parseAuthSettings(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  fail: Fail,
): AuthSettings {
  if (value === undefined) return NO_AUTH_SETTINGS;
  const where = "toolsift.auth";
  if (!isObject(value))
    return fail(where, `must be an object like {"tokens": [...], "oauth": {...}}, not ${describeValue(value)}.`);
  for (const key of Object.keys(value)) {
    if (key !== "tokens" && key !== "oauth")
      fail(`${where}.${key}`, 'is not an auth setting; they are "tokens" and "oauth".');
  }
  return {
    tokens: parseTokens(value.tokens, env, fail),
    oauth: value.oauth === undefined ? undefined : parseOAuth(value.oauth, fail),
  };
}

function parseTokens(value: unknown, env: Readonly<Record<string, string | undefined>>, fail: Fail) {
  const where = "toolsift.auth.tokens";
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_TOKENS)
    return fail(
      where,
      `must be an array of at most ${MAX_TOKENS} {"name", "sha256"} entries, not ${describeValue(value)}.`,
    );
  const names = new Set<string>();
  const hashes = new Set<string>();
  return value.map((entry: unknown, index): StaticTokenSettings => {
    const at = `${where}[${index}]`;
    if (!isObject(entry))
      return fail(at, `must be an object like {"name": "ci", "sha256": "…"}, not ${describeValue(entry)}.`);
    for (const key of Object.keys(entry)) {
      if (!["name", "sha256", "env", "groups", "tenant"].includes(key))
        fail(`${at}.${key}`, "is not a token setting; they are name, sha256 or env, groups and tenant.");
    }
    const { name } = entry;
    if (typeof name !== "string" || !TOKEN_NAME_PATTERN.test(name))
      fail(`${at}.name`, `must be 1 to 64 letters, digits, ".", "_", "@" or "-", not ${describeValue(name)}.`);
    if (names.has(name as string)) fail(`${at}.name`, `is ${JSON.stringify(name)} again: token names must be unique.`);
    names.add(name as string);
    const sha256 = tokenHash(entry, at, env, fail);
    if (hashes.has(sha256)) fail(at, "holds the same token as an earlier entry: give each caller a token of its own.");
    hashes.add(sha256);
    return {
      name: name as string,
      sha256,
      groups: stringList(entry.groups, `${at}.groups`, fail),
      tenant: optionalText(entry.tenant, `${at}.tenant`, fail),
    };
  });
}

function tokenHash(
  entry: Record<string, unknown>,
  at: string,
  env: Readonly<Record<string, string | undefined>>,
  fail: Fail,
): string {
  const { sha256, env: variable } = entry;
  if ((sha256 === undefined) === (variable === undefined))
    return fail(
      at,
      'needs one of "sha256" (the hash `toolsift token create` prints) or "env" (a variable holding the token), not both.',
    );
  if (sha256 !== undefined) {
    if (typeof sha256 !== "string" || !/^[0-9a-fA-F]{64}$/.test(sha256))
      fail(`${at}.sha256`, "must be 64 hex characters, the SHA-256 of the token (toolsift token create prints it).");
    return (sha256 as string).toLowerCase();
  }
  if (typeof variable !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable))
    return fail(`${at}.env`, `must be the name of an environment variable, not ${describeValue(variable)}.`);
  const token = env[variable];
  // The value is never quoted back: only whether it is there and long enough.
  if (token === undefined || token === "")
    fail(`${at}.env`, `names ${variable}, which is not set. Set it to the token before starting toolsift.`);
  if ((token as string).length < MIN_ENV_TOKEN_LENGTH)
    fail(
      `${at}.env`,
      `names ${variable}, which holds a token under ${MIN_ENV_TOKEN_LENGTH} characters: too easy to guess. Make one with toolsift token create.`,
    );
  // A string is hashed as UTF-8.
  return createHash("sha256")
    .update(token as string)
    .digest("hex");
}

function parseOAuth(value: unknown, fail: Fail): OAuthSettings {
  const where = "toolsift.auth.oauth";
  const keys = [
    "issuer",
    "resource",
    "jwksUri",
    "audience",
    "groupsClaim",
    "tenantClaim",
    "requiredScopes",
    "clockSkewSeconds",
  ];
  if (!isObject(value))
    return fail(
      where,
      `must be an object like {"issuer": "https://login.example.com", "resource": "https://toolsift.example.com/mcp"}, not ${describeValue(value)}.`,
    );
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) fail(`${where}.${key}`, `is not an oauth setting; they are ${keys.join(", ")}.`);
  }
  const issuer = url(value.issuer, `${where}.issuer`, fail, true);
  const resource = url(value.resource, `${where}.resource`, fail, true);
  const skew = value.clockSkewSeconds ?? 60;
  if (typeof skew !== "number" || !Number.isInteger(skew) || skew < 0 || skew > MAX_SKEW_SECONDS)
    fail(
      `${where}.clockSkewSeconds`,
      `must be a whole number from 0 to ${MAX_SKEW_SECONDS}, not ${describeValue(skew)}.`,
    );
  return {
    issuer: issuer as string,
    resource: resource as string,
    jwksUri: value.jwksUri === undefined ? undefined : url(value.jwksUri, `${where}.jwksUri`, fail, false),
    audience: optionalText(value.audience, `${where}.audience`, fail) ?? (resource as string),
    groupsClaim: optionalText(value.groupsClaim, `${where}.groupsClaim`, fail) ?? "groups",
    tenantClaim: optionalText(value.tenantClaim, `${where}.tenantClaim`, fail),
    requiredScopes: stringList(value.requiredScopes, `${where}.requiredScopes`, fail),
    clockSkewSeconds: skew as number,
  };
}

/**
 * An https URL, or http on a loopback host (a local authorization server, tests): keys fetched
 * over plain HTTP from elsewhere could be swapped on the way.
 */
function url(value: unknown, at: string, fail: Fail, noQuery: boolean): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof value === "string" ? new URL(value) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== "https:" && parsed.protocol !== "http:"))
    return fail(at, `must be an absolute https URL, not ${describeValue(value)}.`);
  if (parsed.protocol === "http:" && !isLoopbackHost(parsed.hostname))
    fail(at, "must use https (http is accepted only for a loopback host such as 127.0.0.1).");
  if (parsed.username !== "" || parsed.password !== "") fail(at, "must not hold a user name or password.");
  if (noQuery && (parsed.search !== "" || parsed.hash !== "")) fail(at, "must have no query or fragment.");
  return value as string;
}

function stringList(value: unknown, at: string, fail: Fail): string[] {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    value.length > 256 ||
    !value.every((item) => typeof item === "string" && item !== "" && item.length <= 256)
  )
    return fail(at, `must be an array of at most 256 non-empty strings, not ${describeValue(value)}.`);
  return [...new Set(value as string[])];
}

function optionalText(value: unknown, at: string, fail: Fail): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "" || value.length > 1024)
    return fail(at, `must be a non-empty string, not ${describeValue(value)}.`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
