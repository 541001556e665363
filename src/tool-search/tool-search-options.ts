import type { AbortSignalLike, ToolContext, ToolDefinition, ToolHost } from "../catalogue/index.js";
import type { ToolSearchEventHandler } from "../events.js";
import type { EnrichmentSource } from "../enrichment/index.js";
import type { LearningOptions, MissesOptions, MissStore, UsageStore } from "../learning/index.js";
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
   * When a ranker that matches words only (`bm25`, or your own without an embedder) answers
   * nothing, rank by meaning with the bundled embedding model instead (loaded on the first
   * such search), so `search_tools` lists the nearest tools, marked `weak`, rather than
   * nothing. `false` keeps empty answers empty and never loads the model.
   * @defaultValue true
   */
  semanticFallback?: boolean;
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
  /**
   * Record where search failed in use (misses): a search that found nothing (`empty`), whose best
   * match was weak (`weak`), whose matches the session never called (`unused`), a call of a tool
   * that does not exist (`unknown-tool`), and a search that missed the tool a later search found
   * (`found-late`), each with the tool the session used next. In the session's learning scope.
   * `true` keeps them in memory; a {@link MissStore} persists them. By default a record keeps the
   * request's keyed hash and length, not its text (`recordText: true` keeps the text).
   * Off by default, and then nothing observes the sessions. Each miss is also a `miss` event.
   * @defaultValue false
   *
   * @example
   * ```ts
   * createToolSearch({ tools, misses: { store: new FileMissStore({ cacheDir: ".toolsift" }) } });
   * ```
   */
  misses?: boolean | MissStore | MissesOptions;
  /**
   * An enrichment of the catalogue (`toolsift enrich` writes it once, with your own model):
   * per tool, requests users would make and synonyms, indexed beside its description by every
   * ranker (a field of its own for BM25, vectors of their own for embeddings), fully offline.
   * A path is read once, at creation (relative to the working directory; 64 MB at most); a bad
   * file fails creation with an `EnrichmentError` naming it. What the file's checks cut (too
   * many requests, a text too long) is reported as `enrichment_cut` warnings.
   *
   * A tool's entry is used while the hash it was written with matches the tool's definition
   * (name, description, input schema). A tool changed since is stale: left unenriched unless
   * `keepStale: true`, and reported once per catalogue as an `enrichment_stale` warning;
   * `toolSearch.enrichmentStatus()` lists the enriched, stale and missing tools. Entries for
   * tools the catalogue lacks are ignored, and a host's changing catalogue is enriched as it
   * changes.
   * @defaultValue none
   *
   * @example
   * ```ts
   * createToolSearch({ tools, ranker: "hybrid", enrichment: "toolsift.enrichment.json" });
   * createToolSearch({ tools, enrichment: { from: "toolsift.enrichment.json", keepStale: true } });
   * createToolSearch({ tools, enrichment: JSON.parse(text) as EnrichmentFile });
   * ```
   */
  enrichment?: EnrichmentSource;
  /**
   * The most results of one search that one server's tools may take ahead of other servers'
   * (tools carry their server in `server`; `fromMcp` sets it), so a server whose descriptions
   * are stuffed with keywords cannot crowd every other server out of `search_tools`. A server's
   * results past the cap move below the other servers' matches; where no other server's tool
   * matches they stay, so a search never answers fewer results for it. Not capped: a server the
   * query names (a word of its name, any case or form: `GitHub`, or `drive` for
   * `google-drive`), a result whose own name the query half says (`create issue` for
   * `github__create_issue`), and tools without a `server`. A whole number from 1 to 50, or
   * `false` for no cap.
   * @defaultValue half of the search's limit, rounded up (3 of 5)
   *
   * @example
   * ```ts
   * createToolSearch({ tools: await fromMcp(servers), maxResultsPerServer: 2 });
   * createToolSearch({ tools, maxResultsPerServer: false }); // one trusted server: no cap
   * ```
   */
  maxResultsPerServer?: number | false;
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
  /**
   * Receives every search, hydration, eviction, tool call and warning. Must not throw (errors are
   * swallowed). Without it, warnings are dropped, except that a learning store whose package is
   * not installed (`pg` for `PostgresUsageStore`) is said once through `process.emitWarning`.
   */
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
  /**
   * With learning on, whose lessons the session ranks with and teaches (a tenant, a team): one
   * scope's usage never steers another's. Fixed when the session starts; resuming it may leave
   * the scope out. @defaultValue `"default"`, shared by every session without one
   */
  scope?: string;
}
