import type { Authenticator } from "../auth/caller.js";
import type { ModernHttp } from "../modern/modern-http.js";
import type { SessionStore } from "../replicas/session-store.js";
import type { GatewayObserver } from "../observe/gateway-event.js";
import type { MetricsSource } from "../observe/metrics-source.js";
import { authenticateGate } from "./authenticate-gate.js";
import type { BodyReads } from "./body-reads.js";
import { eraGate } from "./era-gate.js";
import type { NamedGate } from "./gate-chain.js";
import { openRoutesGate } from "./open-routes-gate.js";
import { originGate } from "./origin-gate.js";
import type { OriginRules } from "../web/origin-guard.js";
import { serveGate } from "./serve-gate.js";
import { sessionGate, type SessionGateParts } from "./session-gate.js";

/** Everything the listener's gates work with. */
export interface HttpGateParts extends SessionGateParts {
  rules: OriginRules;
  auth: Authenticator | false;
  observe: GatewayObserver;
  metrics: MetricsSource | undefined;
  modern: ModernHttp;
  bodyReads: BodyReads;
  /** Where sessions are shared with other replicas, if they are: /readyz and /metrics say how it is. */
  sessionStore: SessionStore | undefined;
}

/**
 * The listener's gates, in the order a request meets them. The order is the security: nothing
 * past `origin` runs for a rebinding page, nothing past `authenticate` for a stranger, and no
 * body is read before both.
 */
export function httpGates(parts: HttpGateParts): NamedGate[] {
  return [
    originGate(parts.rules, parts.deny),
    openRoutesGate(() => parts.gateway.ready, parts.auth, parts.sessionStore),
    authenticateGate(parts.auth, parts.observe, parts.metrics, parts.sessionStore),
    eraGate(parts.modern, parts.bodyReads),
    sessionGate(parts),
    serveGate(parts.shared),
  ];
}
