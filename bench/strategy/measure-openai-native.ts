import { createToolSearch } from "../../src/index.js";
import type { StrategyRun } from "../report/bench-report.js";
import { summariseSessions, type MeasureStrategiesOptions, type StrategyCatalogue } from "./measure-strategies.js";
import { OPENAI_NATIVE, runOpenAINativeSession } from "./openai-native-session.js";

/**
 * {@link measureStrategies} for OpenAI's native tool search: one oracle session per query
 * (see {@link runOpenAINativeSession}) over a tool search with the default ranker, summarised
 * as a run of strategy `"openai-native"` beside the Messages API's strategies. A throw yields a run with `error`.
 *
 * @example
 * ```ts
 * const run = await measureOpenAINative({ id: "demo", tools, queries });
 * run.prefixStability; // 1: the tools array never changes
 * ```
 */
export async function measureOpenAINative(
  catalogue: StrategyCatalogue,
  options: MeasureStrategiesOptions = {},
): Promise<StrategyRun> {
  const toolSearch = await createToolSearch({
    tools: catalogue.tools,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
  let run: StrategyRun;
  try {
    const sessions = [];
    for (const { query, expected } of catalogue.queries)
      sessions.push(await runOpenAINativeSession(toolSearch, query, expected));
    run = summariseSessions(catalogue.id, OPENAI_NATIVE, catalogue.tools.length, sessions);
  } catch (error) {
    run = {
      ...summariseSessions(catalogue.id, OPENAI_NATIVE, catalogue.tools.length, []),
      error: String((error as Error)?.message ?? error),
    };
  } finally {
    await toolSearch.close();
  }
  run.ranker = toolSearch.ranker.name;
  options.onStrategy?.(run);
  return run;
}
