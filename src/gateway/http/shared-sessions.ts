import { randomBytes, randomUUID } from "node:crypto";
import { errorText } from "../../errors.js";
import type { Caller } from "../auth/caller.js";
import type { Gateway } from "../gateway.js";
import type { GatewayConnection } from "../gateway-connection.js";
import type { WebStandardHttpServerTransportClass } from "../gateway-sdk.js";
import { ReplicaTransport } from "./replica-transport.js";
import { SESSION_TRANSPORT_OPTIONS, type SessionHost, type ToolsMessage } from "./session-host.js";
import type { ReplicaMessage, SessionRecord, SessionState, SessionStore } from "../replicas/session-store.js";

/** One session this replica holds a copy of. */
interface Held {
  readonly transport: ReplicaTransport;
  readonly owner: string;
  /** The state as last read from or written to the store (JSON), so only a change is written. */
  synced: string;
  lastTouch: number;
}

/** Options of {@link SharedSessions}. */
export interface SharedSessionsOptions {
  store: SessionStore;
  /** Whether other replicas read the store; a private store's session ends with its one copy. */
  shared: boolean;
  idleMs: number;
  Transport: WebStandardHttpServerTransportClass;
  log(line: string): void;
}

const PROTOCOL_FALLBACK = "2025-06-18";
/**
 * A session's id says when it was opened, and whether the store was answering then (`s`) or not
 * (`u`): its record may reach the store late (a save past its time-out on a loaded store) or
 * only once the store is back. Another replica that cannot find such a young session answers 503
 * (retry: the replica holding it may be next) rather than 404, which would end the client's
 * session: for a minute after it opened, or for the idle time-out if the store was out then.
 */
const OPENED = /^([su])([0-9a-z]{1,11})-/;
const SAVE_GRACE_MS = 60_000;
/** The first wait before subscribing again after a failure, doubled each time up to the most. */
const SUBSCRIBE_RETRY_FIRST_MS = 1_000;
const SUBSCRIBE_RETRY_MAX_MS = 30_000;

/**
 * The sessions of one replica, kept in step with a {@link SessionStore} so any replica can serve
 * any request of a session: a session this replica does not hold is rebuilt from its record (the
 * client's initialize replayed, its toolsift state restored), a held one refreshes its state
 * before each request, and each answer waits for the state to be saved. Messages between replicas
 * carry notifications to the replica holding a GET stream, elicitation answers to the replica
 * that asked, and the end of a session (DELETE) to every copy.
 *
 * A store that fails never fails a request: the replica goes on with what it holds.
 */
export class SharedSessions implements SessionHost<ReplicaTransport> {
  /** This replica's id: it prefixes the ids of requests sent to clients (see {@link ReplicaTransport}). */
  readonly replica = randomBytes(4).toString("hex");
  private readonly held = new Map<string, Held>();
  /** Told of the tool changes other replicas relay (see {@link SharedSessions.hearToolChanges}). */
  private toolChanges: ((message: ToolsMessage) => void) | undefined;
  /** Sessions ended lately (DELETE, here or on another replica), and when: a 404 for them, never a 503. */
  private readonly endedLately = new Map<string, number>();

