import { randomBytes } from "node:crypto";
import type { MissRecord } from "./miss-record.js";
import { matchesQuery, newestFirst, readMissQuery, type MissQuery, type MissStore } from "./miss-store.js";
import { checkKeys, optionKeys } from "../../util/option-keys.js";

export interface MemoryMissStoreOptions {
  /** Records kept; past it the oldest are dropped. @defaultValue 10,000 */
  maxRecords?: number;
}

/** Every option of `MemoryMissStore`; the compiler holds the list to {@link MemoryMissStoreOptions}. */
const MEMORY_MISS_STORE_KEYS = optionKeys<keyof MemoryMissStoreOptions>({
  maxRecords: true,
});

/**
 * Misses in this process's memory, gone when it exits: what `misses: true` uses. Its hash key
 * is made when the store is, so hashes group only within this process.
 *
 * @example
 * ```ts
 * const store = new MemoryMissStore({ maxRecords: 1_000 });
 * const toolSearch = await createToolSearch({ tools, misses: { store } });
 * ```
 */
export class MemoryMissStore implements MissStore {
  /** By id, in the order added: the first is the oldest to drop. */
  private readonly records = new Map<string, MissRecord>();
  private readonly maxRecords: number;
  private readonly hashKey = randomBytes(32);

  constructor(options: MemoryMissStoreOptions = {}) {
    checkKeys("MemoryMissStore", "", options, MEMORY_MISS_STORE_KEYS, "{ maxRecords: 1000 }");
    this.maxRecords = options.maxRecords ?? 10_000;
  }

  async add(records: readonly MissRecord[]): Promise<void> {
    for (const record of records) {
      if (!this.records.has(record.id)) this.records.set(record.id, structuredClone(record));
    }
    for (const oldest of this.records.keys()) {
      if (this.records.size <= this.maxRecords) break;
      this.records.delete(oldest);
    }
  }

  async misses(query?: MissQuery): Promise<readonly MissRecord[]> {
    const checked = readMissQuery(query);
    return [...this.records.values()]
      .filter((record) => matchesQuery(record, checked))
      .sort(newestFirst)
      .slice(0, checked.limit)
      .map((record) => structuredClone(record));
  }

  async key(): Promise<Uint8Array> {
    return Uint8Array.from(this.hashKey);
  }
}
