import type { Caller } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import type { ReplicaMessage, SessionRecord } from "../replicas/session-store.js";

/** A replica's tool changes, as the store relays them. */
export type ToolsMessage = Extract<ReplicaMessage, { kind: "tools" }>;

/** What the HTTP listener asks of a session's transport. */
export interface HostedTransport {
  readonly sessionId: string | undefined;
  onclose?: (() => void) | undefined;
  /** GET streams of this session open on this process now. */
  streams: number;
  handleRequest(request: Request, parsedBody: unknown): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Where the listener's sessions live: this process alone (`LocalSessions`), or shared with other
 * replicas through a store (`SharedSessions`).
 */
export interface SessionHost<T extends HostedTransport = HostedTransport> {
  /** This replica's id when sessions are shared; `undefined` for a single process. */
  readonly replica: string | undefined;
  /** A transport for an initialize; `opened` once it accepted the session. */
  create(owner: string, opened: (id: string, transport: T) => void): T;
  /** Serves `transport` with a new connection of `gateway` for `caller`. */
  connect(gateway: Gateway, transport: T, caller: Caller): Promise<unknown>;
  /** A session this process does not hold: its record elsewhere, `"unavailable"` (retry), or `undefined` (404). */
  lookup(id: string, owner: string): Promise<SessionRecord | "unavailable" | undefined>;
  /** A copy of a session found by {@link SessionHost.lookup}. */
  rebuild(record: SessionRecord, caller: Caller, gateway: Gateway): Promise<T | undefined>;
  /** Before a request on a held session: `false` when it ended elsewhere. */
  refresh(id: string): Promise<boolean>;
  /** The client ended the session (DELETE). */
  ended(id: string): Promise<void>;
  /**
   * Hands `listener` the other replicas' tool changes, heard on the host's own subscription to
   * the store (one per replica: another would add its own calls, and its own time-outs). Absent
   * for a single process.
   */
  hearToolChanges?(listener: (message: ToolsMessage) => void): void;
  /** Looks for sessions idle past the time-out in the store, if any. */
  sweep(): void;
  close(): Promise<void>;
}

/**
 * Options every 2025-era session's transport is built with. No SSE keep-alive comments: the
 * sessions' streams were served without them, and an idle stream's end is the listener's and the
 * load balancer's to decide.
 */
export const SESSION_TRANSPORT_OPTIONS = { keepAliveMs: 0 } as const;
