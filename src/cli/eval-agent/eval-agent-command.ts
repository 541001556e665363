import {
  anthropicProvider,
  openAIChatProvider,
  openAIResponsesProvider,
  type MessagesClient,
  type ModelProvider,
} from "../../public/agent.js";
import { OptionsError } from "../../errors.js";
import { readBoundedFile } from "../../gateway/index.js";
import type { CliIo } from "../cli-io.js";
import type { EnrichTerminal } from "../enrich-command.js";
import { progressBar } from "../enrich-progress.js";
import { loadCatalogue } from "../load-catalogue.js";
import { loadModelClient } from "../load-model-client.js";
import { AGENT_TASK_LIMITS, parseAgentTaskLines, tasksForCatalogue } from "./agent-task-file.js";
import { summarizeArm, type AgentEvalReport } from "./agent-report.js";
import { openArm, type Arm } from "./arms.js";
import { estimateArm } from "./dry-run-estimate.js";
import { formatAgentReport } from "./format-agent-report.js";
import { mockedTools } from "./mock-tools.js";
import type { EvalAgentCommand } from "./parse-eval-agent.js";
import { costOf, priceOf, type PriceLookup } from "./prices.js";
import { readResults, writeResults, type ResultsHeader } from "./results-file.js";
import { runTask, type TaskArmResult } from "./run-task.js";

const processTerminal: EnrichTerminal = {
  tty: process.stderr.isTTY === true,
  write: (text) => process.stderr.write(text),
};

/**
 * `toolsift eval --agent`: every task of the file, in every arm, against the user's model, scored;
 * results written to `--out` after each task × arm, and a rerun skips those done. `--dry-run`
 * stops before any SDK or key is loaded; `--max-cost` aborts the run in flight when the spend of
 * this run reaches it. Exit 1 when stopped at the budget (the report is partial).
 */
export async function evalAgentCommand(
  command: EvalAgentCommand,
  io: CliIo,
  terminal: EnrichTerminal = processTerminal,
): Promise<number> {
  const hint = 'Pass a JSONL file with one {"prompt": ..., "expected": [tool names]} a line.';
  const allTasks = parseAgentTaskLines(readBoundedFile(command.tasks, hint, AGENT_TASK_LIMITS.maxBytes), command.tasks);
  const pricing = priceOf(command.model, command.prices);
  if (command.maxCostUsd !== undefined && pricing.price === undefined)
    throw new OptionsError(
      "no_price",
      `toolsift eval --agent: --max-cost needs the price of ${command.model ? `"${command.model}"` : "the model (give --model)"}, which toolsift does not know. ` +
        'Pass --prices <file> with {"<model>": {"input": <USD per million>, "output": …, "cacheRead": …, "cacheWrite": …}}.',
    );
  const header: ResultsHeader = {
    provider: command.provider,
    model: command.model,
    strategy: command.strategy,
    mock: command.mock,
  };
  const previous = command.out === undefined || command.dryRun ? [] : readResults(command.out, header);
  const catalogue = await loadCatalogue(command.source, command.ranker, io);
  const arms: Arm[] = [];
  try {
    const permitted = catalogue.tools.filter((tool) => catalogue.permits(tool.name));
    const names = new Set(permitted.map((tool) => tool.name));
    const known = tasksForCatalogue(allTasks, (name) => names.has(name));
    for (const dropped of known.dropped)
      io.err(
        `eval --agent: left out task ${dropped.id} (line ${dropped.line}): ${dropped.unknown.join(", ")} not in the catalogue`,
      );
    for (const mock of known.unknownMocks)
      io.err(
        `eval --agent: warning: task ${mock.id} has a canned result for ${mock.name}, which is not in the catalogue`,
      );
    if (known.tasks.length === 0)
      throw new OptionsError(
        "no_tasks",
        `toolsift eval --agent: no task of ${command.tasks} expects only tools of the catalogue; check the names against toolsift inspect.`,
      );
    // --mock replaces every execute: no real tool can run, whatever the model calls.
    const tools = command.mock ? mockedTools(permitted) : permitted;
    for (const name of command.arms)
      arms.push(
        await openArm(name, tools, catalogue.settings, catalogue.ranker, command.strategy, command.provider, io.err),
      );
    if (command.dryRun) return await dryRun(command, arms, known.tasks, pricing, io);

    const client = await loadModelClient(command.provider === "anthropic" ? "anthropic" : "openai", process.env, {
      command: `toolsift eval --agent --provider ${command.provider}`,
      maxRetries: 2,
    });
    const provider = providerFor(command.provider, client);
    const done = new Set(previous.map((result) => `${result.task}\u0000${result.arm}`));
    const results: TaskArmResult[] = [...previous];
    const pairs = known.tasks.flatMap((task) => arms.map((arm) => ({ task, arm })));
    const todo = pairs.filter(({ task, arm }) => !done.has(`${task.id}\u0000${arm.name}`));
    io.err(
      `eval --agent: ${todo.length} task × arm run${todo.length === 1 ? "" : "s"} with ${command.model}` +
        (pairs.length > todo.length ? ` (${pairs.length - todo.length} done in ${command.out}, skipped)` : "") +
        `${command.mock ? ", tools mocked" : ", real tools"}.`,
    );
    const bar = progressBar(
      todo.length,
      { tty: terminal.tty, write: terminal.write, line: (text) => io.err(text) },
      { command: "eval --agent", units: "runs" },
    );
    let spent = 0;
    let stopped = false;
    const aborter = new AbortController();
    const onSignal = () => aborter.abort(new Error("interrupted"));
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      for (const [index, { task, arm }] of todo.entries()) {
        if (command.maxCostUsd !== undefined && spent >= command.maxCostUsd) {
          stopped = true;
          break;
        }
        let result: TaskArmResult;
        try {
          result = await runTask(task, arm, {
            provider,
            model: command.model,
            maxTurns: command.maxTurns,
            mock: command.mock,
            isTool: (name) => names.has(name),
            signal: aborter.signal,
            onEvent: (event) => {
              if (event.type !== "turn" || pricing.price === undefined) return;
              const { usage } = event;
              spent += costOf(
                {
                  input: usage.input_tokens,
                  cacheRead: usage.cache_read_input_tokens,
                  cacheCreation: usage.cache_creation_input_tokens,
                  output: usage.output_tokens,
                },
                pricing.price,
              );
              if (command.maxCostUsd !== undefined && spent >= command.maxCostUsd)
                aborter.abort(new Error("max-cost reached"));
            },
          });
        } catch (error) {
          if (!aborter.signal.aborted) throw error;
          stopped = command.maxCostUsd !== undefined && spent >= command.maxCostUsd;
          if (!stopped) throw error;
          break;
        }
        results.push(result);
        if (command.out !== undefined) writeResults(command.out, header, results);
        bar.update(index + 1);
      }
    } finally {
      bar.end();
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    const report = reportOf(command, arms, results, pricing, known);
    if (stopped) report.stoppedAtBudget = { maxCostUsd: command.maxCostUsd!, spentUsd: spent };
    io.out(command.json ? `${JSON.stringify(report, null, 2)}\n` : formatAgentReport(report));
    if (stopped) {
      io.err(
        `eval --agent: stopped at --max-cost $${command.maxCostUsd} (spent ~$${spent.toFixed(4)} at ${pricing.source} prices); the run in flight was not kept.`,
      );
      return 1;
    }
    return 0;
  } finally {
    for (const arm of arms) await arm.close();
    await catalogue.close();
  }
}

