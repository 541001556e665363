import type { McpLogMessage } from "../../public/mcp.js";
import type { Caller } from "../auth/caller.js";
import type { GatewayMcpServer } from "../gateway-sdk.js";
import type { CallerPolicies } from "../policy/caller-policy.js";
import type { RequestLogs } from "./request-logs.js";

/** Bounds on the upstream log messages passed to clients. */
export const UPSTREAM_LOG_LIMITS = {
  /** Messages per upstream server per second passed on; the rest are dropped (a chatty server must not flood every client). */
  perServerPerSecond: 20,
} as const;

/** A client that may receive upstream log messages: whose it is and its MCP `Server`. */
export interface LogClient {
  readonly caller: Caller;
  readonly server: GatewayMcpServer;
  /** Set for a stateless (2026-07-28) request in progress: its messages go on that request's stream. */
  readonly requestLogs?: RequestLogs | undefined;
}

/**
 * Passes the log messages upstream servers send (`notifications/message`) on to every connected
 * client whose policy does not hide that server, labelled with it (`logger` is `server` or
 * `server/logger`: every message reaches the client from toolsift, so it must say whose it is).
 * Each client's own `logging/setLevel` filters what it gets (the MCP SDK's `Server` keeps it per
 * client); `setLevel` is not passed upstream, since one upstream connection serves every client
 * and one client's level would change what the others get. At most
 * {@link UPSTREAM_LOG_LIMITS.perServerPerSecond} messages per server per second go on; past that
 * they are dropped, with one line in the gateway's log per server. A stateless (2026-07-28)
 * request hears them on its own stream while its call runs (see request-logs.ts).
 */
export class UpstreamLogs {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  private readonly warned = new Set<string>();

  constructor(
    private readonly policies: () => CallerPolicies | undefined,
    private readonly log: (line: string) => void,
  ) {}

  forward(server: string, message: McpLogMessage, clients: Iterable<LogClient>): void {
    const policies = this.policies();
    if (!policies || !this.withinRate(server)) return;
    const params = { ...message, logger: message.logger === undefined ? server : `${server}/${message.logger}` };
    for (const client of clients) {
      if (policies.for(client.caller).hidesServer(server)) continue;
      client.requestLogs?.deliver(server, params);
      // A stateless request's server is never connected: what it hears goes through requestLogs only.
      const transport = client.server.transport;
      if (!transport) continue;
      client.server.sendLoggingMessage(params, transport.sessionId).catch(() => {
        // The client is gone; the message was only news.
      });
    }
  }

  private withinRate(server: string): boolean {
    const now = performance.now();
    const window = this.windows.get(server);
    if (!window || now - window.startedAt >= 1_000) {
      this.windows.set(server, { startedAt: now, count: 1 });
      return true;
    }
    window.count++;
    if (window.count <= UPSTREAM_LOG_LIMITS.perServerPerSecond) return true;
    if (!this.warned.has(server)) {
      this.warned.add(server);
      this.log(
        `MCP server "${server}" sends more than ${UPSTREAM_LOG_LIMITS.perServerPerSecond} log messages a second; the rest are not passed on to clients.`,
      );
    }
    return false;
  }
}
