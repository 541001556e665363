import type { UsageStoreWarning } from "../usage-store.js";
import type { MissRecord } from "./miss-record.js";

/** Which misses {@link MissStore.misses} returns. */
export interface MissQuery {
  /** Only this learning scope's misses; every scope's when left out. */
  scope?: string;
  /** Only misses at or after this time. */
  since?: Date;
  /** At most this many, the newest. @defaultValue 1,000 */
  limit?: number;
}

/** The most misses one read returns, whatever `limit` asks. */
export const MAX_MISS_READ = 100_000;
export const DEFAULT_MISS_READ = 1_000;

/**
 * Where misses persist: in memory ({@link MemoryMissStore}), in a file under the cache directory
 * ({@link FileMissStore}) or in PostgreSQL ({@link PostgresMissStore}), or your own.
 *
 * The store also keeps the key that request hashes are made with (`key()`): 32 random bytes,
 * made once, so equal requests group together in one store while a hash cannot be matched
 * against a dictionary of likely requests by someone without the key.
 */
export interface MissStore {
  /** Saves records. Adding a record twice (the same `id`) must keep one. */
  add(records: readonly MissRecord[]): Promise<void>;
  /** The newest misses first, filtered by `query`. A damaged record is skipped with a warning. */
  misses(query?: MissQuery): Promise<readonly MissRecord[]>;
  /** The HMAC key of request hashes: 32 bytes, the same for every call and every process sharing the store. */
  key(): Promise<Uint8Array>;
  /** Releases connections or files. toolsift closes only a store it created itself. */
  close?(): Promise<void>;
  /** Optional: lets a tool search hear the store's warnings as `warning` events. */
  listen?(listener: UsageStoreWarning): () => void;
}

/** Checks a {@link MissQuery}; throws a `TypeError` naming the field. */
export function readMissQuery(query: MissQuery | undefined): { scope?: string; since?: number; limit: number } {
  const { scope, since, limit = DEFAULT_MISS_READ } = query ?? {};
  if (scope !== undefined && typeof scope !== "string") throw new TypeError("misses(): scope must be a string.");
  if (since !== undefined && !(since instanceof Date && !Number.isNaN(since.getTime())))
    throw new TypeError("misses(): since must be a valid Date.");
  if (!Number.isSafeInteger(limit) || limit < 1) throw new TypeError("misses(): limit must be a whole number ≥ 1.");
  return {
    ...(scope === undefined ? {} : { scope }),
    ...(since === undefined ? {} : { since: since.getTime() }),
    limit: Math.min(limit, MAX_MISS_READ),
  };
}

/** Whether a record passes a checked query's scope and date. */
export function matchesQuery(record: MissRecord, query: { scope?: string; since?: number }): boolean {
  return (
    (query.scope === undefined || record.scope === query.scope) &&
    (query.since === undefined || Date.parse(record.at) >= query.since)
  );
}

/** Newest first, then by id so the order is stable. */
export function newestFirst(a: MissRecord, b: MissRecord): number {
  return Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function isMissStore(value: unknown): value is MissStore {
  const store = value as Partial<MissStore> | null;
  return (
    typeof store === "object" &&
    store !== null &&
    typeof store.add === "function" &&
    typeof store.misses === "function" &&
    typeof store.key === "function"
  );
}
