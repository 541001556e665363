import { createHmac, randomBytes } from "node:crypto";
import type { ReplicaMessage, SessionRecord, SessionStore } from "./session-store.js";

/**
 * Sessions in this process's memory: what a gateway without `toolsift.sessions` has, and what
 * tests share between listeners of one process as if they were replicas.
 *
 * @example
 * ```ts
 * const store = new MemorySessionStore();
 * await store.save({ id, owner, initialize, state });
 * ```
 */
export class MemorySessionStore implements SessionStore {
  private readonly records = new Map<string, { record: SessionRecord; lastActive: number }>();
  private readonly listeners: ((message: ReplicaMessage) => void)[] = [];
  /** The listeners' shared secret: each store in memory has its own. */
  private readonly secret = randomBytes(32);
  /** One-time tokens spent, and until when they are kept. */
  private readonly spent = new Map<string, number>();

  async load(id: string): Promise<SessionRecord | undefined> {
    return this.records.get(id)?.record;
  }

  async save(record: SessionRecord): Promise<void> {
    // A copy, as a database row is: a later change of the caller's object must not reach the store.
    this.records.set(record.id, { record: structuredClone(record), lastActive: Date.now() });
  }

  async touch(id: string): Promise<void> {
    const entry = this.records.get(id);
    if (entry) entry.lastActive = Date.now();
  }

  async delete(id: string): Promise<void> {
    this.records.delete(id);
  }

  async expire(idleMs: number): Promise<number> {
    const cutoff = Date.now() - idleMs;
    let expired = 0;
    for (const [id, entry] of this.records)
      if (entry.lastActive < cutoff) {
        this.records.delete(id);
        expired++;
      }
    return expired;
  }

  async publish(message: ReplicaMessage): Promise<void> {
    const copy = structuredClone(message);
    // Later, as a NOTIFY arrives after the publisher's call returned.
    for (const listener of this.listeners) queueMicrotask(() => listener(copy));
  }

  async subscribe(listener: (message: ReplicaMessage) => void): Promise<void> {
    this.listeners.push(listener);
  }

  async sharedKey(purpose: string): Promise<Uint8Array> {
    return createHmac("sha256", this.secret).update(`toolsift:key:${purpose}`).digest();
  }

  async spendOnce(token: string, keepMs: number): Promise<boolean> {
    const now = Date.now();
    for (const [old, until] of this.spent) if (until < now) this.spent.delete(old);
    if (this.spent.has(token)) return false;
    this.spent.set(token, now + keepMs);
    return true;
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
  }
}
