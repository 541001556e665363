import { createToolSearch, type ToolDefinition, type Tuning } from "../../src/index.js";
import type { AgentStrategy } from "../../src/public/agent.js";
import type { StrategyRun, StrategyTurn } from "../report/bench-report.js";
import { estimateResultTokens } from "./estimate-json-tokens.js";
import { runOracleSession, type OracleSession, type OracleTurn } from "./oracle-session.js";

/**
 * What {@link summariseSessions} reads of a session: an {@link OracleSession}, or one laid out in
 * another wire format (OpenAI's native tool search), whose tools and search result are its own shapes.
 */
export type SummarisedSession = Omit<OracleSession, "turns" | "searchResult" | "strategy" | "query" | "called"> & {
  turns: (Omit<OracleTurn, "tools"> & { tools: unknown })[];
  searchResult: object | undefined;
};

/** A catalogue to play oracle sessions on: tools with input schemas and single-tool queries. */
export interface StrategyCatalogue {
  id: string;
  tools: readonly ToolDefinition[];
  queries: readonly { query: string; expected: string }[];
}

export interface MeasureStrategiesOptions {
  /** Tuning of the tool search; the default tuning when absent. */
  tuning?: Tuning;
  /** Told after each strategy, for progress output. */
  onStrategy?(run: StrategyRun): void;
}

/**
 * Runs one oracle session (see {@link runOracleSession}) per query and strategy over a tool
 * search with the default ranker, and summarises tool-block tokens per turn, discovery and
 * cache-prefix stability per strategy. A strategy that throws yields a run with `error`.
 *
 * @example
 * ```ts
 * const runs = await measureStrategies({ id: "demo", tools, queries }, [stubsStrategy, nativeStrategy, stableStrategy]);
 * ```
 */
export async function measureStrategies(
  catalogue: StrategyCatalogue,
  strategies: readonly AgentStrategy[],
  options: MeasureStrategiesOptions = {},
): Promise<StrategyRun[]> {
  const toolSearch = await createToolSearch({
    tools: catalogue.tools,
    ...(options.tuning ? { tuning: options.tuning } : {}),
  });
  const runs: StrategyRun[] = [];
  try {
    for (const strategy of strategies) {
      const sessions: OracleSession[] = [];
      let run: StrategyRun;
      try {
        for (const { query, expected } of catalogue.queries)
          sessions.push(await runOracleSession(toolSearch, strategy, query, expected));
        run = summariseSessions(catalogue.id, strategy.name, catalogue.tools.length, sessions);
      } catch (error) {
        run = {
          ...summariseSessions(catalogue.id, strategy.name, catalogue.tools.length, []),
          error: String((error as Error)?.message ?? error),
        };
      }
      run.ranker = toolSearch.ranker.name;
      options.onStrategy?.(run);
      runs.push(run);
    }
  } finally {
    await toolSearch.close();
  }
  return runs;
}

/** The per-strategy summary of a set of oracle sessions; `ranker` is left for the caller to fill in. */
export function summariseSessions(
  catalogue: string,
  strategy: string,
  tools: number,
  sessions: readonly SummarisedSession[],
): StrategyRun {
  const mean = (values: readonly number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  const maxTurns = Math.max(0, ...sessions.map((session) => session.turns.length));
  const turns: StrategyTurn[] = [];
  for (let index = 0; index < maxTurns; index++) {
    const present = sessions.filter((session) => session.turns.length > index);
    const at = present.map((session) => session.turns[index]!);
    turns.push({
      turn: index + 1,
      sessions: present.length,
      wireTokens: mean(at.map((turn) => turn.wireTokens)),
      contextTokens: mean(at.map((turn) => turn.contextTokens)),
      searchResultTokens: mean(at.map((turn) => turn.searchResultTokens)),
      fullTokens: mean(present.map((session) => session.fullTokens)),
    });
  }
  let stable = 0;
  let compared = 0;
  for (const session of sessions) {
    const serialised = session.turns.map((turn) => JSON.stringify(turn.tools));
    for (let index = 1; index < serialised.length; index++) {
      compared++;
      if (serialised[index] === serialised[index - 1]) stable++;
    }
  }
  const searched = sessions.filter((session) => session.searchResult !== undefined);
  const successful = sessions.filter((session) => session.discoveryTurn !== null);
  return {
    catalogue,
    strategy,
    ranker: "",
    tools,
    sessions: sessions.length,
    progressive: sessions.some((session) => session.progressive),
    turns,
    searchResultTokens:
      searched.length === 0 ? null : mean(searched.map((session) => estimateResultTokens(session.searchResult!))),
    sessionTokens: mean(
      sessions.map((session) =>
        session.turns.reduce((sum, turn) => sum + turn.contextTokens + turn.searchResultTokens, 0),
      ),
    ),
    sessionFullTokens: mean(sessions.map((session) => session.turns.length * session.fullTokens)),
    successRate: sessions.length === 0 ? 0 : successful.length / sessions.length,
    discoveryTurns: successful.length === 0 ? null : mean(successful.map((session) => session.discoveryTurn!)),
    foundInResults:
      sessions.length === 0
        ? 0
        : sessions.filter((session) => session.matches.includes(session.expected)).length / sessions.length,
    prefixStability: compared === 0 ? 0 : stable / compared,
    comparedTurns: compared,
  };
}
