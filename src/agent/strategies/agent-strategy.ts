import type { SearchToolsOutcome, SessionView } from "../../session/index.js";
import type { AnthropicTool, ToolChangeMessage, ToolResultBlock } from "../../wire/index.js";

/** The names `runAgent({ strategy })` takes. */
export type StrategyName = "stubs" | "native" | "stable" | "changes";

/**
 * How one request lays out its tools and how `search_tools` answers. A strategy is pure:
 * the same view (and search outcome) always gives the same bytes, so a benchmark can call
 * it without a model, and `runAgent` can rely on an unchanged view giving an unchanged prefix.
 */
export interface AgentStrategy {
  readonly name: StrategyName;
  /** The model sees a called tool's full definition even when the `tools` array holds no stub of it. */
  readonly showsFullDefinitions: boolean;
  /**
   * For a strategy that tells the working set through mid-conversation tool changes: the
   * message to append to `transcript` before the next request (`undefined` when the model is
   * already offered the working set). With it, a search loads its best matches before
   * {@link AgentStrategy.searchResult} words the answer.
   */
  toolChanges?(view: SessionView, transcript: readonly unknown[]): ToolChangeMessage | undefined;
  /**
   * The `tools` array of the next request, without cache breakpoints (see `placeCacheBreakpoints`).
   *
   * @param referenced - The tools the transcript's `tool_reference` blocks and tool changes name,
   *   first reference first (see `referencedToolNames`). The API checks every reference in the history against
   *   the request's deferred tools, so a strategy that answers search with references must keep
   *   each of them defined, even when the tool is gone or no longer permitted.
   */
  tools(view: SessionView, referenced?: readonly string[]): AnthropicTool[];
  /**
   * How many leading tools of `tools(view)` stay byte-identical when the session hydrates
   * another tool. Only for a strategy whose array changes (stubs); `runAgent` passes it to
   * `placeCacheBreakpoints` as `stableToolCount`, so the next hydration reads that part from
   * the cache. Left out when the whole array stays the same.
   */
  stableToolCount?(view: SessionView): number;
  /** The `tool_result` that answers a `search_tools` call, given its outcome and the view after it. */
  searchResult(toolUseId: string, outcome: SearchToolsOutcome, view: SessionView): ToolResultBlock;
}
