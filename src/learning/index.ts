export { blendLearned } from "./blend-learned.js";
export { FileUsageStore, LESSONS_FILE, type FileUsageStoreOptions } from "./file-usage-store.js";
export { Learning } from "./learning.js";
export { resolveLearning, type LearningOptions, type ResolvedLearning } from "./learning-options.js";
export { DEFAULT_LESSON_CAPS, newestLessons, type LessonCaps } from "./lesson-caps.js";
export { LearnedScores, LessonIndex, type LessonMatchOptions } from "./lesson-index.js";
export { DEFAULT_SCOPE, MAX_SCOPE_LENGTH, lessonKey, parseLesson, scopeProblem, type Lesson } from "./lesson.js";
export { MemoryUsageStore, type MemoryUsageStoreOptions } from "./memory-usage-store.js";
export { PostgresUsageStore, type PostgresUsageStoreOptions, type SqlQueryable } from "./postgres-usage-store.js";
export type { UsageStore, UsageStoreWarning } from "./usage-store.js";
export {
  MAX_MISS_RESULTS,
  MAX_MISS_TEXT,
  MISS_KINDS,
  parseMissRecord,
  type MissKind,
  type MissRecord,
  type MissRequest,
} from "./misses/miss-record.js";
export { FileMissStore, MISSES_FILE, MISSES_KEY_FILE, type FileMissStoreOptions } from "./misses/file-miss-store.js";
export { MemoryMissStore, type MemoryMissStoreOptions } from "./misses/memory-miss-store.js";
export { MissObserver, type MissDraft, type MissObserverLimits } from "./misses/miss-observer.js";
export { MissRecorder, hashRequest } from "./misses/miss-recorder.js";
export { isMissStore, type MissQuery, type MissStore } from "./misses/miss-store.js";
export { resolveMisses, type MissesOptions, type ResolvedMisses } from "./misses/misses-options.js";
export { PostgresMissStore, type PostgresMissStoreOptions } from "./misses/postgres-miss-store.js";
