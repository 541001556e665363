import type { Authenticator } from "../auth/caller.js";
import type { GatewayObserver } from "../observe/gateway-event.js";
import type { MetricsSource } from "../observe/metrics-source.js";
import type { SessionStore } from "../replicas/session-store.js";
import type { NamedGate } from "./gate-chain.js";
import { rpcError } from "../web/http-replies.js";
import { serveMetrics } from "./http-routes.js";

/**
 * Proves who is calling, or answers 401 (403 for a token without the scopes needed) with the
 * authenticator's challenge; the failure is reported, never the credential. With `auth: false`
 * every request is the local user's. A proven caller's `/metrics` is answered here: it is the
 * one route that needs a credential and is not MCP.
 */
export function authenticateGate(
  auth: Authenticator | false,
  observe: GatewayObserver,
  metrics: MetricsSource | undefined,
  sessionStore: SessionStore | undefined,
): NamedGate {
  return {
    name: "authenticate",
    async pass(exchange, next) {
      const { request, response } = exchange;
      if (auth !== false) {
        const authentication = await auth.authenticate(request.headers);
        if (!authentication.ok) {
          observe({ type: "auth-failed", reason: authentication.reason, remoteAddress: request.socket.remoteAddress });
          response.setHeader("www-authenticate", auth.challenge(authentication.error));
          const status = authentication.error === "insufficient_scope" ? 403 : 401;
          return rpcError(response, status, -32001, `Unauthorized: ${authentication.reason}`);
        }
        exchange.caller = authentication.caller;
      }
      if (exchange.path === "/metrics") return serveMetrics(response, metrics, sessionStore);
      return next();
    },
  };
}
