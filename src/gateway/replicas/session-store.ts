import type { StoreHealth } from "./store-health.js";

/**
 * What a replica needs of a session to serve it: who opened it, how it was initialized, and the
 * toolsift state its requests change. Never a credential: the owner is a digest of who the caller
 * is and what it may do (`sessionOwnerOf(caller).identity`), re-checked on every replica.
 */
export interface SessionRecord {
  /** The `Mcp-Session-Id`. */
  readonly id: string;
  /** `sessionOwnerOf(caller).identity` of the caller that opened it. */
  readonly owner: string;
  /** The client's `initialize` params (protocol version, capabilities, clientInfo), replayed to rebuild the session. */
  readonly initialize: unknown;
  readonly state: SessionState;
}

/** The toolsift state of one MCP session, as `GatewayConnection.exportState()` gives it. */
export interface SessionState {
  /** Hydrated tools, least recently used first. */
  readonly recency: readonly string[];
  /** The same tools in the order they were hydrated: the listing's order. */
  readonly firstUse: readonly string[];
  /** Digest of the listing the client last fetched. */
  readonly lastListed: string | undefined;
  /** A list_changed was sent since the client last fetched the list. */
  readonly announced: boolean;
}

/** A message between replicas, on the one channel they all listen to. */
export type ReplicaMessage =
  /** A notification not tied to a request, for the replica holding the session's GET stream. */
  | { readonly kind: "notify"; readonly session: string; readonly message: unknown }
  /** A client's JSON-RPC response to a request `replica` sent (an elicitation answer). */
  | { readonly kind: "response"; readonly session: string; readonly replica: string; readonly message: unknown }
  /** The session ended (DELETE /mcp): every replica closes its copy. */
  | { readonly kind: "closed"; readonly session: string }
  /**
   * Replica `replica` saw these upstream tools added, changed or removed (by name; `"all"` when
   * too many to name): the others tell their stateless listeners whose callers may see one.
   */
  | { readonly kind: "tools"; readonly replica: string; readonly tools: readonly string[] | "all" };

/**
 * Where replicas share their sessions (`toolsift.sessions`). Every call may fail or hang: callers
 * bound them (`guardedStore`) and serve from their own memory when the store cannot answer.
 */
export interface SessionStore {
  load(id: string): Promise<SessionRecord | undefined>;
  /** Creates or replaces the record; it is active now. */
  save(record: SessionRecord): Promise<void>;
  /** Marks the session active now. */
  touch(id: string): Promise<void>;
  delete(id: string): Promise<void>;
  /** Deletes the sessions idle for longer than `idleMs`; returns how many. */
  expire(idleMs: number): Promise<number>;
  publish(message: ReplicaMessage): Promise<void>;
  /** Starts delivering every message published (by any replica, this one included) to `listener`. */
  subscribe(listener: (message: ReplicaMessage) => void): Promise<void>;
  close(): Promise<void>;
  /**
   * Whether sessions are shared now (the gateway's own guard around a store knows); absent: always
   * shared. @internal The stores toolsift opens report it; a store of the embedder's need not.
   */
  health?(): StoreHealth;
  /**
   * A key for `purpose` (lower-case letters and `-`), the same on every replica sharing this
   * store and kept from anyone else (another database role cannot read it): what a stateless
   * client is given signed by one replica verifies on the next. Never the store's own relay key.
   * Absent: each replica keys its own (a stateless confirmation is then asked again elsewhere).
   */
  sharedKey?(purpose: string): Promise<Uint8Array>;
  /**
   * Records `token` as used, on every replica: `true` the first time, `false` ever after (for
   * `keepMs` at least), so a one-time token cannot be spent twice, on one replica or two.
   */
  spendOnce?(token: string, keepMs: number): Promise<boolean>;
}
