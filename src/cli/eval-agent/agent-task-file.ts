import { createHash } from "node:crypto";
import { readJsonLines } from "../eval/json-lines.js";
import { toolNames } from "../eval/task-file.js";
import { isRecord } from "../../util/is-record.js";

/** What a task's final answer must hold: a substring, or a JSON value whose fields match. */
export type TaskCheck = { contains: string } | { json: Record<string, unknown> };

/** One task of `toolsift eval --agent`: a prompt, the tools it should take, and how to judge the answer. */
export interface AgentTask {
  /** The task's `id`, or (without one) a hash of its prompt and tools: it keys resumed results. */
  id: string;
  /** The line it came from, for messages. */
  line: number;
  prompt: string;
  /** The tools the model should call. */
  expected: string[];
  /** `true` for `{ "inOrder": [...] }`: they must be called in this order. */
  inOrder: boolean;
  check?: TaskCheck;
  /** `--mock`: each tool's canned result, by name. */
  mock: Record<string, unknown>;
}

/**
 * Bounds on an agent task file: fewer tasks than a search eval (each costs model calls), longer
 * lines (a prompt and canned results).
 */
export const AGENT_TASK_LIMITS = {
  maxBytes: 16 * 1024 * 1024,
  maxTasks: 10_000,
  maxLineChars: 256 * 1024,
  /** Characters of one prompt. */
  maxPromptChars: 32_000,
  maxIdChars: 128,
} as const;

const SHAPE =
  'Each line is one JSON object: {"id": "t1", "prompt": "Post \'done\' to #ops", "expected": ["slack__post"], "check": {"contains": "posted"}, "mock": {"slack__post": "ok"}}.';

/**
 * The tasks of a JSONL agent task file. `expected` is an array of tool names (called in any
 * order), `{ "anyOrder": [...] }` (the same) or `{ "inOrder": [...] }`. Ids must be unique.
 *
 * @throws {@link TaskFileError} naming the line, what is wrong, and the shape expected.
 * @example
 * ```ts
 * parseAgentTaskLines('{"prompt": "open a ticket", "expected": ["jira__create_issue"]}', "tasks.jsonl");
 * ```
 */
export function parseAgentTaskLines(text: string, file: string): AgentTask[] {
  const ids = new Set<string>();
  const limits = { maxLineChars: AGENT_TASK_LIMITS.maxLineChars, maxLines: AGENT_TASK_LIMITS.maxTasks };
  return readJsonLines(text, file, limits, SHAPE, (value, fail, line) => {
    const { prompt, expected, check, mock, id } = value;
    if (typeof prompt !== "string" || prompt.trim() === "") fail('"prompt" is not a non-empty string');
    if ((prompt as string).length > AGENT_TASK_LIMITS.maxPromptChars)
      fail(`"prompt" has ${(prompt as string).length} characters, over ${AGENT_TASK_LIMITS.maxPromptChars}`);
    const { names, inOrder } = expectedOf(expected, fail);
    if (id !== undefined && (typeof id !== "string" || id === "" || id.length > AGENT_TASK_LIMITS.maxIdChars))
      fail(`"id" is not a string of 1 to ${AGENT_TASK_LIMITS.maxIdChars} characters`);
    const key = (id as string | undefined) ?? hashId(prompt as string, names, inOrder);
    if (ids.has(key))
      fail(
        id === undefined ? "repeats an earlier task (same prompt and tools); give each an id" : `repeats id "${key}"`,
      );
    ids.add(key);
    if (mock !== undefined && (typeof mock !== "object" || mock === null || Array.isArray(mock)))
      fail('"mock" is not an object of canned results by tool name');
    const task: AgentTask = {
      id: key,
      line,
      prompt: prompt as string,
      expected: names,
      inOrder,
      mock: { ...(mock as Record<string, unknown> | undefined) },
    };
    if (check !== undefined) task.check = checkOf(check, fail);
    return task;
  });
}

function expectedOf(value: unknown, fail: (what: string) => never): { names: string[]; inOrder: boolean } {
  if (Array.isArray(value)) return { names: toolNames(value, '"expected"', fail), inOrder: false };
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value);
    if (keys.length === 1 && (keys[0] === "inOrder" || keys[0] === "anyOrder"))
      return {
        names: toolNames((value as Record<string, unknown>)[keys[0]], `"expected".${keys[0]}`, fail),
        inOrder: keys[0] === "inOrder",
      };
  }
  return fail('"expected" is not an array of tool names, {"inOrder": [...]} or {"anyOrder": [...]}');
}

function checkOf(value: unknown, fail: (what: string) => never): TaskCheck {
  const given = isRecord(value) ? Object.keys(value) : [];
  const record = value as Record<string, unknown>;
  if (given.length === 1 && given[0] === "contains" && typeof record.contains === "string" && record.contains !== "")
    return { contains: record.contains };
  if (given.length === 1 && given[0] === "json" && typeof record.json === "object" && record.json !== null)
    if (!Array.isArray(record.json)) return { json: record.json as Record<string, unknown> };
  return fail('"check" is not {"contains": "<text>"} or {"json": {<fields the answer must hold>}}');
}

/** An id for a task without one: stable while its prompt and tools are. */
function hashId(prompt: string, names: readonly string[], inOrder: boolean): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([prompt, names, inOrder]))
    .digest("hex");
  return `task-${digest.slice(0, 12)}`;
}

/** What of a task file names tools the catalogue lacks: tasks dropped, and names in `mock` never used. */
export interface UnknownNames {
  /** Each task dropped, with the names it expected that the catalogue lacks. */
  dropped: { id: string; line: number; unknown: string[] }[];
  /** `mock` keys naming no tool of the catalogue (a typo: that tool would answer an error). */
  unknownMocks: { id: string; name: string }[];
}

/**
 * Keeps the tasks whose expected tools the catalogue has. A task expecting a tool it lacks could
 * only fail in every arm, so it is left out and reported.
 */
export function tasksForCatalogue(
  tasks: readonly AgentTask[],
  has: (name: string) => boolean,
): { tasks: AgentTask[] } & UnknownNames {
  const kept: AgentTask[] = [];
  const dropped: UnknownNames["dropped"] = [];
  const unknownMocks: UnknownNames["unknownMocks"] = [];
  for (const task of tasks) {
    const unknown = task.expected.filter((name) => !has(name));
    if (unknown.length > 0) dropped.push({ id: task.id, line: task.line, unknown });
    else kept.push(task);
    for (const name of Object.keys(task.mock)) if (!has(name)) unknownMocks.push({ id: task.id, name });
  }
  return { tasks: kept, dropped, unknownMocks };
}
