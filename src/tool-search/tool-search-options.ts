import type { ToolContext, ToolDefinition, ToolHost } from "../catalogue/index.js";
import type { ToolSearchEventHandler } from "../events.js";
import type { LearningOptions, UsageStore } from "../learning/index.js";
import type { Ranker } from "../ranking/index.js";
import type { TokenEstimator, Tuning } from "../session/index.js";
import type { RankerName } from "./create-ranker.js";

/** Options of {@link createToolSearch}. Only `tools` is required. */
export interface ToolSearchOptions {
  /**
   * The catalogue: an array of tools (checked once, at creation), or a host whose
   * `listTools()` is asked again on every search and tool block, for catalogues that change.
   *
   * @example
   * ```ts
   * createToolSearch({ tools: [getWeather, sendEmail] });
   * createToolSearch({ tools: await fromMcp({ github: { command: "github-mcp" } }) });
   * ```
   */
  tools: readonly ToolDefinition[] | ToolHost;
  /**
   * How `search_tools` ranks: a built-in ranker's name, or your own {@link Ranker}.
   * @defaultValue "bm25"
   */
  ranker?: RankerName | Ranker;
  /**
   * Learning from use: the `search_tools` queries a session made since its previous successful
   * call are credited to the tool the model calls next, when that call succeeds (valid input,
   * no throw, no `is_error`). Later searches rank that tool higher for queries like them, within
   * the session's scope. `true` keeps lessons in memory; a {@link UsageStore} persists them
   * (a file, PostgreSQL, your own); {@link LearningOptions} tunes caps, decay and weight.
   * Lessons hold search queries: see the store for where they live, and `toolSearch.forget(scope)`.
   * @defaultValue false
   *
   * @example
   * ```ts
   * createToolSearch({ tools, learning: true });
   * createToolSearch({ tools, learning: new FileUsageStore() });
   * createToolSearch({ tools, learning: { store: new PostgresUsageStore({ connectionString }), halfLifeDays: 14 } });
   * ```
   */
  learning?: boolean | UsageStore | LearningOptions;
  /** Stubs, threshold, keep tools, hydration cap and search size. */
  tuning?: Tuning;
  /**
   * Whether a tool exists for this session at all. A denied tool is not found by search,
   * not shown in the tool block, and not run even when called by its exact name. Called
   * often (every search and block): keep it fast and synchronous.
   *
   * @example
   * ```ts
   * permit: (tool, { sessionId }) => tool.server !== "billing" || isAdmin(sessionId)
   * ```
   */
  permit?(tool: ToolDefinition, context: ToolContext): boolean;
  /**
   * The gate every `destructive` tool passes before it runs, with the validated input.
   * Return `true` to run it. Without `approve`, destructive tools never run.
   *
   * @example
   * ```ts
   * approve: async (tool, input) => askUser(`Run ${tool.name} with ${JSON.stringify(input)}?`)
   * ```
   */
  approve?(tool: ToolDefinition, input: unknown, context: ToolContext): boolean | Promise<boolean>;
  /** Receives every search, hydration, eviction, tool call and warning. Must not throw (errors are swallowed). */
  onEvent?: ToolSearchEventHandler;
  /**
   * Estimates one tool definition's tokens, for the threshold and for reporting.
   * @defaultValue {@link estimateTokens}: JSON characters / 3.5
   */
  estimateTokens?: TokenEstimator;
}
