import type { Lesson } from "./lesson.js";

/**
 * Where lessons persist: in memory ({@link MemoryUsageStore}), in a file under the cache
 * directory ({@link FileUsageStore}), in PostgreSQL for a fleet of workers
 * ({@link PostgresUsageStore}), or your own. Three methods; lessons are plain records.
 *
 * toolsift reads a scope with `lessons` when the scope is first used and again every
 * `refreshMs` (so lessons other processes wrote show up), writes new lessons in batches with
 * `add` (one call at a time, off the search path), and erases with `forget`. It keeps only the
 * newest lessons per tool and scope whatever a store returns, so a store may keep more; the
 * built-in stores compact to the same caps.
 *
 * Lessons hold search queries, which may carry user data: a store decides where they live.
 *
 * @example
 * ```ts
 * // A store over Redis, one list per scope (sketch: add your own caps and expiry).
 * const redisStore: UsageStore = {
 *   async add(lessons) {
 *     for (const lesson of lessons) await redis.rPush(`toolsift:${lesson.scope}`, JSON.stringify(lesson));
 *   },
 *   async lessons(scope) {
 *     return (await redis.lRange(`toolsift:${scope}`, -5000, -1)).map((entry) => JSON.parse(entry));
 *   },
 *   async forget(scope) {
 *     await redis.del(`toolsift:${scope}`);
 *   },
 * };
 * const toolSearch = await createToolSearch({ tools, learning: { store: redisStore } });
 * ```
 */
export interface UsageStore {
  /** Saves lessons, possibly of several scopes. Adding a lesson twice must be harmless. */
  add(lessons: readonly Lesson[]): Promise<void>;
  /**
   * The lessons kept for one scope, in any order. What comes back is checked: a malformed
   * record is skipped with a `learning_store_invalid` warning, never ranked.
   */
  lessons(scope: string): Promise<readonly Lesson[]>;
  /** Erases every lesson of a scope, for good. */
  forget(scope: string): Promise<void>;
  /** Releases connections or files. toolsift closes only a store it created itself. */
  close?(): Promise<void>;
  /**
   * Optional: lets a tool search hear the store's own warnings (a damaged file healed, say) as
   * `warning` events. Returns a function that stops listening.
   */
  listen?(listener: UsageStoreWarning): () => void;
}

/** Receives a store's warnings: a stable `code` (e.g. `learning_store_repaired`) and a message. */
export type UsageStoreWarning = (code: string, message: string) => void;
