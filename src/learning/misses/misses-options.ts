import { OptionsError } from "../../errors.js";
import { describeValue } from "../../describe-value.js";
import { MemoryMissStore } from "./memory-miss-store.js";
import { isMissStore, type MissStore } from "./miss-store.js";

/**
 * What `createToolSearch({ misses })` records of searches that failed in use. `misses: true` is
 * `{}`; a {@link MissStore} alone is `{ store }`.
 */
export interface MissesOptions {
  /** Where misses persist. @defaultValue a {@link MemoryMissStore}: this process only */
  store?: MissStore;
  /**
   * Keep each request's text in the store. Off, a record keeps only the request's keyed hash
   * (HMAC-SHA256 under the store's key) and its length: requests may carry user data.
   * @defaultValue false
   */
  recordText?: boolean;
}

/** {@link MissesOptions} checked, defaults filled in. */
export interface ResolvedMisses {
  store: MissStore;
  /** Whether the store was made here, and so is ours to close. */
  ownsStore: boolean;
  recordText: boolean;
}

/**
 * Checks `createToolSearch`'s `misses` option; `undefined` when misses are off (the default).
 *
 * @throws {@link OptionsError} (`invalid_misses`) naming the field and what it accepts.
 */
export function resolveMisses(misses: boolean | MissStore | MissesOptions | undefined): ResolvedMisses | undefined {
  if (misses === undefined || misses === false) return undefined;
  if (misses === true) return { store: new MemoryMissStore(), ownsStore: true, recordText: false };
  if (isMissStore(misses)) return { store: misses, ownsStore: false, recordText: false };
  if (typeof misses !== "object" || misses === null || Array.isArray(misses)) {
    throw new OptionsError(
      "invalid_misses",
      `options.misses must be true, false, a MissStore or { store, recordText }, got ${describeValue(misses)}.`,
    );
  }
  const { store, recordText, ...rest } = misses;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    throw new OptionsError("invalid_misses", `misses.${unknown} is not an option; they are store and recordText.`);
  if (store !== undefined && !isMissStore(store)) {
    throw new OptionsError(
      "invalid_misses",
      "misses.store must implement MissStore: add(records), misses(query) and key(), each returning a promise.",
    );
  }
  if (recordText !== undefined && typeof recordText !== "boolean")
    throw new OptionsError(
      "invalid_misses",
      `misses.recordText must be true or false, got ${describeValue(recordText)}.`,
    );
  return { store: store ?? new MemoryMissStore(), ownsStore: store === undefined, recordText: recordText ?? false };
}