function reportOf(
  command: EvalAgentCommand,
  arms: readonly Arm[],
  all: readonly TaskArmResult[],
  pricing: PriceLookup,
  known: ReturnType<typeof tasksForCatalogue>,
): AgentEvalReport {
  const { price } = pricing;
  // A resumed file may hold tasks since removed from the task file, or arms not asked for now.
  const ids = new Set(known.tasks.map((task) => task.id));
  const results = all.filter((result) => ids.has(result.task) && arms.some((arm) => arm.name === result.arm));
  return {
    provider: command.provider,
    model: command.model,
    strategy: command.strategy,
    mock: command.mock,
    prices: pricing.source,
    arms: arms.map((arm) =>
      summarizeArm(
        arm.name,
        arm.label,
        arm.strategy,
        results.filter((result) => result.arm === arm.name),
        (result) => (price === undefined ? null : costOf(result.score.tokens, price)),
      ),
    ),
    results: [...results],
    droppedTasks: known.dropped,
  };
}

async function dryRun(
  command: EvalAgentCommand,
  arms: readonly Arm[],
  tasks: Parameters<typeof estimateArm>[1],
  pricing: PriceLookup,
  io: CliIo,
): Promise<number> {
  const lines = [
    `toolsift eval --agent --dry-run: ${tasks.length} task${tasks.length === 1 ? "" : "s"} × ${arms.length} arm${arms.length === 1 ? "" : "s"}; nothing was sent.`,
  ];
  let total = 0;
  for (const arm of arms) {
    const estimate = await estimateArm(arm, tasks);
    const cost =
      pricing.price === undefined
        ? undefined
        : costOf(
            { input: estimate.inputTokens, cacheRead: 0, cacheCreation: 0, output: estimate.calls * 150 },
            pricing.price,
          );
    total += cost ?? 0;
    lines.push(
      `  ${arm.label}: ~${estimate.calls} model calls, ~${estimate.inputTokens.toLocaleString("en")} input tokens (first request's tools ~${estimate.blockTokens.toLocaleString("en")})` +
        (cost === undefined ? "" : `, ~$${cost.toFixed(4)}`),
    );
  }
  lines.push(
    "Estimates: one call per expected tool plus the answer (and a search in the toolsift arm), characters / 3.5, no cache reads, 150 output tokens a call" +
      (pricing.price === undefined
        ? "; no price known for this model (pass --prices <file>)."
        : `; prices: ${pricing.source}, total ~$${total.toFixed(4)}.`),
  );
  if (command.maxCostUsd !== undefined && total > command.maxCostUsd)
    lines.push(`That is over --max-cost $${command.maxCostUsd}: the run would stop there.`);
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

/** The model provider for `--provider` over the SDK client. */
function providerFor(name: EvalAgentCommand["provider"], client: unknown): ModelProvider<unknown, unknown> {
  const provider =
    name === "anthropic"
      ? anthropicProvider(client as MessagesClient)
      : name === "openai-chat"
        ? openAIChatProvider(client as Parameters<typeof openAIChatProvider>[0])
        : openAIResponsesProvider(client as Parameters<typeof openAIResponsesProvider>[0]);
  return provider as unknown as ModelProvider<unknown, unknown>;
}
