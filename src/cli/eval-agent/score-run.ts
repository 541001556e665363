import type { AgentTask, TaskCheck } from "./agent-task-file.js";
import type { RunTrace } from "./run-trace.js";
import { isRecord } from "../../util/is-record.js";

/** Token counts of one task's run, summed over its model calls, as the API reported them. */
export interface TaskTokens {
  /** Uncached input (`input_tokens`). */
  input: number;
  cacheRead: number;
  cacheCreation: number;
  output: number;
  /** Every input token the model read: `input + cacheRead + cacheCreation`. */
  totalInput: number;
}

/** The metrics of one task in one arm. */
export interface TaskScore {
  /**
   * Expected tools the model had seen (among a search's results, hydrated, or in the block in full)
   * before its first call of each; for a tool never called, by the end of the run.
   */
  recall: { found: number; expected: number };
  /** The model called exactly the expected tools (in their order when `inOrder`). */
  selected: boolean;
  /** Model turns before the first call of an expected tool; `null` when none was called. */
  discoveryTurns: number | null;
  /** Searches before the first call of an expected tool; `null` when none was called. */
  searchesBefore: number | null;
  /** Every search of the run. */
  searches: number;
  /** The tools the model called (searches left out), in order. */
  called: string[];
  tokens: TaskTokens;
  /** The `check` on the final answer; `null` when the task has none. */
  checkPassed: boolean | null;
  /** Every expected tool was called with an input that validated, the check held, and the run ended by itself. */
  success: boolean;
}

/**
 * Scores one run. `ended` is false for a run that hit `--max-turns` or failed: it cannot succeed.
 * Pure: every number comes from the trace, the task and the final text.
 */
export function scoreRun(task: AgentTask, trace: RunTrace, finalText: string, ended: boolean): TaskScore {
  const expected = new Set(task.expected);
  const called = trace.calls.map((call) => call.name);
  const first = new Map<string, (typeof trace.calls)[number]>();
  for (const call of trace.calls) if (!first.has(call.name)) first.set(call.name, call);
  // A tool called is judged when it was called; one never called, by the end of the run.
  const found = task.expected.filter((name) => first.get(name)?.seen ?? trace.seen.has(name)).length;
  const firstExpected = trace.calls.find((call) => expected.has(call.name));
  const distinct = [...first.keys()];
  const selected = task.inOrder
    ? distinct.length === task.expected.length && distinct.every((name, index) => name === task.expected[index])
    : distinct.length === expected.size && distinct.every((name) => expected.has(name));
  const checkPassed = task.check === undefined ? null : checkHolds(task.check, finalText);
  const valid = task.expected.every((name) => trace.validCalls.has(name));
  return {
    recall: { found, expected: task.expected.length },
    selected,
    discoveryTurns: firstExpected === undefined ? null : firstExpected.turn - 1,
    searchesBefore: firstExpected === undefined ? null : firstExpected.searchesBefore,
    searches: trace.searches,
    called,
    tokens: tokensOf(trace),
    checkPassed,
    success: ended && valid && checkPassed !== false,
  };
}

function tokensOf(trace: RunTrace): TaskTokens {
  const tokens = { input: 0, cacheRead: 0, cacheCreation: 0, output: 0, totalInput: 0 };
  for (const usage of trace.usage) {
    tokens.input += usage.input_tokens;
    tokens.cacheRead += usage.cache_read_input_tokens;
    tokens.cacheCreation += usage.cache_creation_input_tokens;
    tokens.output += usage.output_tokens;
  }
  tokens.totalInput = tokens.input + tokens.cacheRead + tokens.cacheCreation;
  return tokens;
}

/**
 * `contains`: the final text holds the string, case and spacing as given. `json`: the final text
 * (or its first fenced code block) is JSON holding every field of `check.json` with an equal value;
 * objects are matched the same way field by field, anything else must be equal.
 */
export function checkHolds(check: TaskCheck, text: string): boolean {
  if ("contains" in check) return text.includes(check.contains);
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/.exec(text)?.[1];
  for (const candidate of [text.trim(), fenced?.trim()]) {
    if (candidate === undefined || candidate === "") continue;
    try {
      if (matches(check.json, JSON.parse(candidate))) return true;
    } catch {
      // Not JSON: try the next candidate.
    }
  }
  return false;
}

function matches(want: unknown, got: unknown): boolean {
  if (isRecord(want)) {
    if (typeof got !== "object" || got === null || Array.isArray(got)) return false;
    return Object.entries(want).every(
      ([key, value]) => Object.hasOwn(got, key) && matches(value, (got as Record<string, unknown>)[key]),
    );
  }
  if (Array.isArray(want))
    return Array.isArray(got) && got.length === want.length && want.every((value, index) => matches(value, got[index]));
  return Object.is(want, got);
}
