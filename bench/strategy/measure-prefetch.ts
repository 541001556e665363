import { createToolSearch, type AnthropicTool, type Tuning } from "../../src/index.js";
import type { AgentStrategy } from "../../src/public/agent.js";
import { DEFAULT_PREFETCH_LIMIT, estimateBlockTokens } from "../../src/session/index.js";
import type { PrefetchArm, PrefetchRun } from "../report/bench-report.js";
import type { StrategyCatalogue } from "./measure-strategies.js";
import { summariseSessions } from "./measure-strategies.js";
import { runOracleSession, type OracleSession } from "./oracle-session.js";

/** One "on" arm to measure: a strategy, and `session.prefetch`'s limit (its default, 3, when absent). */
export interface PrefetchVariant {
  strategy: AgentStrategy;
  limit?: number;
}

export interface MeasurePrefetchOptions {
  /** Tuning of the tool search; the default tuning when absent. */
  tuning?: Tuning;
  /** Told after each variant, for progress output. */
  onRun?(run: PrefetchRun): void;
}

/**
 * Plays every query of a catalogue as an oracle session with prefetch off and on, per variant
 * (see {@link runOracleSession}: the oracle calls the expected tool at once when it is in full in
 * the first block, else it searches), over one tool search with the default ranker and tuning,
 * and compares the arms: discovery turns, tool tokens per request, prefix stability, the
 * prefetch's precision against how often the tool was still searched for, how often it hydrated a
 * tool that was not the one needed, and what it cost the first request's cached prefix against the
 * cold block. The "off" sessions of a strategy are played once for all its variants. A variant
 * that throws yields a run with `error`.
 *
 * @example
 * ```ts
 * const runs = await measurePrefetch({ id: "demo", tools, queries }, [{ strategy: stubsStrategy }, { strategy: stubsStrategy, limit: 1 }]);
 * runs[0].on.discoveryTurns; // 1.1
 * ```
 */
export async function measurePrefetch(
  catalogue: StrategyCatalogue,
  variants: readonly PrefetchVariant[],
  options: MeasurePrefetchOptions = {},
): Promise<PrefetchRun[]> {
  const toolSearch = await createToolSearch({
    tools: catalogue.tools,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
  const offByStrategy = new Map<string, OracleSession[]>();
  const runs: PrefetchRun[] = [];
  try {
    for (const { strategy, limit } of variants) {
      let run: PrefetchRun;
      try {
        let off = offByStrategy.get(strategy.name);
        if (off === undefined) {
          off = [];
          for (const { query, expected } of catalogue.queries)
            off.push(await runOracleSession(toolSearch, strategy, query, expected));
          offByStrategy.set(strategy.name, off);
        }
        const on: OracleSession[] = [];
        const prefetch = limit === undefined ? {} : { limit };
        for (const { query, expected } of catalogue.queries)
          on.push(await runOracleSession(toolSearch, strategy, query, expected, { prefetch }));
        run = comparePrefetch(catalogue, strategy.name, off, on);
      } catch (error) {
        run = {
          ...comparePrefetch(catalogue, strategy.name, [], []),
          error: String((error as Error)?.message ?? error),
        };
      }
      run.ranker = toolSearch.ranker.name;
      run.limit = limit ?? DEFAULT_PREFETCH_LIMIT;
      options.onRun?.(run);
      runs.push(run);
    }
  } finally {
    await toolSearch.close();
  }
  return runs;
}

/** The two arms of one catalogue and strategy, compared; `off[i]` and `on[i]` are the same query. */
export function comparePrefetch(
  catalogue: StrategyCatalogue,
  strategy: string,
  off: readonly OracleSession[],
  on: readonly OracleSession[],
): PrefetchRun {
  const tasks = on.length;
  const share = (count: number) => (tasks === 0 ? 0 : count / tasks);
  const hydratedTools = on.flatMap((session) => session.prefetch?.hydrated ?? []);
  const hits = on.filter((session) => session.prefetch?.hydrated.includes(session.expected)).length;
  const wrong = on.filter((session) =>
    (session.prefetch?.hydrated ?? []).some((name) => name !== session.expected),
  ).length;
  const changed = on.flatMap((session, index) => {
    const cold = off[index]?.turns[0]?.tools;
    const warm = session.turns[0]?.tools;
    if (!cold || !warm) return [];
    return [firstRequestCost(cold, warm)];
  });
  const prefetched = changed.filter((_cost, index) => (on[index]!.prefetch?.hydrated.length ?? 0) > 0);
  const mean = (values: readonly number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    catalogue: catalogue.id,
    strategy,
    ranker: "",
    limit: DEFAULT_PREFETCH_LIMIT,
    tools: catalogue.tools.length,
    sessions: tasks,
    progressive: on.some((session) => session.progressive),
    off: armOf(catalogue, strategy, off),
    on: armOf(catalogue, strategy, on),
    hydratedPerTask: tasks === 0 ? 0 : hydratedTools.length / tasks,
    tasksPrefetched: share(on.filter((session) => (session.prefetch?.hydrated.length ?? 0) > 0).length),
    precision: hydratedTools.length === 0 ? null : hits / hydratedTools.length,
    neededPrefetched: share(hits),
    stillSearched: share(on.filter((session) => session.turns[0]?.action.type === "search").length),
    wrongHydrated: share(wrong),
    cache: {
      coldBytes: mean(changed.map((cost) => cost.coldBytes)),
      coldTokens: mean(changed.map((cost) => cost.coldTokens)),
      changedBytes: mean(prefetched.map((cost) => cost.changedBytes)),
      changedTokens: mean(prefetched.map((cost) => cost.changedTokens)),
      tasks: prefetched.length,
    },
  };
}

function armOf(catalogue: StrategyCatalogue, strategy: string, sessions: readonly OracleSession[]): PrefetchArm {
  const summary = summariseSessions(catalogue.id, strategy, catalogue.tools.length, sessions);
  const requests = sessions.flatMap((session) => session.turns);
  return {
    successRate: summary.successRate,
    discoveryTurns: summary.discoveryTurns,
    firstTurn:
      sessions.length === 0 ? 0 : sessions.filter((session) => session.discoveryTurn === 1).length / sessions.length,
    requestsPerTask: sessions.length === 0 ? 0 : requests.length / sessions.length,
    toolTokensPerRequest:
      requests.length === 0 ? 0 : requests.reduce((sum, turn) => sum + turn.wireTokens, 0) / requests.length,
    sessionTokens: summary.sessionTokens,
    prefixStability: summary.prefixStability,
  };
}

/**
 * What a prefetch changes in the first request against the cold block every new session sends
 * (and so shares in the prompt cache): the bytes of the `tools` JSON after the prefix the two
 * share, and the tokens of the tools from the first one that differs on, which the cache writes afresh.
 */
export function firstRequestCost(
  cold: readonly AnthropicTool[],
  warm: readonly AnthropicTool[],
): { coldBytes: number; coldTokens: number; changedBytes: number; changedTokens: number } {
  const coldText = JSON.stringify(cold);
  const warmText = JSON.stringify(warm);
  let common = 0;
  while (common < coldText.length && common < warmText.length && coldText[common] === warmText[common]) common++;
  let same = 0;
  while (same < cold.length && same < warm.length && JSON.stringify(cold[same]) === JSON.stringify(warm[same])) same++;
  return {
    coldBytes: Buffer.byteLength(coldText),
    coldTokens: estimateBlockTokens([...cold]),
    changedBytes: Buffer.byteLength(warmText.slice(common)),
    changedTokens: same === warm.length ? 0 : estimateBlockTokens(warm.slice(same)),
  };
}
