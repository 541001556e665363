import type { Caller } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import type { HostedTransport, SessionHost } from "./session-host.js";
import type { HttpExchange, NamedGate } from "./gate-chain.js";
import { rpcError } from "../web/http-replies.js";
import { initializeBodyRefusal } from "./initialize-check.js";
import { sessionOwnerOf, type SessionTable } from "../web/session-table.js";

/** What a client refused for want of a free session is told to wait, in seconds. */
const RETRY_AFTER_SECONDS = 30;
const SESSION_NOT_FOUND = "Session not found: it ended or never existed. Initialize a new one.";
const SESSION_ELSEWHERE =
  "Service unavailable: this replica does not hold the session and the session store is not answering. Retry: another replica may hold it (configure the load balancer to retry a 503 on another server).";

/** What the session gate works with: the listener's sessions, here and shared with other replicas. */
export interface SessionGateParts {
  gateway: Gateway;
  sessions: SessionTable<HostedTransport>;
  shared: SessionHost;
  deny(caller: Caller | undefined, session: string | undefined, reason: string): void;
}

/**
 * Finds the 2025-era session a request names (here, or rebuilt from the shared store), bound to
 * the caller that opened it; or, for an initialize, opens one within the caps. Either way the
 * session goes on to the serve gate in `exchange.transport`.
 */
export function sessionGate(parts: SessionGateParts): NamedGate {
  return {
    name: "session",
    pass: (exchange, next) =>
      exchange.sessionId === undefined
        ? openSession(parts, exchange, next)
        : useSession(parts, exchange, exchange.sessionId, next),
  };
}

async function useSession(
  { gateway, sessions, shared, deny }: SessionGateParts,
  exchange: HttpExchange,
  sessionId: string,
  next: () => Promise<void>,
): Promise<void> {
  const { caller, response } = exchange;
  const owner = sessionOwnerOf(caller);
  let lease = sessions.use(sessionId, owner.identity);
  const stored =
    lease || sessions.ownedByOther(sessionId, owner.identity)
      ? undefined
      : await shared.lookup(sessionId, owner.identity);
  if (stored === "unavailable") {
    // Opened on another replica while the store is out, perhaps: not "not found", which would
    // end the client's session; a balancer's retry on 503 takes it to the replica holding it.
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
    exchange.transport = lease.session;
    return next();
  }
  // Another credential's session, or one opened with other groups, scopes or tenant, gets the
  // answer an unknown one gets: the id is not confirmed, and old rights do not outlive a token.
  if (sessions.ownedByOther(sessionId, owner.identity)) deny(caller, sessionId, "session opened by another credential");
  return rpcError(response, 404, -32001, SESSION_NOT_FOUND);
}

async function openSession(
  { gateway, sessions, shared, deny }: SessionGateParts,
  exchange: HttpExchange,
  next: () => Promise<void>,
): Promise<void> {
  const { caller, response } = exchange;
  const refused = initializeBodyRefusal(exchange.body);
  if (refused) return rpcError(response, refused.status, refused.code, refused.message);
  const owner = sessionOwnerOf(caller);
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
  exchange.transport = transport;
  try {
    await shared.connect(gateway, transport, caller);
    await next();
  } finally {
    ticket.release();
    // An initialize the transport still refused opened no session, and no request can ever
    // reach this connection again: close it, or each one is kept forever.
    if (transport.sessionId === undefined) await transport.close();
  }
}
