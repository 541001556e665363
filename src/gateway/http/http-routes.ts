import type { ServerResponse } from "node:http";
import type { Authenticator } from "../auth/caller.js";
import type { MetricsSource } from "../observe/metrics-source.js";
import { MCP_PATH } from "./mcp-path.js";
import { reply, replyJson } from "../web/http-replies.js";
import type { SessionStore } from "../replicas/session-store.js";

/** Protected Resource Metadata (RFC 9728): at the root, and suffixed with the resource's path. */
const RESOURCE_METADATA_PATHS = new Set([
  "/.well-known/oauth-protected-resource",
  `/.well-known/oauth-protected-resource${MCP_PATH}`,
]);

/**
 * Where an OAuth client looks for an authorization server when a resource's 401 names none, and
 * its usual endpoints: metadata (RFC 8414, OpenID discovery, at the root or beside the resource's
 * path), dynamic registration, authorization and token.
 */
const AUTHORIZATION_SERVER_PATHS = new Set([
  "/.well-known/oauth-authorization-server",
  `/.well-known/oauth-authorization-server${MCP_PATH}`,
  "/.well-known/openid-configuration",
  `/.well-known/openid-configuration${MCP_PATH}`,
  `${MCP_PATH}/.well-known/openid-configuration`,
  "/register",
  "/authorize",
  "/token",
]);

/**
 * The routes served without a credential: `/healthz`, `/readyz`, the OAuth metadata, and the
 * paths an OAuth client tries on its way to a credential (answered 404 with how to get one).
 */
export function isOpenRoute(path: string): boolean {
  return (
    path === "/healthz" ||
    path === "/readyz" ||
    RESOURCE_METADATA_PATHS.has(path) ||
    AUTHORIZATION_SERVER_PATHS.has(path)
  );
}

/**
 * What a client that went looking for OAuth is told. A client of a token-only gateway (MCP SDK
 * clients, `mcp-remote`) tries OAuth after a 401 and reports the registration's refusal, body
 * included, as its error: so the body says which credential the gateway takes instead.
 */
function noOAuthHere(auth: Authenticator | false): string {
  if (auth !== false && auth.resourceMetadata !== undefined)
    return (
      "This toolsift gateway is an OAuth resource server, not an authorization server: its " +
      "authorization server is named in /.well-known/oauth-protected-resource."
    );
  return (
    "This toolsift gateway does not use OAuth: send its token as 'Authorization: Bearer <token>'. " +
    "toolsift serve prints where it keeps its token; 'toolsift token create <name>' makes one for each client."
  );
}

/**
 * Whether a request is a load balancer's health probe that sends no `Host` (haproxy's
 * `option httpchk GET /readyz` speaks HTTP/1.0 without one). The Host check guards against DNS
 * rebinding, and a browser always sends a Host; these routes name nothing, so such a probe is
 * answered from any address, as one with an IP address for its Host already is.
 */
export function isHostlessProbe(path: string, headers: { host?: string | undefined }): boolean {
  return headers.host === undefined && (path === "/healthz" || path === "/readyz");
}

/**
 * Answers a route of {@link isOpenRoute}. Nothing here names a server, a tool or a caller: a
 * probe learns whether the process is up and whether something is behind it, no more.
 */
export function serveOpenRoute(
  path: string,
  response: ServerResponse,
  ready: () => boolean,
  auth: Authenticator | false,
  sessionStore?: SessionStore,
): void {
  if (path === "/healthz") replyJson(response, 200, { status: "ok" });
  else if (path === "/readyz") {
    const sessions = sessionStore === undefined ? undefined : (sessionStore.health?.() ?? { state: "shared" });
    if (!ready()) replyJson(response, 503, { status: "no upstream server connected" });
    // A replica that can never share would serve each session alone while the balancer spreads
    // its requests: out of rotation, with the reason, until its store is fixed.
    else if (sessions?.state === "broken")
      replyJson(response, 503, { status: "session store unusable", reason: sessions.reason });
    // An outage: still ready (every replica is in it), serving its own sessions, and saying so.
    else if (sessions !== undefined)
      replyJson(response, 200, {
        status: "ready",
        sessions: sessions.state,
        ...(sessions.reason === undefined ? {} : { reason: sessions.reason }),
      });
    else replyJson(response, 200, { status: "ready" });
  } else if (AUTHORIZATION_SERVER_PATHS.has(path)) reply(response, 404, noOAuthHere(auth));
  else {
    const metadata = auth === false ? undefined : auth.resourceMetadata;
    if (metadata === undefined) reply(response, 404, noOAuthHere(auth));
    else {
      response.setHeader("cache-control", "max-age=300");
      replyJson(response, 200, metadata);
    }
  }
}

/** `/metrics`, for a caller already authenticated: the source's text, or 404 without one. */
export async function serveMetrics(
  response: ServerResponse,
  metrics: MetricsSource | undefined,
  sessionStore?: SessionStore,
): Promise<void> {
  if (metrics === undefined) return reply(response, 404, "This toolsift gateway serves no metrics.");
  const text = (await metrics.render()) + (sessionStore === undefined ? "" : storeGauge(sessionStore));
  response.writeHead(200, { "content-type": metrics.contentType }).end(text);
}

/** `toolsift_session_store_shared`: 1 while sessions are shared, 0 while this replica serves its own (an outage or a broken store). */
function storeGauge(store: SessionStore): string {
  const shared = (store.health?.().state ?? "shared") === "shared" ? 1 : 0;
  return [
    "# HELP toolsift_session_store_shared Whether this replica shares sessions through the session store now (1) or serves its own alone (0).",
    "# TYPE toolsift_session_store_shared gauge",
    `toolsift_session_store_shared ${shared}`,
    "",
  ].join("\n");
}
