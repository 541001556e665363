import { randomUUID } from "node:crypto";
import { AgentError, runAgent, type AgentEvent, type ModelProvider } from "../../public/agent.js";
import { errorText } from "../../errors.js";
import { messageText } from "../../for-apps.js";
import type { AgentTask } from "./agent-task-file.js";
import type { Arm, ArmName } from "./arms.js";
import type { MockContext } from "./mock-tools.js";
import { traceRun } from "./run-trace.js";
import { scoreRun, type TaskScore } from "./score-run.js";

/** One task run in one arm: what `--out` keeps a line of, and the report reads. */
export interface TaskArmResult {
  task: string;
  arm: ArmName;
  /** Model calls made. */
  turns: number;
  /** How the run ended: the model's stop reason, `max_turns`, or `error`. */
  stopReason: string;
  /** Why the run failed, when it did (an API error, a tool that threw past the session). */
  error?: string;
  score: TaskScore;
}

/** What a task's run needs besides the task and the arm. */
export interface RunTaskOptions {
  provider: ModelProvider<unknown, unknown>;
  model: string;
  maxTurns: number;
  /** Whether to pass the task's canned results as the run's context (`--mock`). */
  mock: boolean;
  isTool(name: string): boolean;
  /** Every event of the run, after the eval has read it (for progress and `--max-cost`). */
  onEvent?(event: AgentEvent): void;
  signal?: AbortSignal;
}

/**
 * Runs one task in one arm, in a fresh session, and scores it. A run that fails is scored from
 * what it did before it failed (and cannot succeed); an aborted one throws, so it is not kept.
 */
export async function runTask(task: AgentTask, arm: Arm, options: RunTaskOptions): Promise<TaskArmResult> {
  const sessionId = `eval-${arm.name}-${randomUUID()}`;
  const context: MockContext = { taskId: task.id, mock: task.mock };
  const session = arm.toolSearch.session(sessionId, options.mock ? { context } : {});
  const view = await session.view();
  const shownInFull = view.progressive
    ? [...view.keep.map((tool) => tool.name), ...view.hydrated]
    : view.all.map((tool) => tool.name);
  const tracer = traceRun(shownInFull, options.isTool);
  arm.listen(tracer.onSearchEvent);
  try {
    const result = await runAgent({
      provider: options.provider,
      model: options.model,
      prompt: task.prompt,
      toolSearch: arm.toolSearch,
      sessionId,
      strategy: arm.strategy,
      maxTurns: options.maxTurns,
      ...(arm.prefetch ? { prefetch: true } : {}),
      ...(options.mock ? { context } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onEvent: (event) => {
        tracer.onAgentEvent(event);
        options.onEvent?.(event);
      },
    });
    const finalText = finalTextOf(options.provider, result.messages);
    return {
      task: task.id,
      arm: arm.name,
      turns: result.turns.length,
      stopReason: result.stopReason,
      score: scoreRun(task, tracer.trace, finalText, result.stopReason !== "max_turns"),
    };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return {
      task: task.id,
      arm: arm.name,
      turns: error instanceof AgentError ? error.turns.length : tracer.trace.usage.length,
      stopReason: "error",
      error: errorText(error),
      score: scoreRun(task, tracer.trace, "", false),
    };
  } finally {
    arm.listen(undefined);
    arm.toolSearch.endSession(sessionId);
  }
}

/** The text of the run's last assistant message, whatever the API. */
function finalTextOf(provider: ModelProvider<unknown, unknown>, messages: readonly unknown[]): string {
  const canonical = provider.toCanonical(messages);
  const last = [...canonical].reverse().find((message) => message.role === "assistant");
  return last === undefined ? "" : messageText(last);
}
