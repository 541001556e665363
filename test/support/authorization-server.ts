import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type CryptoKey, type JWK } from "jose";
import Provider, { errors } from "oidc-provider";

/** A real OAuth 2.1 authorization server (oidc-provider) on 127.0.0.1, issuing JWT access tokens. */
export interface AuthorizationServer {
  /** Its issuer identifier: `http://127.0.0.1:<port>`. */
  issuer: string;
  /** The key it signs access tokens with (RS256), for tests that forge tokens it could have made. */
  signingKey: CryptoKey;
  /** The `kid` of that key in its key set. */
  kid: string;
  /** How many times its key set was fetched (failed fetches included). */
  jwksFetches(): number;
  /** While `true`, its key set endpoint answers 503, as an issuer in an outage does. */
  failJwks(failing: boolean): void;
  /** A JWT access token for `resource`, from the client_credentials grant (RFC 8707 resource indicator). */
  token(resource: string, scope?: string): Promise<string>;
  close(): Promise<void>;
}

const CLIENT_ID = "gateway-test-client";
const CLIENT_SECRET = "a-client-secret-only-this-test-knows";

/**
 * Starts oidc-provider with the client_credentials grant and resource indicators, issuing
 * RS256-signed JWT access tokens (RFC 9068) for each resource in `resources`, with the claims
 * `groups` and `tenant` added and `scopes` grantable. Tokens for any other resource are refused
 * (invalid_target).
 */
export async function startAuthorizationServer(
  resources: readonly string[],
  claims: Record<string, unknown> = { groups: ["engineering"], tenant: "acme" },
  scopes: readonly string[] = ["tools:call", "tools:search"],
): Promise<AuthorizationServer> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = "test-signing-key";
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  let jwksFetches = 0;
  let jwksFailing = false;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_types: ["client_credentials"],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [jwk] },
    scopes: [...scopes],
    ttl: { ClientCredentials: 300 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (!resources.includes(indicator)) throw new errors.InvalidTarget();
          return {
            scope: scopes.join(" "),
            audience: indicator,
            accessTokenTTL: 300,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    extraTokenClaims: () => claims,
  });
  const handle = provider.callback();
  server.on("request", (request, response) => {
    if (request.url?.startsWith("/jwks")) {
      jwksFetches++;
      if (jwksFailing) {
        response.writeHead(503, { "content-type": "application/json" }).end('{"error":"temporarily_unavailable"}');
        return;
      }
    }
    handle(request, response);
  });
  return {
    issuer,
    signingKey: privateKey,
    kid,
    jwksFetches: () => jwksFetches,
    failJwks: (failing) => {
      jwksFailing = failing;
    },
    async token(resource, scope = scopes.join(" ")) {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          resource,
          scope,
        }),
      });
      const body = (await response.json()) as { access_token?: string; error?: string };
      if (!response.ok || body.access_token === undefined)
        throw new Error(`the authorization server refused a token: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
