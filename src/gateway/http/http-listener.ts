import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OptionsError, errorText } from "../../errors.js";
import type { Gateway } from "../gateway.js";
import { loadWebStandardHttpServerTransport } from "../gateway-sdk.js";
import { LOCAL_CALLER, type Authenticator, type Caller } from "../auth/caller.js";
import type { GatewayObserver } from "../observe/gateway-event.js";
import type { MetricsSource } from "../observe/metrics-source.js";
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_HTTP_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_CALLER,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SESSION_IDLE_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  type HttpLimits,
} from "../web/http-limits.js";
import { BodyReads } from "./body-reads.js";
import { reply, rpcError } from "../web/http-replies.js";
import { isHostlessProbe, isOpenRoute, serveMetrics, serveOpenRoute } from "./http-routes.js";
import { contentTypeRefusal, initializeBodyRefusal, initializeHeadersRefusal } from "./initialize-check.js";
import { MCP_PATH } from "./mcp-path.js";
import { isLoopbackHost } from "../auth/loopback-host.js";
import { originOf, originProblem } from "../web/origin-guard.js";
import { SessionTable, sessionOwnerOf } from "../web/session-table.js";
import { sendWebResponse, webRequestOf } from "../web/web-bridge.js";
import { LocalSessions } from "./local-sessions.js";
import type { HostedTransport, SessionHost } from "./session-host.js";
import type { SessionStore } from "../replicas/session-store.js";
import { SharedSessions } from "./shared-sessions.js";
import { openModernHttp } from "../modern/modern-http.js";

export { DEFAULT_MAX_HTTP_SESSIONS, MCP_PATH };

/** A gateway listening for MCP clients over Streamable HTTP. */
export interface HttpListener {
  /** The port bound (the one asked for, or the one the system chose for 0). */
  port: number;
  /** The MCP endpoint, e.g. `http://127.0.0.1:8808/mcp`. */
  url: string;
  /** Stops listening and ends every client session. */
  close(): Promise<void>;
}

/** What a client refused for want of a free session is told to wait, in seconds. */
const RETRY_AFTER_SECONDS = 30;
/** How often idle sessions are looked for: a quarter of the time-out, within [50 ms, 1 min]. */
const sweepEvery = (idleMs: number) => Math.max(50, Math.min(60_000, Math.floor(idleMs / 4)));
const SESSION_NOT_FOUND = "Session not found: it ended or never existed. Initialize a new one.";
const SESSION_ELSEWHERE =
  "Service unavailable: this replica does not hold the session and the session store is not answering. Retry: another replica may hold it (configure the load balancer to retry a 503 on another server).";

type Transport = HostedTransport;

/**
 * Options of {@link listenHttp}.
 *
 * @example
 * ```ts
 * await listenHttp(gateway, {
 *   port: 8808,
 *   host: "0.0.0.0",
 *   log: console.error,
 *   auth: authenticator,
 *   allowedHosts: ["mcp.example.com"],
 *   maxSessionsPerCaller: 8,
 * });
 * ```
 */
export interface HttpListenOptions extends HttpLimits {
  /** 0 lets the system choose. */
  port: number;
  host: string;
  log(line: string): void;
  /**
   * Who may call: every request must carry a credential this authenticator accepts, or it is
   * answered 401. `false` serves without one, as the user who started the gateway; it is
   * refused unless `host` is a loopback address.
   */
  auth: Authenticator | false;
  /** Served at `/metrics` to callers with a credential (404 without a source). */
  metrics?: MetricsSource | undefined;
  /** Told of failed authentications and of refused requests (`denied`); never of a credential. */
  observe?: GatewayObserver | undefined;
  /**
   * Where sessions are shared with other replicas (`toolsift.sessions`, bounded by
   * `guardedStore`): any replica then serves any request of a session. Without it, each session
   * lives in this listener's memory only. The listener closes it.
   */
  sessionStore?: SessionStore | undefined;
}

/**
 * Serves the gateway over Streamable HTTP at `/mcp`, one MCP session (and one toolsift session)
 * per client, each bound to the caller that opened it, with its groups, scopes and tenant, and
 * ended after `sessionIdleMs` without a request. Whatever address it is bound to, it refuses
 * requests whose `Host` or `Origin` names another host (DNS rebinding, cross-origin pages) unless
 * the options list it. Also serves `/healthz`, `/readyz`, the OAuth Protected
 * Resource Metadata (when the authenticator has some) and `/metrics` (with a credential).
 *
 * @throws `OptionsError` (`no_auth_off_loopback`) for `auth: false` on an address that is not loopback.
 */
