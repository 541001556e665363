import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OptionsError, errorText } from "../../errors.js";
import type { Gateway } from "../gateway.js";
import { loadGatewaySdk } from "../gateway-sdk.js";
import { LOCAL_CALLER, type Authenticator } from "../auth/caller.js";
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
import { chainGates, type HttpExchange } from "./gate-chain.js";
import { httpGates } from "./http-gates.js";
import { rpcError } from "../web/http-replies.js";
import { MCP_PATH } from "./mcp-path.js";
import { isLoopbackHost } from "../auth/loopback-host.js";
import { originOf } from "../web/origin-guard.js";
import { SessionTable } from "../web/session-table.js";
import { LocalSessions } from "./local-sessions.js";
import type { HostedTransport, SessionHost } from "./session-host.js";
import type { SessionStore } from "../replicas/session-store.js";
import { SharedSessions } from "./shared-sessions.js";
import { openModernHttp } from "../modern/modern-http.js";
import { checkKeys, optionKeys } from "../../util/option-keys.js";

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

/** How often idle sessions are looked for: a quarter of the time-out, within [50 ms, 1 min]. */
const sweepEvery = (idleMs: number) => Math.max(50, Math.min(60_000, Math.floor(idleMs / 4)));

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

/** Every option of `listenHttp`; the compiler holds the list to {@link HttpListenOptions}. */
const LISTEN_KEYS = optionKeys<keyof HttpListenOptions>({
  port: true,
  host: true,
  log: true,
  auth: true,
  metrics: true,
  observe: true,
  sessionStore: true,
  allowedOrigins: true,
  allowedHosts: true,
  maxSessions: true,
  maxSessionsPerCaller: true,
  sessionIdleMs: true,
  maxConnections: true,
  headersTimeoutMs: true,
  requestTimeoutMs: true,
});

/**
 * Refuses, before anything listens, options that would fail only at the first request: a
 * misspelt key (an "auht" leaves `auth` out), or an `auth` that is neither `false` nor an
 * authenticator, which every request would then fail on.
 */
function checkListenOptions(options: HttpListenOptions): void {
  checkKeys("listenHttp", "", options, LISTEN_KEYS, '{ port: 8080, host: "127.0.0.1", log, auth }');
  const { auth } = options as { auth?: unknown };
  const usable =
    auth === false ||
    (typeof auth === "object" &&
      auth !== null &&
      typeof (auth as Authenticator).authenticate === "function" &&
      typeof (auth as Authenticator).challenge === "function");
  if (!usable) {
    throw new OptionsError(
      "invalid_auth",
      "listenHttp: auth must be an authenticator (authenticatorFor(config)) or false to serve a loopback address without one.",
    );
  }
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
  checkListenOptions(options);
  const Transport = (await loadGatewaySdk()).WebStandardStreamableHTTPServerTransport;
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
  const sessions = new SessionTable<HostedTransport>(
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
  // 2026-07-28 (stateless) clients, on the same SDK v2 package as the sessions above.
  const modern = await openModernHttp(gateway, {
    log: options.log,
    maxSubscriptions: options.maxSessions ?? DEFAULT_MAX_HTTP_SESSIONS,
    maxSubscriptionsPerCaller: options.maxSessionsPerCaller ?? DEFAULT_MAX_SESSIONS_PER_CALLER,
    store: options.sessionStore,
    replica: shared.replica,
    hearToolChanges: shared.hearToolChanges?.bind(shared),
  });
  const bodyReads = new BodyReads();
  const handle = chainGates(
    httpGates({
      gateway,
      rules,
      auth,
      observe,
      deny: (caller, session, reason) => observe({ type: "denied", caller, session, tool: undefined, reason }),
      metrics: options.metrics,
      modern,
      bodyReads,
      sessions,
      shared,
      sessionStore: options.sessionStore,
    }),
  );

  const server = boundedServer(options, (request, response) => {
    // Answered before its body was read (401, 403, 404): Node discards the rest, which could
    // trickle in for as long as requestTimeout allows; the body deadline bounds it instead.
    response.once("finish", () => bodyReads.bound(request));
    handle(exchangeOf(request, response)).catch((error: unknown) => {
      options.log(`HTTP request failed: ${errorText(error)}`);
      if (!response.headersSent) rpcError(response, 500, -32603, "Internal error");
      else response.end();
    });
  });
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
      await modern.close();
      await sessions.closeAll();
      await shared.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A request as the gates first see it: nothing proven, nothing read. */
function exchangeOf(request: IncomingMessage, response: ServerResponse): HttpExchange {
  const sessionId = request.headers["mcp-session-id"];
  return {
    request,
    response,
    path: new URL(request.url ?? "/", "http://localhost").pathname,
    sessionId: typeof sessionId === "string" ? sessionId : undefined,
    caller: LOCAL_CALLER,
    body: undefined,
    transport: undefined,
  };
}

/** A Node HTTP server within the limits' time-outs and connection cap. */
function boundedServer(
  limits: HttpLimits,
  onRequest: (request: IncomingMessage, response: ServerResponse) => void,
): Server {
  const headersTimeout = limits.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = limits.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
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
    onRequest,
  );
  // Past the cap, Node closes each new connection as it is accepted: one client cannot take every descriptor.
  server.maxConnections = limits.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  return server;
}
