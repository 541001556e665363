import { estimateTokens } from "../../index.js";
import type { AgentTask } from "./agent-task-file.js";
import type { Arm, ArmName } from "./arms.js";

/** What `--dry-run` expects one arm to cost. */
export interface ArmEstimate {
  arm: ArmName;
  /** Estimated tokens of the first request's tools. */
  blockTokens: number;
  calls: number;
  inputTokens: number;
}

/** Tokens a turn adds to the transcript (a call, its result, some text): a rough mean. */
const TOKENS_PER_TURN = 200;

/**
 * The model calls and input tokens an arm would take, without sending anything: a task costs one
 * call per expected tool plus the final answer, and the `toolsift` arm one more for its search.
 * Each call reads the first request's tools, the prompt, and what earlier turns added. An
 * estimate (characters / 3.5): real runs search more or less often, and the cache is not counted.
 */
export async function estimateArm(arm: Arm, tasks: readonly AgentTask[]): Promise<ArmEstimate> {
  const session = arm.toolSearch.session(`eval-dry-run-${arm.name}`);
  // Past the provider's cap, a request carries only the first tools of the block.
  const block = (await session.tools()).slice(0, arm.toolCap);
  const blockTokens = block.reduce((sum, tool) => sum + estimateTokens(tool), 0);
  arm.toolSearch.endSession(session.id);
  let calls = 0;
  let inputTokens = 0;
  for (const task of tasks) {
    const turns = task.expected.length + 1 + (arm.name === "toolsift" ? 1 : 0);
    const prompt = Math.ceil(task.prompt.length / 3.5);
    calls += turns;
    for (let turn = 0; turn < turns; turn++) inputTokens += blockTokens + prompt + turn * TOKENS_PER_TURN;
  }
  return { arm: arm.name, blockTokens, calls, inputTokens };
}
