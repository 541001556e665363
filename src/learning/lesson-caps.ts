import { bySession, lessonKey, type Lesson } from "./lesson.js";

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
 * The share of each cap one session's lessons may hold: a quarter (8 of a tool's 32, 1,250 of a
 * scope's 5,000). Past it the session's own oldest lessons go, never another session's, so one
 * session's flood cannot evict what the others taught; a quarter still leaves a busy session
 * room for every way it phrases a need. Imports and records without a session have no share.
 */
export const SESSION_SHARE = 0.25;

/** How many lessons one session may hold per tool and per scope under `caps`. */
export function sessionShares(caps: LessonCaps): { perTool: number; perScope: number } {
  return {
    perTool: Math.max(1, Math.floor(caps.maxLessonsPerTool * SESSION_SHARE)),
    perScope: Math.max(1, Math.floor(caps.maxLessonsPerScope * SESSION_SHARE)),
  };
}

/**
 * The lessons the caps keep, oldest first: one per tool, query and teacher (the newest date wins;
 * case and spacing of the query do not count), then, newest first, those within every cap: each
 * session's share ({@link sessionShares}) of a tool and of the scope, `maxLessonsPerTool` per
 * tool and `maxLessonsPerScope` per scope. Ties in date keep input order.
 *
 * @example
 * ```ts
 * newestLessons([a1, a2, b1], { maxLessonsPerTool: 1, maxLessonsPerScope: 10 }); // [newest of a, b1]
 * ```
 */
export function newestLessons(lessons: readonly Lesson[], caps: LessonCaps): Lesson[] {
  const byKey = new Map<string, { lesson: Lesson; order: number }>();
  lessons.forEach((lesson, order) => {
    const key = `${lesson.scope}\u0000${lessonKey(lesson.tool, lesson.query, lesson.by)}`;
    const known = byKey.get(key);
    if (!known || lesson.at >= known.lesson.at) byKey.set(key, { lesson, order });
  });
  const newestFirst = [...byKey.values()].sort((a, b) => b.lesson.at - a.lesson.at || b.order - a.order);
  const shares = sessionShares(caps);
  const counts = new Map<string, number>();
  const kept: { lesson: Lesson; order: number }[] = [];
  for (const entry of newestFirst) {
    const { scope, tool } = entry.lesson;
    const limits: [string, number][] = [
      [`${scope}\u0000${tool}`, caps.maxLessonsPerTool],
      [scope, caps.maxLessonsPerScope],
    ];
    if (bySession(entry.lesson)) {
      limits.push(
        [`${scope}\u0000${tool}\u0000${entry.lesson.by}`, shares.perTool],
        [`${scope}\u0001${entry.lesson.by}`, shares.perScope],
      );
    }
    if (limits.some(([key, limit]) => (counts.get(key) ?? 0) >= limit)) continue;
    for (const [key] of limits) counts.set(key, (counts.get(key) ?? 0) + 1);
    kept.push(entry);
  }
  return kept.reverse().map((entry) => entry.lesson);
}