  /** The pending retry of the store subscription, while it has not taken. */
  private resubscribe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: SharedSessionsOptions) {
    this.listen(SUBSCRIBE_RETRY_FIRST_MS);
  }

  /**
   * Subscribes to the store's messages, again and again until it takes: a subscription that failed
   * once (a store slow to answer at start, or out) would otherwise leave this replica deaf to the
   * others for good, its clients' lists stale and their confirmations lost, while the store's
   * other calls answer and `/readyz` says it shares.
   */
  private listen(retryMs: number): void {
    this.options.store
      .subscribe((message) => this.received(message))
      .catch((error: unknown) => {
        if (this.closed) return;
        this.options.log(
          `warning: could not subscribe to the session store's messages (${errorText(error)}); trying again in ${Math.round(retryMs / 1000)} s.`,
        );
        this.resubscribe = setTimeout(() => this.listen(Math.min(retryMs * 2, SUBSCRIBE_RETRY_MAX_MS)), retryMs);
        this.resubscribe.unref();
      });
  }

  /**
   * A transport for an initialize: a new session, with a new id, told to `opened` once the
   * transport accepted it. Connect it with {@link SharedSessions.connect}.
   */
  create(owner: string, opened: (id: string, transport: ReplicaTransport) => void): ReplicaTransport {
    const newId = () => {
      const shared = (this.options.store.health?.().state ?? "shared") === "shared";
      return `${shared ? "s" : "u"}${Date.now().toString(36)}-${randomUUID()}`;
    };
    const transport = this.transport(newId, (id) => {
      this.hold(id, transport, owner, "");
      opened(id, transport);
    });
    return transport;
  }

  hearToolChanges(listener: (message: ToolsMessage) => void): void {
    this.toolChanges = listener;
  }

  /** Serves `transport` with a new connection of `gateway` for `caller`. */
  async connect(gateway: Gateway, transport: ReplicaTransport, caller: Caller): Promise<GatewayConnection> {
    // gateway.connect returns the GatewayConnection itself; its public type shows only the id.
    const connection = (await gateway.connect(transport as never, { caller })) as GatewayConnection;
    transport.connection = connection;
    return connection;
  }

  /**
   * The record of session `id` if the store has one that `owner` opened (a session of another
   * replica, or one this replica held before); `undefined` otherwise (the caller answers 404, as
   * for an unknown id); `"unavailable"` when the store cannot answer, or has no record yet of a
   * session opened lately (see {@link OPENED}): the session may be held by another replica, which
   * a load balancer retrying on 503 reaches.
   */
  async lookup(id: string, owner: string): Promise<SessionRecord | "unavailable" | undefined> {
    if (!this.options.shared) return undefined;
    try {
      const record = await this.options.store.load(id);
      if (record === undefined && this.openedLately(id) && !this.endedLately.has(id)) return "unavailable";
      return record?.owner === owner ? record : undefined;
    } catch {
      return "unavailable";
    }
  }

  /** Remembers an ended session for as long as a young one's record may be missing; a bounded few. */
  private forget(id: string): void {
    const now = Date.now();
    this.endedLately.set(id, now);
    for (const [old, at] of this.endedLately) {
      if (at > now - SAVE_GRACE_MS && this.endedLately.size <= 10_000) break;
      this.endedLately.delete(old);
    }
  }

  private openedLately(id: string): boolean {
    const opened = OPENED.exec(id);
    if (opened === null) return false;
    const grace = opened[1] === "u" ? this.options.idleMs : Math.min(SAVE_GRACE_MS, this.options.idleMs);
    return Date.now() - Number.parseInt(opened[2]!, 36) < grace;
  }

  /**
   * A copy of the session of `record` ({@link SharedSessions.lookup}): a new connection for
   * `caller`, the client's initialize replayed to it (so its MCP server learns the client's
   * capabilities), then its state restored.
   */
  async rebuild(record: SessionRecord, caller: Caller, gateway: Gateway): Promise<ReplicaTransport | undefined> {
    const { id, owner } = record;
    const transport = this.transport(() => id);
    const connection = await this.connect(gateway, transport, caller);
    const params = record.initialize as { protocolVersion?: unknown } | undefined;
    const version = typeof params?.protocolVersion === "string" ? params.protocolVersion : PROTOCOL_FALLBACK;
    const post = (body: unknown, session: boolean) =>
      transport.handleRequest(
        new Request("http://localhost/mcp", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...(session ? { "mcp-session-id": id, "mcp-protocol-version": version } : {}),
          },
          body: JSON.stringify(body),
        }),
        body,
      );
    // What the client was told then; the answer is not sent again.
    await (await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: record.initialize }, false)).text();
    await (await post({ jsonrpc: "2.0", method: "notifications/initialized" }, true)).text();
    if (transport.sessionId !== id) {
      await transport.close();
      return undefined;
    }
    connection.restoreState(record.state);
    this.hold(id, transport, owner, JSON.stringify(record.state));
    return transport;
  }

  /**
   * Before a request on a copy this replica holds: its state as the store has it now (another
   * replica may have changed it). `false` when the store no longer has the session (it ended
   * elsewhere, or expired): the copy is closed. A store that cannot answer leaves the copy as it is.
   */
  async refresh(id: string): Promise<boolean> {
    const held = this.held.get(id);
    const connection = held?.transport.connection;
    if (!held || !connection || !this.options.shared) return true;
    let record;
    try {
      record = await this.options.store.load(id);
    } catch {
      return true;
    }
    // Never written (opened while the store was out, or its save timed out): the store's silence
    // is not an end elsewhere. This copy is the session, and the answer's save writes it.
    if (record === undefined && held.synced === "") return true;
    if (record === undefined || record.owner !== held.owner) {
      this.held.delete(id);
      await held.transport.close();
      return false;
    }
    const text = JSON.stringify(record.state);
    if (text !== held.synced) {
      connection.restoreState(record.state);
      held.synced = text;
    }
    await this.touch(id, held);
    return true;
  }

  /** The session ended on this replica by the client's DELETE: everywhere. */
  async ended(id: string): Promise<void> {
    this.held.delete(id);
    this.forget(id);
    try {
      await this.options.store.delete(id);
      if (this.options.shared) await this.options.store.publish({ kind: "closed", session: id });
    } catch {
      // The store is down: the other copies end with their idle time-out.
    }
  }

  /** Deletes the sessions idle past the time-out from the store (copies end by the listener's own sweep). */
  sweep(): void {
    if (this.options.shared) this.options.store.expire(this.options.idleMs).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.resubscribe);
    this.held.clear();
    await this.options.store.close();
  }

  private transport(sessionIdGenerator: () => string, onsessioninitialized?: (id: string) => void): ReplicaTransport {
    const inner = new this.options.Transport({
      ...SESSION_TRANSPORT_OPTIONS,
      sessionIdGenerator,
      ...(onsessioninitialized ? { onsessioninitialized } : {}),
    });
    const transport: ReplicaTransport = new ReplicaTransport(inner, {
      replica: this.replica,
      beforeAnswer: () => this.save(transport.sessionId),
      publish: (message) => this.publish(message),
    });
    return transport;
  }

  private hold(id: string, transport: ReplicaTransport, owner: string, synced: string): void {
    const held: Held = { transport, owner, synced, lastTouch: Date.now() };
    this.held.set(id, held);
    if (transport.connection)
      transport.connection.sync = { refresh: () => this.refresh(id).then(() => undefined), save: () => this.save(id) };
    const closed = transport.onclose;
    transport.onclose = () => {
      closed?.();
      if (this.held.get(id) !== held) return;
      this.held.delete(id);
      // A private store's record has no other reader: the session ends with its copy, as it always did.
      if (!this.options.shared) this.options.store.delete(id).catch(() => undefined);
    };
  }

  /** Writes the session's record if its state changed since it was last read or written. */
  private async save(id: string | undefined): Promise<void> {
    const held = id === undefined ? undefined : this.held.get(id);
    const connection = held?.transport.connection;
    if (id === undefined || !held || !connection) return;
    const state: SessionState = connection.exportState();
    const text = JSON.stringify(state);
    if (text === held.synced) return;
    try {
      await this.options.store.save({ id, owner: held.owner, initialize: held.transport.initialize, state });
      held.synced = text;
      held.lastTouch = Date.now();
    } catch {
      // Served from this replica's copy; the guarded store warned once.
    }
  }

  /** Marks the session active in the store, at most every tenth of the idle time-out. */
  private async touch(id: string, held: Held): Promise<void> {
    if (Date.now() - held.lastTouch < this.options.idleMs / 10) return;
    held.lastTouch = Date.now();
    await this.options.store.touch(id).catch(() => undefined);
  }

  private publish(message: ReplicaMessage): void {
    if (!this.options.shared) return;
    this.options.store.publish(message).catch(() => undefined);
  }

  private received(message: ReplicaMessage): void {
    // Tool changes are the stateless listeners' (modern/), no session's.
    if (message.kind === "tools") {
      this.toolChanges?.(message);
      return;
    }
    const held = this.held.get(message.session);
    if (message.kind === "closed") this.forget(message.session);
    if (!held) return;
    if (message.kind === "closed") {
      this.held.delete(message.session);
      held.transport.close().catch(() => undefined);
    } else if (message.kind === "notify") {
      held.transport.notify(message.message).catch((error: unknown) => this.options.log(errorText(error)));
    } else if (message.replica === this.replica) {
      held.transport.answered(message.message);
    }
  }
}
