/**
 * What a gateway served over HTTP admits and holds: the names it answers to, and the bounds on
 * sessions, connections and time that keep one client from exhausting it. The `http` block of
 * the config's `toolsift` settings holds the same fields; every one is optional.
 *
 * @example
 * ```ts
 * const limits: HttpLimits = {
 *   allowedOrigins: ["https://app.example.com"],
 *   allowedHosts: ["mcp.example.com"],
 *   maxSessionsPerCaller: 8,
 * };
 * ```
 */
export interface HttpLimits {
  /**
   * Origins besides loopback ones whose web pages may call the gateway (`https://app.example.com`).
   * A request without `Origin` (a client that is not a browser) is always fine.
   */
  allowedOrigins?: readonly string[] | undefined;
  /**
   * Host names besides loopback names and IP addresses that the gateway may be addressed as in
   * `Host`, e.g. the public name a reverse proxy passes on. Others are refused (DNS rebinding).
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * Sessions kept at once, over every caller. When they are all taken by other callers, a new
   * initialize is refused (503 with `Retry-After`) rather than ending someone else's session.
   * @defaultValue 256
   */
  maxSessions?: number | undefined;
  /**
   * Sessions one credential keeps at once; past it, that caller's own least recently active
   * session ends (its client gets 404 and starts a new one, as the protocol says).
   * @defaultValue 32
   */
  maxSessionsPerCaller?: number | undefined;
  /**
   * How long a session may go without a request (of any method) before it ends, so clients that
   * went away without closing theirs do not hold the places for good. A session with a request
   * under way, such as an open GET event stream or a call not yet answered, is never idle.
   * @defaultValue 1800000 (30 minutes)
   */
  sessionIdleMs?: number | undefined;
  /** Open TCP connections at once; more are closed as they come. @defaultValue 200 */
  maxConnections?: number | undefined;
  /** How long a client may take to send a request's headers. @defaultValue 10000 */
  headersTimeoutMs?: number | undefined;
  /** How long a client may take to send a whole request, body included (answered 408 past it). @defaultValue 30000 */
  requestTimeoutMs?: number | undefined;
}

/** {@link HttpLimits.maxSessions} when not set. */
export const DEFAULT_MAX_HTTP_SESSIONS = 256;
/** {@link HttpLimits.maxSessionsPerCaller} when not set. */
export const DEFAULT_MAX_SESSIONS_PER_CALLER = 32;
/** {@link HttpLimits.sessionIdleMs} when not set: 30 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/** {@link HttpLimits.maxConnections} when not set: well below the usual 1,024 file descriptors. */
export const DEFAULT_MAX_CONNECTIONS = 200;
/** {@link HttpLimits.headersTimeoutMs} when not set. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** {@link HttpLimits.requestTimeoutMs} when not set. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** How long an idle keep-alive connection stays open. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
