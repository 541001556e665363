import type { ArmName } from "./arms.js";
import type { TaskArmResult } from "./run-task.js";

/** One arm's metrics over every task it ran. */
export interface ArmSummary {
  arm: ArmName;
  /** The arm as the report names it: `arm`, or "full (capped at 128)" when the API cut the full block. */
  label: string;
  /** The strategy the arm ran. */
  strategy: string;
  tasks: number;
  /** Mean over tasks of the share of expected tools seen before their first call (see `TaskScore.recall`). */
  recall: number;
  /** Share of tasks in which the model called exactly the expected tools. */
  selectionAccuracy: number;
  /** Mean discovery turns over the tasks that called an expected tool; `null` when none did. */
  discoveryTurns: number | null;
  /** Mean searches before the first expected call, over the same tasks. */
  searchesBefore: number | null;
  /** Mean tokens per task. */
  tokensPerTask: { input: number; cacheRead: number; cacheCreation: number; output: number; totalInput: number };
  /** Share of tasks that succeeded. */
  successRate: number;
  /** All the arm's cache reads over all its input tokens (a ratio of sums); `null` with no input. */
  cacheHitRate: number | null;
  /** Runs that failed (an API error…), counted as tasks that did not succeed. */
  errors: number;
  /** USD at the price used; `null` without a price. */
  costUsd: number | null;
}

/** What `toolsift eval --agent` prints: `--json` as it is, else as tables. */
export interface AgentEvalReport {
  provider: string;
  model: string;
  strategy: string;
  mock: boolean;
  /** Where the prices came from: they are estimates unless from your `--prices` file. */
  prices: "prices-file" | "built-in estimate" | "none";
  arms: ArmSummary[];
  /** Every task × arm result, this run's and those resumed from `--out`. */
  results: TaskArmResult[];
  /** Tasks left out because they expect tools the catalogue lacks. */
  droppedTasks: { id: string; line: number; unknown: string[] }[];
  /** Set when `--max-cost` stopped the run: pairs not run are missing from `results`. */
  stoppedAtBudget?: { maxCostUsd: number; spentUsd: number };
}

/** The arm's summary of its results; `cost` prices one result (`null` without a price). */
export function summarizeArm(
  arm: ArmName,
  label: string,
  strategy: string,
  results: readonly TaskArmResult[],
  cost: (result: TaskArmResult) => number | null,
): ArmSummary {
  const mean = (values: readonly number[]) =>
    values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
  const share = (count: number) => (results.length === 0 ? 0 : count / results.length);
  const called = results.filter((result) => result.score.discoveryTurns !== null);
  const token = (field: keyof ArmSummary["tokensPerTask"]) =>
    mean(results.map((result) => result.score.tokens[field])) ?? 0;
  const read = results.reduce((sum, result) => sum + result.score.tokens.cacheRead, 0);
  const input = results.reduce((sum, result) => sum + result.score.tokens.totalInput, 0);
  const costs = results.map(cost);
  return {
    arm,
    label,
    strategy,
    tasks: results.length,
    recall: mean(results.map(({ score }) => score.recall.found / score.recall.expected)) ?? 0,
    selectionAccuracy: share(results.filter((result) => result.score.selected).length),
    discoveryTurns: mean(called.map((result) => result.score.discoveryTurns!)),
    searchesBefore: mean(called.map((result) => result.score.searchesBefore!)),
    tokensPerTask: {
      input: token("input"),
      cacheRead: token("cacheRead"),
      cacheCreation: token("cacheCreation"),
      output: token("output"),
      totalInput: token("totalInput"),
    },
    successRate: share(results.filter((result) => result.score.success).length),
    cacheHitRate: input === 0 ? null : read / input,
    errors: results.filter((result) => result.error !== undefined).length,
    costUsd: costs.some((value) => value === null) ? null : costs.reduce<number>((sum, value) => sum + value!, 0),
  };
}
