import type { AnthropicTool, SessionView, ToolResultBlock, ToolSearch } from "../../src/index.js";
import type { AgentStrategy, PrefetchOptions, PrefetchOutcome } from "../../src/public/agent.js";
import { estimateBlockTokens } from "../../src/session/index.js";
import { estimateResultTokens } from "./estimate-json-tokens.js";
import { oracleInputFor } from "./oracle-input.js";

/** What the oracle model does in answer to one request. */
export type OracleAction =
  | { type: "search"; query: string }
  | { type: "call"; name: string; input: Record<string, unknown> }
  | { type: "answer" };

/** One request of a simulated session. */
export interface OracleTurn {
  /** 1-based. */
  turn: number;
  /** The request's `tools` array exactly as the strategy lays it out, before runAgent adds `cache_control` markers. */
  tools: AnthropicTool[];
  /** `estimateBlockTokens(tools)`: what the array weighs on the wire. */
  wireTokens: number;
  /**
   * Tool definitions in the model's context. For "native" the API keeps deferred tools out until
   * a `tool_reference` names them, so this is the loaded tools plus every definition the search
   * results so far expanded; for the other strategies it equals `wireTokens`.
   */
  contextTokens: number;
  /** Tokens of the `search_tools` results already in the conversation, which this request resends. */
  searchResultTokens: number;
  /** The oracle's answer to this request. */
  action: OracleAction;
}

/** A whole simulated session: search, call the top match, answer. */
export interface OracleSession {
  strategy: string;
  query: string;
  expected: string;
  /** False when the catalogue fits under the threshold: every tool ships in full and there is no search. */
  progressive: boolean;
  /** Estimated tokens of every tool in full (the session view's `fullTokens`). */
  fullTokens: number;
  turns: OracleTurn[];
  /** Names the search returned, best first; empty when no search ran or it failed. */
  matches: string[];
  /** The `tool_result` that answered the search, as the strategy formats it. */
  searchResult: ToolResultBlock | undefined;
  /** The tool the oracle called, if any. */
  called: string | undefined;
  /** The turn on which the expected tool was called, or `null` when it never was. */
  discoveryTurn: number | null;
  /** What `session.prefetch(query)` did before the first request; absent when prefetch was off. */
  prefetch?: PrefetchOutcome;
}

/** How {@link runOracleSession} plays a session. */
export interface OracleOptions {
  /** Prefetch the query (the user's message) with these options before the first request; off when absent. */
  prefetch?: PrefetchOptions;
}

let sessions = 0;

/**
 * Plays one session of an oracle model through a real tool search session and strategy, the
 * way `runAgent` drives them but without a model: turn 1 calls `search_tools` with the query,
 * turn 2 calls the top match (input from `oracleInputFor`; validation errors are fine),
 * turn 3 answers. With nothing found the oracle answers on turn 2. When the catalogue is under
 * the threshold there is no `search_tools`, and when the expected tool is already in full in the
 * first request's block (a prefetch hydrated it, `options.prefetch`) there is no need of one: the
 * oracle calls the expected tool on turn 1. Each turn records the `tools` array the strategy would send.
 *
 * @example
 * ```ts
 * const session = await runOracleSession(toolSearch, stableStrategy, "post to #ops", "slack__post_message");
 * session.turns.map((turn) => turn.wireTokens);
 * ```
 */
export async function runOracleSession(
  toolSearch: ToolSearch,
  strategy: AgentStrategy,
  query: string,
  expected: string,
  options: OracleOptions = {},
): Promise<OracleSession> {
  const id = `oracle-${strategy.name}-${++sessions}`;
  const session = toolSearch.session(id);
  const turns: OracleTurn[] = [];
  // Definitions the API has expanded into the context from tool_reference blocks (native only).
  const expanded = new Map<string, AnthropicTool>();
  let carried = 0;
  const request = async (decide: (view: SessionView) => OracleAction): Promise<OracleAction> => {
    const view = await session.view();
    const tools = strategy.tools(view);
    const wireTokens = estimateBlockTokens(tools);
    const deferring = tools.some((tool) => tool.defer_loading === true);
    const contextTokens = deferring
      ? estimateBlockTokens(tools.filter((tool) => tool.defer_loading !== true)) +
        estimateBlockTokens([...expanded.values()])
      : wireTokens;
    const action = decide(view);
    turns.push({ turn: turns.length + 1, tools, wireTokens, contextTokens, searchResultTokens: carried, action });
    return action;
  };
  const call = async (name: string, input: Record<string, unknown>) => {
    await session.execute({ id: `toolu_${turns.length}`, name, input });
  };
  const inputOf = (view: SessionView, name: string) =>
    oracleInputFor(view.all.find((tool) => tool.name === name)?.input_schema);

  try {
    const prefetched = options.prefetch ? { prefetch: await session.prefetch(query, options.prefetch) } : {};
    const first = await session.view();
    const base = {
      strategy: strategy.name,
      query,
      expected,
      progressive: first.progressive,
      fullTokens: first.fullTokens,
      ...prefetched,
    };
    if (!first.progressive || inFull(strategy.tools(first), first, expected)) {
      const action = await request((view) => ({ type: "call", name: expected, input: inputOf(view, expected) }));
      if (action.type === "call") await call(action.name, action.input);
      await request(() => ({ type: "answer" }));
      return { ...base, turns, matches: [], searchResult: undefined, called: expected, discoveryTurn: 1 };
    }

    await request(() => ({ type: "search", query }));
    const outcome = await session.searchTools({ query }, "toolu_search");
    const view = await session.view();
    const searchResult = strategy.searchResult("toolu_search", outcome, view);
    carried += estimateResultTokens(searchResult);
    for (const block of Array.isArray(searchResult.content) ? searchResult.content : []) {
      if (block.type !== "tool_reference") continue;
      const tool = view.others.find((other) => other.name === block.tool_name);
      if (tool) expanded.set(tool.name, tool.full);
    }
    const matches = outcome.ok ? outcome.matches.map((match) => match.name) : [];
    const top = matches[0];

    if (top === undefined) {
      await request(() => ({ type: "answer" }));
      return { ...base, turns, matches, searchResult, called: undefined, discoveryTurn: null };
    }
    const action = await request((current) => ({ type: "call", name: top, input: inputOf(current, top) }));
    if (action.type === "call") await call(action.name, action.input);
    await request(() => ({ type: "answer" }));
    return { ...base, turns, matches, searchResult, called: top, discoveryTurn: top === expected ? 2 : null };
  } finally {
    toolSearch.endSession(id);
  }
}

/** Whether a block holds the tool's full definition (its real input schema, loaded): the oracle can call it at once. */
function inFull(tools: readonly AnthropicTool[], view: SessionView, name: string): boolean {
  const full = view.fullByName.get(name);
  const shown = tools.find((tool) => tool.name === name);
  return (
    full !== undefined &&
    shown !== undefined &&
    shown.defer_loading !== true &&
    JSON.stringify(shown.input_schema) === JSON.stringify(full.input_schema)
  );
}
