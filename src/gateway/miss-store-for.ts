import { FileMissStore, PostgresMissStore, type MissStore } from "../public/learning.js";
import { defaultCacheDir } from "./config/gateway-config.js";
import type { MissesSettings } from "./misses-config.js";

/**
 * The miss store a config's `misses.store` names: the misses file in the cache folder
 * (`cacheDir`; the user's cache folder when embeddings are kept in memory only), or a
 * PostgreSQL table through the optional `pg` package, which connects on first use.
 * `toolsift misses --config` reads the same one.
 *
 * @example
 * ```ts
 * const store = missStoreFor({ store: { kind: "file" }, recordText: false }, "/var/cache/toolsift");
 * ```
 */
export function missStoreFor(misses: MissesSettings, cacheDir: string | false): MissStore {
  if (misses.store.kind === "postgres") return new PostgresMissStore({ connectionString: misses.store.url });
  return new FileMissStore({ cacheDir: cacheDir === false ? defaultCacheDir() : cacheDir });
}