export async function listenHttp(gateway: Gateway, options: HttpListenOptions): Promise<HttpListener> {
  const Transport = await loadWebStandardHttpServerTransport();
  const { auth } = options;
  if (auth === false && !isLoopbackHost(options.host))
    throw new OptionsError(
      "no_auth_off_loopback",
      `listenHttp: auth is false, but ${options.host} is not a loopback address: anyone who can reach it could call every upstream tool. Give an authenticator, or bind to 127.0.0.1.`,
    );
  const observe = options.observe ?? (() => {});
  const rules = {
    allowedOrigins: (options.allowedOrigins ?? []).map((origin) => originOf(origin) ?? origin),
    allowedHosts: (options.allowedHosts ?? []).map((host) => host.toLowerCase()),
  };
  const sessionIdleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const sessions = new SessionTable<Transport>(
    options.maxSessions ?? DEFAULT_MAX_HTTP_SESSIONS,
    options.maxSessionsPerCaller ?? DEFAULT_MAX_SESSIONS_PER_CALLER,
    sessionIdleMs,
  );
  // One process with no store runs none of the replicas' code.
  const shared: SessionHost =
    options.sessionStore === undefined
      ? new LocalSessions(Transport)
      : new SharedSessions({
          store: options.sessionStore,
          shared: true,
          idleMs: sessionIdleMs,
          Transport,
          log: options.log,
        });
  if (shared.replica !== undefined) options.log(`replica ${shared.replica} shares sessions through the session store`);
  // 2026-07-28 (stateless) clients: undefined when SDK v2 is not installed (2025-era clients only).
  const modern = await openModernHttp(gateway, {
    log: options.log,
    maxSubscriptions: options.maxSessions ?? DEFAULT_MAX_HTTP_SESSIONS,
    maxSubscriptionsPerCaller: options.maxSessionsPerCaller ?? DEFAULT_MAX_SESSIONS_PER_CALLER,
  });
  const serve = async (transport: Transport, request: IncomingMessage, response: ServerResponse, body: unknown) => {
    const hangUp = new AbortController();
    response.once("close", () => hangUp.abort());
    const stream = request.method === "GET";
    if (stream) {
      transport.streams++;
      response.once("close", () => transport.streams--);
    }
    const answer = await transport.handleRequest(webRequestOf(request, body, hangUp.signal), body);
    if (shared.replica !== undefined) response.setHeader("x-toolsift-replica", shared.replica);
    const id = transport.sessionId;
    if (request.method === "DELETE" && answer.ok && id !== undefined) await shared.ended(id);
    await sendWebResponse(answer, response);
  };
  const bodyReads = new BodyReads();
  const deny = (caller: Caller | undefined, session: string | undefined, reason: string) =>
    observe({ type: "denied", caller, session, tool: undefined, reason });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const problem = isHostlessProbe(path, request.headers) ? undefined : originProblem(request.headers, rules);
    if (problem !== undefined) {
      deny(undefined, undefined, "host or origin not allowed");
      return reply(response, 403, problem);
    }
    if (isOpenRoute(path)) return serveOpenRoute(path, response, () => gateway.ready, auth, options.sessionStore);
    if (path !== MCP_PATH && path !== "/metrics") return reply(response, 404, `toolsift serves MCP at ${MCP_PATH}.`);
    let caller: Caller = LOCAL_CALLER;
    if (auth !== false) {
      const authentication = await auth.authenticate(request.headers);
      if (!authentication.ok) {
        observe({ type: "auth-failed", reason: authentication.reason, remoteAddress: request.socket.remoteAddress });
        response.setHeader("www-authenticate", auth.challenge(authentication.error));
        const status = authentication.error === "insufficient_scope" ? 403 : 401;
        return rpcError(response, status, -32001, `Unauthorized: ${authentication.reason}`);
      }
      caller = authentication.caller;
    }
    if (path === "/metrics") return serveMetrics(response, options.metrics, options.sessionStore);
    const owner = sessionOwnerOf(caller);
    const sessionId = request.headers["mcp-session-id"];
    if (request.method !== "POST" && typeof sessionId !== "string")
      return rpcError(
        response,
        400,
        -32000,
        "Bad request: no Mcp-Session-Id header. Start with an initialize request.",
      );
    // A POST with no session is an initialize, or a 2026-07-28 request, which only its body tells apart.
    const modernCandidate = modern !== undefined && typeof sessionId !== "string";
    if (typeof sessionId !== "string") {
      const refused = modernCandidate ? contentTypeRefusal(request.headers) : initializeHeadersRefusal(request.headers);
      if (refused) return rpcError(response, refused.status, refused.code, refused.message);
    }
    let body: unknown;
    if (request.method === "POST") {
      const read = await bodyReads.read(request, response, owner.identity);
      if (!read.ok) return;
      body = read.value;
    }
    if (modernCandidate) {
      if (await modern.claims(request, body)) return modern.serve(request, response, body, caller);
      const refused = initializeHeadersRefusal(request.headers);
      if (refused) return rpcError(response, refused.status, refused.code, refused.message);
    }
    if (typeof sessionId === "string") {
      let lease = sessions.use(sessionId, owner.identity);
      const stored =
        lease || sessions.ownedByOther(sessionId, owner.identity)
          ? undefined
          : await shared.lookup(sessionId, owner.identity);
      if (stored === "unavailable") {
        // Opened on another replica while the store is out, perhaps: not "not found", which would
        // end the client's session; haproxy's retry-on 503 takes it to the replica holding it.
        return rpcError(response, 503, -32000, SESSION_ELSEWHERE, { "retry-after": "1" });
      }
      if (stored) {
        // Opened on another replica (or held here before): rebuilt from the shared store.
        const ticket = sessions.reserve(owner);
        const rebuilt = ticket && (await shared.rebuild(stored, caller, gateway));
        if (ticket && rebuilt) {
          rebuilt.onclose = () => sessions.delete(sessionId);
          ticket.open(sessionId, rebuilt);
          lease = sessions.use(sessionId, owner.identity);
        } else ticket?.release();
      } else if (lease && !(await shared.refresh(sessionId))) {
        // Ended elsewhere (DELETE on another replica) or expired from the store.
        lease.done();
        lease = undefined;
      }
      if (lease) {
        // Until the answer ends (an event stream may stay open for long), the session is not idle.
        response.once("close", lease.done);
        return serve(lease.session, request, response, body);
      }
      // Another credential's session, or one opened with other groups, scopes or tenant, gets the
      // answer an unknown one gets: the id is not confirmed, and old rights do not outlive a token.
      if (sessions.ownedByOther(sessionId, owner.identity))
        deny(caller, sessionId, "session opened by another credential");
      return rpcError(response, 404, -32001, SESSION_NOT_FOUND);
    }
    const refused = initializeBodyRefusal(body);
    if (refused) return rpcError(response, refused.status, refused.code, refused.message);
    const ticket = sessions.reserve(owner);
    if (!ticket) {
      deny(caller, undefined, "no free session");
      return rpcError(
        response,
        503,
        -32000,
        `Service unavailable: every session of this gateway is in use. Try again in ${RETRY_AFTER_SECONDS} s.`,
        { "retry-after": String(RETRY_AFTER_SECONDS) },
      );
    }
    const transport = shared.create(owner.identity, (id, opened) => ticket.open(id, opened));
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    try {
      await shared.connect(gateway, transport, caller);
      await serve(transport, request, response, body);
    } finally {
      ticket.release();
      // An initialize the transport still refused opened no session, and no request can ever
      // reach this connection again: close it, or each one is kept forever.
      if (transport.sessionId === undefined) await transport.close();
    }
  };

  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      // Node requires headersTimeout ≤ requestTimeout; both are checked this often.
      headersTimeout: Math.min(headersTimeout, requestTimeout),
      requestTimeout,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1_000, Math.floor(Math.min(headersTimeout, requestTimeout) / 4)),
      ),
    },
    (request, response) => {
      // Answered before its body was read (401, 403, 404): Node discards the rest, which could
      // trickle in for as long as requestTimeout allows; the body deadline bounds it instead.
      response.once("finish", () => bodyReads.bound(request));
      handle(request, response).catch((error: unknown) => {
        options.log(`HTTP request failed: ${errorText(error)}`);
        if (!response.headersSent) rpcError(response, 500, -32603, "Internal error");
        else response.end();
      });
    },
  );
  // Past the cap, Node closes each new connection as it is accepted: one client cannot take every descriptor.
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Ends sessions left idle even when no initialize presses for their place, releasing their memory.
  const sweep = setInterval(() => {
    sessions.endIdle();
    shared.sweep();
  }, sweepEvery(sessionIdleMs));
  sweep.unref();
  const { port } = server.address() as AddressInfo;
  const hostPart = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    port,
    url: `http://${hostPart}:${port}${MCP_PATH}`,
    async close() {
      clearInterval(sweep);
      await modern?.close();
      await sessions.closeAll();
      await shared.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
