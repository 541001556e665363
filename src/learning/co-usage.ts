import { bySession } from "./lesson.js";

/** The least number of sessions that must have used two tools together before one is offered beside the other. */
export const MIN_CO_USAGE_SESSIONS = 2;

/**
 * The tools that sessions used beside `tool`, each used so by at least `minSessions` distinct
 * sessions (never fewer than {@link MIN_CO_USAGE_SESSIONS}) and by at least half of the sessions
 * that used `tool`: the sessions that taught a lesson of `tool` are its users, and every other
 * tool one of them taught was used in the same session. The half keeps a tool that is used with
 * everything, once in a while each, from becoming everyone's companion.
 * Most sessions first, then by name, so the answer is the same in every process. Imported
 * lessons and lessons from before sessions were recorded have no session, so they never count:
 * one session (or one import) cannot plant a companion for everyone.
 *
 * @param lessonsOf - The lessons of a tool, with their teachers.
 * @param taughtBy - The lessons one session taught.
 * @example
 * ```ts
 * // sessions s1 and s2 each used crm__find_contact and crm__add_note:
 * coUsedTools("crm__add_note", lessonsOf, taughtBy, 2); // ["crm__find_contact"]
 * ```
 */
export function coUsedTools(
  tool: string,
  lessonsOf: (tool: string) => readonly { by?: string | undefined }[],
  taughtBy: (teacher: string) => readonly { tool: string }[],
  minSessions: number,
): string[] {
  const needed = Math.max(MIN_CO_USAGE_SESSIONS, minSessions);
  const teachers = new Set<string>();
  for (const lesson of lessonsOf(tool)) if (bySession(lesson)) teachers.add(lesson.by);
  if (teachers.size < needed) return [];
  const sessions = new Map<string, number>();
  for (const teacher of teachers) {
    const used = new Set(taughtBy(teacher).map((lesson) => lesson.tool));
    used.delete(tool);
    for (const other of used) sessions.set(other, (sessions.get(other) ?? 0) + 1);
  }
  return [...sessions]
    .filter(([, count]) => count >= needed && count * 2 >= teachers.size)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name]) => name);
}
