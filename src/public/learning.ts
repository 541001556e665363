/**
 * `toolsift/learning`: learning from use. The options of `createToolSearch({ learning })` and
 * the stores that keep its lessons: in memory, in a file, or in PostgreSQL (`pg`, an optional
 * peer, loaded only when a {@link PostgresUsageStore} connects by URL). And the misses
 * (`createToolSearch({ misses })`): where search failed in use, and the stores that keep them.
 *
 * @example
 * ```ts
 * import { createToolSearch } from "toolsift";
 * import { FileUsageStore } from "toolsift/learning";
 *
 * const toolSearch = await createToolSearch({ tools, learning: { store: new FileUsageStore({ cacheDir: ".toolsift" }) } });
 * ```
 * @module
 */
export {
  DEFAULT_SCOPE,
  FileMissStore,
  FileUsageStore,
  MISS_KINDS,
  MemoryMissStore,
  MemoryUsageStore,
  PostgresMissStore,
  PostgresUsageStore,
  parseMissRecord,
  type FileMissStoreOptions,
  type FileUsageStoreOptions,
  type LearningOptions,
  type Lesson,
  type LessonCaps,
  type MemoryMissStoreOptions,
  type MemoryUsageStoreOptions,
  type MissesOptions,
  type MissKind,
  type MissQuery,
  type MissRecord,
  type MissRequest,
  type MissStore,
  type PostgresMissStoreOptions,
  type PostgresUsageStoreOptions,
  type SqlQueryable,
  type UsageStore,
  type UsageStoreWarning,
} from "../learning/index.js";
