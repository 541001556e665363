import { ToolsiftError, errorText } from "../../errors.js";
import { isLoopbackHost } from "./loopback-host.js";
import { boundedFetch } from "./bounded-fetch.js";

/** The authorization server could not be asked where its keys are: `serve` stops before listening. */
export class OAuthSetupError extends ToolsiftError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("oauth_setup_failed", message, options);
  }
}

/**
 * Where an issuer's metadata may be, in the order the MCP authorization spec tries them: RFC 8414
 * (path inserted after `/.well-known/…`), then OpenID Connect Discovery both ways.
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  const origin = url.origin;
  return path === ""
    ? [`${origin}/.well-known/oauth-authorization-server`, `${origin}/.well-known/openid-configuration`]
    : [
        `${origin}/.well-known/oauth-authorization-server${path}`,
        `${origin}/.well-known/openid-configuration${path}`,
        `${origin}${path}/.well-known/openid-configuration`,
      ];
}

/**
 * Reads the issuer's metadata and returns its `jwks_uri`. The document must name the same
 * issuer (RFC 8414 section 3.3), or another server could hand out its own keys.
 *
 * @throws {@link OAuthSetupError} naming the issuer and what to set instead.
 */
export async function discoverJwksUri(issuer: string): Promise<string> {
  const problems: string[] = [];
  for (const url of metadataUrls(issuer)) {
    let document: unknown;
    try {
      document = await (await boundedFetch(url, { headers: { accept: "application/json" } })).json();
    } catch (error) {
      problems.push(`${url}: ${errorText(error)}`);
      continue;
    }
    const { issuer: named, jwks_uri: jwksUri } = (document ?? {}) as { issuer?: unknown; jwks_uri?: unknown };
    if (named !== issuer) {
      problems.push(`${url}: names the issuer ${JSON.stringify(named)}, not ${JSON.stringify(issuer)}`);
      continue;
    }
    if (typeof jwksUri !== "string" || !isSafeKeyUrl(jwksUri)) {
      problems.push(`${url}: has no https jwks_uri`);
      continue;
    }
    return jwksUri;
  }
  throw new OAuthSetupError(
    `toolsift.auth.oauth: cannot find the signing keys of ${issuer}: ${problems.join("; ")}. ` +
      'Check "issuer" (it must be exactly the tokens\' "iss"), or set "jwksUri".',
  );
}

function isSafeKeyUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
}
