/**
 * `toolsift/learning`: learning from use. The options of `createToolSearch({ learning })` and
 * the stores that keep its lessons: in memory, in a file, or in PostgreSQL (`pg`, an optional
 * peer, loaded only when a {@link PostgresUsageStore} connects by URL).
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
  FileUsageStore,
  MISS_KINDS,
  MemoryUsageStore,
  PostgresUsageStore,
  parseMissRecord,
  type FileUsageStoreOptions,
  type LearningOptions,
  type Lesson,
  type LessonCaps,
  type MemoryUsageStoreOptions,
  type MissKind,
  type MissRecord,
  type MissRequest,
  type PostgresUsageStoreOptions,
  type SqlQueryable,
  type UsageStore,
  type UsageStoreWarning,
} from "../learning/index.js";
