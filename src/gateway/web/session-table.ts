import { createHash } from "node:crypto";
import { callerKey, type Caller } from "../auth/caller.js";

/** Something a session holds that can be ended: the MCP transport. */
export interface Closable {
  close(): Promise<void>;
}

/**
 * Who a session belongs to. `identity` binds it: a later request must prove the very same
 * caller, groups, scopes and tenant, or the rights the session was opened with would outlive the
 * credential. `quota` is what the per-caller cap counts under: every session of one caller, whatever
 * rights each was opened with.
 */
export interface SessionOwner {
  readonly identity: string;
  readonly quota: string;
}

/**
 * The owner of the sessions `caller` opens: its {@link callerKey} for the quota, and that key plus a
 * digest of its sorted groups, sorted scopes and tenant for the binding.
 *
 * @example
 * ```ts
 * sessions.use(id, sessionOwnerOf(caller).identity);
 * ```
 */
export function sessionOwnerOf(caller: Caller): SessionOwner {
  const quota = callerKey(caller);
  const sorted = (items: readonly string[]) => [...new Set(items)].sort();
  const rights = JSON.stringify([sorted(caller.groups), sorted(caller.scopes), caller.tenant ?? null]);
  return { identity: `${quota}#${createHash("sha256").update(rights).digest("hex")}`, quota };
}

interface Entry<T extends Closable> {
  readonly owner: SessionOwner;
  readonly session: T;
  /** When its last request started or ended. */
  lastActive: number;
  /** Requests under way (an open GET stream, a call not yet answered): the session is not idle. */
  inFlight: number;
}

/** A place kept for an initialize until its transport has opened the session (or refused it). */
export interface SessionTicket<T extends Closable> {
  /** The transport opened session `id`: it counts from now on under its owner. */
  open(id: string, session: T): void;
  /** The initialize opened nothing: give the place back. */
  release(): void;
}

/** A session found for a request: {@link SessionLease.done} when the request's answer has ended. */
export interface SessionLease<T extends Closable> {
  readonly session: T;
  /** The request ended (answered or abandoned): the session's idle time starts now. Twice is once. */
  done(): void;
}

/**
 * The HTTP sessions, each bound to the identity that opened it ({@link SessionOwner}), in order of
 * recent activity. Two caps: past `perOwner`, an owner's own least recently active session ends;
 * at `total`, a session idle (no request under way) for longer than `idleMs` ends, else the owner's
 * own oldest, else the initialize is refused. One caller can never end another's active sessions
 * by opening many; {@link SessionTable.endIdle} ends idle ones without waiting for pressure.
 */
export class SessionTable<T extends Closable> {
  /** Map order is recency: the first entry is the least recently active. */
  private readonly entries = new Map<string, Entry<T>>();
  /** Initializes under way, by quota key: they count against both caps until they open or fail. */
  private readonly pending = new Map<string, number>();
  private pendingTotal = 0;

  constructor(
    private readonly total: number,
    private readonly perOwner: number,
    private readonly idleMs: number,
  ) {}

  /** How many sessions are open. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The session `id` if it was opened by `identity`, marked active until the lease is done.
   * Another owner's session is `undefined`, as an unknown one is: the answer must not confirm that
   * an id exists.
   */
  use(id: string, identity: string): SessionLease<T> | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.owner.identity !== identity) return undefined;
    entry.inFlight++;
    this.touch(id, entry);
    let ended = false;
    return {
      session: entry.session,
      done: () => {
        if (ended) return;
        ended = true;
        entry.inFlight--;
        if (this.entries.get(id) === entry) this.touch(id, entry);
      },
    };
  }

  /** Whether `id` is open under an identity other than `identity` (for the audit log, never for the answer). */
  ownedByOther(id: string, identity: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && entry.owner.identity !== identity;
  }

  /**
   * Keeps a place for a new session of `owner`, ending the owner's least recently active sessions
   * as its quota requires; at the total, an idle session of anyone or else the owner's own oldest.
   * `undefined` when the total is reached by other owners' sessions that are not idle, which are
   * never ended for it.
   */
  reserve(owner: SessionOwner): SessionTicket<T> | undefined {
    const { quota } = owner;
    const ownerCount = () => this.countOf(quota) + (this.pending.get(quota) ?? 0);
    while (ownerCount() >= this.perOwner) if (!this.endOldestOf(quota)) return undefined;
    while (this.entries.size + this.pendingTotal >= this.total)
      if (!this.endLongestIdle() && !this.endOldestOf(quota)) return undefined;
    this.pending.set(quota, (this.pending.get(quota) ?? 0) + 1);
    this.pendingTotal++;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      const left = (this.pending.get(quota) ?? 1) - 1;
      if (left === 0) this.pending.delete(quota);
      else this.pending.set(quota, left);
      this.pendingTotal--;
      return true;
    };
    return {
      open: (id, session) => {
        if (settle()) this.entries.set(id, { owner, session, lastActive: Date.now(), inFlight: 0 });
      },
      release: () => void settle(),
    };
  }

  /** Ends every session idle for longer than the idle time-out; returns how many. */
  endIdle(): number {
    let ended = 0;
    while (this.endLongestIdle()) ended++;
    return ended;
  }

  /** Forgets a session that ended (its transport closed). */
  delete(id: string): void {
    this.entries.delete(id);
  }

  /** Ends every session. */
  async closeAll(): Promise<void> {
    const sessions = [...this.entries.values()].map((entry) => entry.session);
    this.entries.clear();
    await Promise.allSettled(sessions.map((session) => session.close()));
  }

  private touch(id: string, entry: Entry<T>): void {
    entry.lastActive = Date.now();
    this.entries.delete(id);
    this.entries.set(id, entry);
  }

  private countOf(quota: string): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.owner.quota === quota) count++;
    return count;
  }

  private endOldestOf(quota: string): boolean {
    for (const [id, entry] of this.entries) if (entry.owner.quota === quota) return this.end(id, entry);
    return false;
  }

  /** Ends the longest-idle session if it is past the time-out; one with a request under way is never idle. */
  private endLongestIdle(): boolean {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, entry] of this.entries) {
      if (entry.inFlight > 0) continue;
      // Map order is recency, so the first entry not under way is the longest idle.
      return entry.lastActive < cutoff && this.end(id, entry);
    }
    return false;
  }

  private end(id: string, entry: Entry<T>): true {
    this.entries.delete(id);
    entry.session.close().catch(() => undefined);
    return true;
  }
}
