import { errorText } from "../../errors.js";
import type { ReplicaMessage, SessionRecord, SessionStore } from "./session-store.js";
import { brokenStoreReason, type StoreHealth } from "./store-health.js";

/** Options of {@link guardedStore}. */
export interface GuardOptions {
  /** How long one call may take before it counts as failed. @defaultValue 2,000 */
  timeoutMs?: number;
  /** After a failure, how long calls fail at once (no waiting) before the store is tried again. @defaultValue 5,000 */
  retryAfterMs?: number;
  /** Told once when the store stops answering, and once when it answers again. */
  log(line: string): void;
}

/** A store call that failed or took too long: the caller serves from its own memory. */
export class StoreUnavailable extends Error {}

/**
 * A session store whose every call is bounded by a timeout. A failure (or a call past the
 * timeout) is one warning; for `retryAfterMs` after it, calls fail at once, so a hanging store
 * costs a request nothing but what it takes to notice. The first call that answers after it is
 * logged as the recovery. Callers catch {@link StoreUnavailable} and carry on per replica.
 *
 * @example
 * ```ts
 * const store = guardedStore(new PostgresSessionStore({ connectionString }), { log: console.error });
 * ```
 */
export function guardedStore(
  store: SessionStore,
  options: GuardOptions,
): SessionStore & { readonly down: boolean; health(): StoreHealth } {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const retryAfterMs = options.retryAfterMs ?? 5_000;
  let downUntil = 0;
  let down = false;
  /** Set by a failure no retry can fix; cleared by the next call that answers. */
  let broken: string | undefined;
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    if (down && Date.now() < downUntil) throw new StoreUnavailable("the session store is not answering");
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      broken = undefined;
      if (down) {
        down = false;
        options.log("the session store answers again: sessions are shared between replicas again.");
      }
      return result;
    } catch (error) {
      downUntil = Date.now() + retryAfterMs;
      broken = brokenStoreReason(error);
      if (!down) {
        down = true;
        options.log(
          `warning: the session store failed (${what}: ${errorText(error)}); serving sessions from this replica's memory until it answers again.`,
        );
      }
      throw new StoreUnavailable(errorText(error), { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };
  const sharedKey = store.sharedKey?.bind(store);
  const spendOnce = store.spendOnce?.bind(store);
  return {
    get down() {
      return down;
    },
    health: () =>
      broken !== undefined
        ? { state: "broken", reason: broken }
        : down
          ? { state: "degraded", reason: "the session store is not answering: this replica serves its own sessions" }
          : { state: "shared" },
    load: (id: string) => call("load", () => store.load(id)),
    save: (record: SessionRecord) => call("save", () => store.save(record)),
    touch: (id: string) => call("touch", () => store.touch(id)),
    delete: (id: string) => call("delete", () => store.delete(id)),
    expire: (idleMs: number) => call("expire", () => store.expire(idleMs)),
    publish: (message: ReplicaMessage) => call("publish", () => store.publish(message)),
    subscribe: (listener: (message: ReplicaMessage) => void) => call("subscribe", () => store.subscribe(listener)),
    close: () => store.close(),
    // Only what the store has: without them, a caller keys and counts per replica.
    ...(sharedKey ? { sharedKey: (purpose: string) => call("key", () => sharedKey(purpose)) } : {}),
    ...(spendOnce
      ? { spendOnce: (token: string, keepMs: number) => call("spend", () => spendOnce(token, keepMs)) }
      : {}),
  };
}
