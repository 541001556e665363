import { lessonKey, type Lesson } from "./lesson.js";

/** How many lessons are kept: the newest win, so old usage ages out by count as well as by time. */
export interface LessonCaps {
  /**
   * Distinct queries kept per tool and scope. A handful already helps; a cap keeps one busy
   * tool's lessons from outweighing everything else and bounds memory.
   * @defaultValue 32
   */
  maxLessonsPerTool: number;
  /** Lessons kept per scope, over all its tools. @defaultValue 5,000 */
  maxLessonsPerScope: number;
}

export const DEFAULT_LESSON_CAPS: LessonCaps = { maxLessonsPerTool: 32, maxLessonsPerScope: 5_000 };

/**
 * The lessons the caps keep, oldest first: one per tool and query (the newest date wins; case
 * and spacing of the query do not count), then the newest `maxLessonsPerTool` of each tool and
 * scope, then the newest `maxLessonsPerScope` of each scope. Ties in date keep input order.
 *
 * @example
 * ```ts
 * newestLessons([a1, a2, b1], { maxLessonsPerTool: 1, maxLessonsPerScope: 10 }); // [newest of a, b1]
 * ```
 */
export function newestLessons(lessons: readonly Lesson[], caps: LessonCaps): Lesson[] {
  const byKey = new Map<string, { lesson: Lesson; order: number }>();
  lessons.forEach((lesson, order) => {
    const key = `${lesson.scope}\u0000${lessonKey(lesson.tool, lesson.query)}`;
    const known = byKey.get(key);
    if (!known || lesson.at >= known.lesson.at) byKey.set(key, { lesson, order });
  });
  const newestFirst = [...byKey.values()].sort((a, b) => b.lesson.at - a.lesson.at || b.order - a.order);
  const perTool = new Map<string, number>();
  const perScope = new Map<string, number>();
  const kept: { lesson: Lesson; order: number }[] = [];
  for (const entry of newestFirst) {
    const { scope, tool } = entry.lesson;
    const toolKey = `${scope}\u0000${tool}`;
    const toolCount = perTool.get(toolKey) ?? 0;
    const scopeCount = perScope.get(scope) ?? 0;
    if (toolCount >= caps.maxLessonsPerTool || scopeCount >= caps.maxLessonsPerScope) continue;
    perTool.set(toolKey, toolCount + 1);
    perScope.set(scope, scopeCount + 1);
    kept.push(entry);
  }
  return kept.reverse().map((entry) => entry.lesson);
}
