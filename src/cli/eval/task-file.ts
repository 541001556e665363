import { describeValue } from "../../describe-value.js";
import { MAX_REQUEST_LENGTH } from "../../for-apps.js";
import { TaskFileError, readJsonLines } from "./json-lines.js";
import type { EvalTask } from "./evaluate-search.js";

export { TaskFileError } from "./json-lines.js";

/**
 * Bounds on a task file: a hand-written or exported eval set is a few thousand lines, so these
 * leave room while a log file or `/dev/zero` passed by mistake is refused.
 */
export const TASK_FILE_LIMITS = {
  /** The file itself. */
  maxBytes: 16 * 1024 * 1024,
  /** Tasks in one file. */
  maxTasks: 100_000,
  /** Characters of one line. */
  maxLineChars: 16_384,
  /** Characters of one query: what `toolSearch.search` takes (`MAX_REQUEST_LENGTH`). */
  maxQueryChars: MAX_REQUEST_LENGTH,
  /** Tools one task expects. */
  maxExpected: 32,
  /** Characters of one tool name. */
  maxNameChars: 256,
} as const;

const SHAPE = 'Each line is one JSON object: {"query": "open a ticket", "expected": ["jira__create_issue"]}.';

/**
 * The tasks of a JSONL file's text: one `{ "query": …, "expected": [tool names] }` per line;
 * blank lines are skipped. Other keys are ignored, so a file exported with ids or notes reads as
 * it is. The first bad line stops the read: an eval that silently skipped lines would report a
 * recall over a set the user did not write.
 *
 * @param file Names the file in messages.
 * @throws {@link TaskFileError} naming the line, what is wrong with it, and the shape expected.
 * @example
 * ```ts
 * parseTaskLines('{"query": "open a ticket", "expected": ["jira__create_issue"]}\n', "tasks.jsonl");
 * // [{ query: "open a ticket", expected: ["jira__create_issue"] }]
 * ```
 */
export function parseTaskLines(text: string, file: string): EvalTask[] {
  const limits = { maxLineChars: TASK_FILE_LIMITS.maxLineChars, maxLines: TASK_FILE_LIMITS.maxTasks };
  return readJsonLines(text, file, limits, SHAPE, (value, fail) => {
    const { query, expected } = value;
    if (typeof query !== "string" || query.trim() === "") fail('"query" is not a non-empty string');
    const text = (query as string).replace(/\s+/g, " ").trim();
    if (text.length > TASK_FILE_LIMITS.maxQueryChars)
      fail(`"query" has ${text.length} characters, over the ${TASK_FILE_LIMITS.maxQueryChars} a search takes`);
    return { query: text, expected: toolNames(expected, '"expected"', fail) };
  });
}

/**
 * A task's list of tool names, checked: a non-empty array of 1 to
 * {@link TASK_FILE_LIMITS}`.maxExpected` names, each 1 to `maxNameChars` characters; duplicates dropped.
 */
export function toolNames(value: unknown, what: string, fail: (what: string) => never): string[] {
  if (!Array.isArray(value) || value.length === 0) fail(`${what} is not a non-empty array of tool names`);
  const names = value as unknown[];
  if (names.length > TASK_FILE_LIMITS.maxExpected)
    fail(`${what} names ${names.length} tools, over ${TASK_FILE_LIMITS.maxExpected}`);
  for (const name of names)
    if (typeof name !== "string" || name === "" || name.length > TASK_FILE_LIMITS.maxNameChars)
      fail(`${what} holds ${describeValue(name)}, not a tool name (1 to ${TASK_FILE_LIMITS.maxNameChars} characters)`);
  return [...new Set(names as string[])];
}

/** Tasks kept for a catalogue, and the names they expected that it does not have. */
export interface KnownTasks {
  /** The tasks, each with only the tools the catalogue has; a task with none left is dropped. */
  tasks: EvalTask[];
  /** Each name the catalogue lacks, with the number of tasks that expected it, most first. */
  unknown: { name: string; tasks: number }[];
  /** Tasks dropped because none of their tools is in the catalogue. */
  dropped: number;
}

/**
 * Keeps the tasks to the tools a catalogue has: a name it lacks (a typo, a tool renamed or hidden
 * by allow/deny) can never be found, so it would only lower every arm alike. Each is reported.
 */
export function knownTasks(tasks: readonly EvalTask[], has: (name: string) => boolean): KnownTasks {
  const unknown = new Map<string, number>();
  const kept: EvalTask[] = [];
  for (const task of tasks) {
    const expected = task.expected.filter((name) => {
      if (has(name)) return true;
      unknown.set(name, (unknown.get(name) ?? 0) + 1);
      return false;
    });
    if (expected.length > 0) kept.push({ query: task.query, expected });
  }
  return {
    tasks: kept,
    unknown: [...unknown]
      .map(([name, count]) => ({ name, tasks: count }))
      .sort((a, b) => b.tasks - a.tasks || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    dropped: tasks.length - kept.length,
  };
}
