import type { AbortSignalLike, ToolContext, ToolDefinition, ToolHost } from "../catalogue/index.js";
import type { ToolSearchEventHandler } from "../events.js";
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

/** Options of `toolSearch.session(id, options)`: what the request the session object serves brings. */
export interface SessionOptions {
  /**
   * The conversation so far, to rebuild a session this instance does not know (another worker
   * ran its earlier turns, or this one restarted or forgot it): Anthropic messages, OpenAI Chat
   * Completions messages, Responses input items, or AI SDK model messages. Its tool calls are
   * replayed in order into the session's hydration, so the next `tools()` block is
   * byte-identical to the one the process that ran them would build. Ignored when the session
   * is known. Only `tool_use` / `tool_calls` / `function_call` / `tool-call` entries are read.
   *
   * @example
   * ```ts
   * const session = toolSearch.session(conversationId, { transcript: messages });
   * ```
   */
  transcript?: readonly unknown[];
  /**
   * The application's own value for this request (the user, a tenant, an auth token), handed
   * to `execute`, `permit` and `approve` as `context.context`. toolsift never reads it.
   */
  context?: unknown;
  /**
   * Cancels the request: a tool call not yet run is answered without running, and a running
   * one is no longer waited for (the tool gets the signal as `context.signal` to stop itself).
   */
  signal?: AbortSignalLike;
}
