/** Something a session holds that can be ended: the MCP transport. */
export interface Closable {
  close(): Promise<void>;
}

interface Entry<T extends Closable> {
  readonly owner: string;
  readonly session: T;
}

/** A place kept for an initialize until its transport has opened the session (or refused it). */
export interface SessionTicket<T extends Closable> {
  /** The transport opened session `id`: it counts from now on under its owner. */
  open(id: string, session: T): void;
  /** The initialize opened nothing: give the place back. */
  release(): void;
}

/**
 * The HTTP sessions, each bound to the credential that opened it (by `callerKey`), in order of
 * recent activity. Two caps: past `perOwner`, an owner's own least recently active session ends;
 * at `total`, a new initialize is refused unless its owner has a session of its own to end. One
 * credential can never end another's sessions by opening many.
 */
export class SessionTable<T extends Closable> {
  /** Map order is recency: the first entry is the least recently active. */
  private readonly entries = new Map<string, Entry<T>>();
  /** Initializes under way, by owner: they count against both caps until they open or fail. */
  private readonly pending = new Map<string, number>();
  private pendingTotal = 0;

  constructor(
    private readonly total: number,
    private readonly perOwner: number,
  ) {}

  /** How many sessions are open. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The session `id` if `owner` opened it, marked as just active. Another owner's session is
   * `undefined`, as an unknown one is: the answer must not confirm that an id exists.
   */
  use(id: string, owner: string): T | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.owner !== owner) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.session;
  }

  /** Whether `id` is open under an owner other than `owner` (for the audit log, never for the answer). */
  ownedByOther(id: string, owner: string): boolean {
    const entry = this.entries.get(id);
    return entry !== undefined && entry.owner !== owner;
  }

  /**
   * Keeps a place for a new session of `owner`, ending the owner's least recently active
   * sessions as its quota (or the total) requires; `undefined` when the total is reached by other
   * owners' sessions alone, which are never ended for it.
   */
  reserve(owner: string): SessionTicket<T> | undefined {
    const ownerCount = () => this.countOf(owner) + (this.pending.get(owner) ?? 0);
    while (ownerCount() >= this.perOwner || this.entries.size + this.pendingTotal >= this.total) {
      if (!this.endOldestOf(owner)) return undefined;
    }
    this.pending.set(owner, (this.pending.get(owner) ?? 0) + 1);
    this.pendingTotal++;
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      const left = (this.pending.get(owner) ?? 1) - 1;
      if (left === 0) this.pending.delete(owner);
      else this.pending.set(owner, left);
      this.pendingTotal--;
      return true;
    };
    return {
      open: (id, session) => {
        if (settle()) this.entries.set(id, { owner, session });
      },
      release: () => void settle(),
    };
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

  private countOf(owner: string): number {
    let count = 0;
    for (const entry of this.entries.values()) if (entry.owner === owner) count++;
    return count;
  }

  private endOldestOf(owner: string): boolean {
    for (const [id, entry] of this.entries) {
      if (entry.owner !== owner) continue;
      this.entries.delete(id);
      entry.session.close().catch(() => undefined);
      return true;
    }
    return false;
  }
}
