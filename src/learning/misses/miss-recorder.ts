import { createHmac, randomUUID } from "node:crypto";
import { MAX_MISS_RESULTS, MAX_MISS_TEXT, type MissRecord } from "./miss-record.js";
import type { MissDraft } from "./miss-observer.js";
import type { ResolvedMisses } from "./misses-options.js";

/** Drafts waiting for the store at most; past it new ones are dropped, with one warning. */
const MAX_WAITING = 10_000;
/** Records handed to the store in one `add`. */
const BATCH = 500;
const MAX_NAME = 256;

/** The keyed hash of a request: HMAC-SHA256 under the store's key, hex. */
export function hashRequest(key: Uint8Array, text: string): string {
  return createHmac("sha256", key).update(text, "utf8").digest("hex");
}

/**
 * Hands settled misses to the store off the search path: hashes each request under the store's
 * key, keeps its text only with `recordText`, and writes in batches, one `add` at a time. A store
 * that fails is told as a `misses_store_failed` warning; the batch is dropped, never retried
 * without bound.
 */
export class MissRecorder {
  private waiting: (MissDraft & { server?: string })[] = [];
  private writing: Promise<void> | undefined;
  private dropped = 0;

  constructor(
    private readonly misses: ResolvedMisses,
    private readonly warn: (code: string, message: string) => void,
  ) {}

  record(draft: MissDraft & { server?: string }): void {
    if (this.waiting.length >= MAX_WAITING) {
      if (this.dropped++ === 0)
        this.warn(
          "misses_store_behind",
          `The miss store is ${MAX_WAITING} records behind; new misses are dropped until it catches up.`,
        );
      return;
    }
    this.waiting.push(draft);
    this.writing ??= this.drain();
  }

  /** Waits until every miss recorded so far was handed to the store. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Flushes, then closes the store if it was made here. */
  async close(): Promise<void> {
    await this.flush();
    if (this.misses.ownsStore) await this.misses.store.close?.();
  }

  private async drain(): Promise<void> {
    // Let the event that settled the miss finish first: the store is never on its path.
    await Promise.resolve();
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, BATCH);
        try {
          const key = await this.misses.store.key();
          await this.misses.store.add(batch.map((draft) => this.toRecord(key, draft)));
        } catch (error) {
          this.warn(
            "misses_store_failed",
            `The miss store refused ${batch.length} misses (${error instanceof Error ? error.message : String(error)}); they are dropped.`,
          );
        }
      }
      this.dropped = 0;
    } finally {
      this.writing = undefined;
    }
  }

  private toRecord(key: Uint8Array, draft: MissDraft & { server?: string }): MissRecord {
    const named = (name: string | undefined) =>
      name !== undefined && name.length > 0 && name.length <= MAX_NAME ? name : undefined;
    const answer = named(draft.answer);
    const server = answer === undefined ? undefined : named(draft.server);
    return {
      id: randomUUID(),
      at: new Date(draft.at).toISOString(),
      scope: draft.scope,
      kind: draft.kind,
      request: {
        hash: hashRequest(key, draft.request),
        length: draft.request.length,
        ...(this.misses.recordText ? { text: draft.request.slice(0, MAX_MISS_TEXT) } : {}),
      },
      results: draft.results.filter((name) => named(name) !== undefined).slice(0, MAX_MISS_RESULTS),
      ...(answer === undefined ? {} : { answer }),
      ...(server === undefined ? {} : { server }),
    };
  }
}
