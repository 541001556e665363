import { FileUsageStore, PostgresUsageStore, type UsageStore } from "../public/learning.js";
import { defaultCacheDir } from "./config/gateway-config.js";
import type { LearningSettings } from "./learning-config.js";

/**
 * The usage store a config's `learning.store` names: the lessons file in the cache folder
 * (`cacheDir`; the user's cache folder when embeddings are kept in memory only), or a
 * PostgreSQL table through the optional `pg` package, which connects on first use. Its warnings
 * reach the gateway's log through the tool search, redacted there.
 *
 * @example
 * ```ts
 * const store = learningStore({ store: { kind: "file" }, scope: "identity" }, "/var/cache/toolsift");
 * ```
 */
export function learningStore(learning: LearningSettings, cacheDir: string | false): UsageStore {
  if (learning.store.kind === "postgres") return new PostgresUsageStore({ connectionString: learning.store.url });
  return new FileUsageStore({ cacheDir: cacheDir === false ? defaultCacheDir() : cacheDir });
}
