import { DEFAULT_LESSON_CAPS, newestLessons, type LessonCaps } from "./lesson-caps.js";
import { lessonKey, type Lesson } from "./lesson.js";
import type { UsageStore } from "./usage-store.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";

export interface MemoryUsageStoreOptions extends Partial<LessonCaps> {
  /** Scopes kept; past it the least recently used scope is dropped, lessons and all. @defaultValue 1,000 */
  maxScopes?: number;
}

/** Every option of `MemoryUsageStore`; the compiler holds the list to {@link MemoryUsageStoreOptions}. */
const MEMORY_USAGE_STORE_KEYS = optionKeys<keyof MemoryUsageStoreOptions>({
  maxScopes: true,
  maxLessonsPerTool: true,
  maxLessonsPerScope: true,
});

/**
 * Lessons in this process's memory, gone when it exits: what `learning: true` uses. Bounded by
 * the lesson caps and `maxScopes`.
 *
 * @example
 * ```ts
 * const store = new MemoryUsageStore({ maxScopes: 100 });
 * const toolSearch = await createToolSearch({ tools, learning: { store } });
 * ```
 */
export class MemoryUsageStore implements UsageStore {
  /** Lessons by scope and key; Map order is recency of use, for `maxScopes`. */
  private readonly scopes = new Map<string, { byKey: Map<string, Lesson>; perTool: Map<string, number> }>();
  private readonly caps: LessonCaps;
  private readonly maxScopes: number;

  constructor(options: MemoryUsageStoreOptions = {}) {
    checkKeys("MemoryUsageStore", "", options, MEMORY_USAGE_STORE_KEYS, "{ maxScopes: 100 }");
    this.caps = { ...DEFAULT_LESSON_CAPS, ...definedCaps(options) };
    this.maxScopes = options.maxScopes ?? 1_000;
  }

  async add(lessons: readonly Lesson[]): Promise<void> {
    for (const lesson of lessons) {
      let scope = this.scopes.get(lesson.scope);
      if (scope) this.scopes.delete(lesson.scope);
      else scope = { byKey: new Map(), perTool: new Map() };
      this.scopes.set(lesson.scope, scope);
      const key = lessonKey(lesson.tool, lesson.query, lesson.by);
      const known = scope.byKey.get(key);
      if (known && known.at > lesson.at) continue;
      if (!known) scope.perTool.set(lesson.tool, (scope.perTool.get(lesson.tool) ?? 0) + 1);
      scope.byKey.set(key, { ...lesson });
      // Trimmed to the caps once past them by half: amortised, and never far over.
      const toolCount = scope.perTool.get(lesson.tool)!;
      if (toolCount > 1.5 * this.caps.maxLessonsPerTool || scope.byKey.size > 1.5 * this.caps.maxLessonsPerScope)
        this.trim(lesson.scope, scope);
    }
    for (const oldest of this.scopes.keys()) {
      if (this.scopes.size <= this.maxScopes) break;
      this.scopes.delete(oldest);
    }
  }

  async lessons(scope: string): Promise<readonly Lesson[]> {
    return newestLessons([...(this.scopes.get(scope)?.byKey.values() ?? [])], this.caps).map((lesson) => ({
      ...lesson,
    }));
  }

  async forget(scope: string): Promise<void> {
    this.scopes.delete(scope);
  }

  private trim(name: string, scope: { byKey: Map<string, Lesson>; perTool: Map<string, number> }): void {
    const kept = newestLessons([...scope.byKey.values()], this.caps);
    scope.byKey.clear();
    scope.perTool.clear();
    for (const lesson of kept) {
      scope.byKey.set(lessonKey(lesson.tool, lesson.query, lesson.by), lesson);
      scope.perTool.set(lesson.tool, (scope.perTool.get(lesson.tool) ?? 0) + 1);
    }
    this.scopes.set(name, scope);
  }
}

/** The caps given, without keys set to `undefined` (which would override the defaults). */
export function definedCaps(options: Partial<LessonCaps>): Partial<LessonCaps> {
  return Object.fromEntries(
    Object.entries({
      maxLessonsPerTool: options.maxLessonsPerTool,
      maxLessonsPerScope: options.maxLessonsPerScope,
    }).filter(([, value]) => value !== undefined),
  );
}
