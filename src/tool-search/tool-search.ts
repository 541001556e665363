// Over 300 lines: the public class's TSDoc (every method documented, with examples) is most of it; the work is in the parts it holds.
import { randomUUID } from "node:crypto";
import type { Catalogue, ToolContext } from "../catalogue/index.js";
import { OptionsError, QueryError } from "../errors.js";
import { checkKeys } from "../util/option-keys.js";
import type { CatalogueEnrichment, EnrichmentStatus } from "../enrichment/index.js";
import type { Learning, MissObserver, MissRecorder } from "../learning/index.js";
// Not learning/'s index: that loads the stores and misses, which load-learning.ts brings in only
// for a tool search that learns or records misses (the root entry's cold start).
import { DEFAULT_SCOPE, scopeProblem } from "../learning/lesson.js";
import type { ToolSearchEvent } from "../events.js";
import type { Ranker } from "../ranking/index.js";
import {
  MAX_SEARCH_LIMIT,
  ToolSearchSession,
  checkQuery,
  MAX_TAUGHT_QUERY_LENGTH,
  type SearchMatch,
  type Tuning,
  type SessionServices,
  type UnavailableSource,
} from "../session/index.js";
import type { AnthropicTool } from "../wire/index.js";
import { createRanker, listenToRanker } from "./create-ranker.js";
import { loadLearningRuntime, type LearningRuntime } from "./load-learning.js";
import {
  catalogueEnrichmentOf,
  checkedScope,
  parseToolSearchOptions,
  type ToolSearchSettings,
} from "./parse-options.js";
import { Permissions } from "./permissions.js";
import { SearchPipeline } from "./search-pipeline.js";
import { SemanticFallback } from "./semantic-fallback.js";
import { SessionRegistry } from "./session-registry.js";
import type { SessionOptions, ToolSearchOptions } from "./tool-search-options.js";
import { describeValue } from "../describe-value.js";

/**
 * Progressive tool disclosure over one catalogue: stubs, a local `search_tools`, and full
 * schemas for the tools a session actually uses. Create it with {@link createToolSearch};
 * get one {@link ToolSearchSession} per agent run.
 *
 * @example
 * ```ts
 * const toolSearch = await createToolSearch({ tools, ranker: "hybrid" });
 * const session = toolSearch.session("run-42");
 * const tools = await session.tools();             // pass as `tools` to the Messages API
 * const result = await session.execute(toolUse);    // for each tool_use block the model sends
 * ```
 */
export class ToolSearch {
  private readonly estimates = new WeakMap<AnthropicTool, number>();
  private readonly services: SessionServices;
  private readonly sessions: SessionRegistry;
  private readonly permissions: Permissions;
  private readonly pipeline: SearchPipeline;
  /** Stops hearing the usage store's warnings (set when the store can be listened to). */
  private unlistenStore: (() => void) | undefined;
  /** Stops hearing a ranker passed in (one built here reports through the environment it was built with). */
  private unlistenRanker: (() => void) | undefined;
  /** Ranks by meaning when a ranker without an embedder answers nothing; absent when turned off. */
  private readonly fallback: SemanticFallback | undefined;
  private readonly catalogue: Catalogue;
  private enrichment: CatalogueEnrichment;
  private readonly emit: ToolSearchSettings["emit"];
  /** The tuning in force, defaults filled in. */
  readonly tuning: Required<Tuning>;
  /** Follows sessions for misses; `undefined` when `options.misses` is off. */
  private readonly missObserver: MissObserver | undefined;
  private readonly missRecorder: MissRecorder | undefined;
  /** Stops hearing the miss store's warnings. */
  private readonly unlistenMissStore: (() => void) | undefined;

  private constructor(
    settings: ToolSearchSettings,
    /** The ranker `search_tools` uses. */
    readonly ranker: Ranker,
    /** Whether the ranker was built here (by name), and so is ours to close. */
    private readonly ownsRanker: boolean,
    /** Learning from use; `undefined` when `options.learning` is off. */
    private readonly learning: Learning | undefined,
    /** Learning's and misses' classes; `undefined` when both are off. */
    runtime: LearningRuntime | undefined,
  ) {
    const { tuning, catalogue } = settings;
    this.tuning = tuning;
    this.catalogue = catalogue;
    const misses =
      settings.misses && runtime
        ? observeMisses(settings, runtime, (sessionId) => this.sessions.scopeOf(sessionId) ?? DEFAULT_SCOPE)
        : undefined;
    this.missObserver = misses?.observer;
    this.missRecorder = misses?.recorder;
    this.unlistenMissStore = misses?.unlisten;
    // Off, the events go straight to onEvent: misses cost nothing.
    const emit = misses?.emit ?? settings.emit;
    const estimate = (tool: AnthropicTool) => {
      let tokens = this.estimates.get(tool);
      if (tokens === undefined) this.estimates.set(tool, (tokens = settings.estimate(tool)));
      return tokens;
    };
    this.permissions = new Permissions(settings.permit, tuning.keepTools, estimate, emit);
    this.sessions = new SessionRegistry(tuning, learning !== undefined, emit);
    // A ranker with an embedder already ranks by meaning: a fallback would only repeat it.
    this.fallback =
      !settings.semanticFallback || typeof ranker.embedder === "function" ? undefined : new SemanticFallback(emit);
    this.pipeline = new SearchPipeline(
      catalogue,
      ranker,
      this.permissions,
      tuning.searchLimit,
      learning,
      this.fallback,
      emit,
      settings.maxResultsPerServer,
      // Read at each indexing: useEnrichment replaces it.
      (tools) => this.enrichment.documentsOf(tools),
    );
    this.enrichment = settings.enrichment;
    this.emit = emit;
    this.services = {
      tuning,
      snapshot: () => catalogue.snapshot(),
      latestSnapshot: () => catalogue.latest(),
      rank: (query, limit, context, scope, origin) => this.pipeline.rank(query, limit, context, scope, origin),
      companions: (query, matches, context, scope) => this.pipeline.companions(query, matches, context, scope),
      unavailable: (context) => this.permissions.unavailableFor(catalogue, context),
      ...(learning
        ? { teach: ({ sessionId, scope, queries, tool }) => learning.teach(scope, queries, tool, { sessionId }) }
        : {}),
      isPermitted: (tool, context) => this.permissions.isPermitted(tool, context),
      permittedTools: (snapshot, context) => this.permissions.permittedTools(snapshot, context),
      approve: settings.approve,
      estimate,
      emit,
    };
  }

  /** @see {@link createToolSearch} */
  static async create(options: ToolSearchOptions): Promise<ToolSearch> {
    const settings = parseToolSearchOptions(options);
    const { tuning, emit, catalogue } = settings;
    const runtime = settings.learning || settings.misses ? await loadLearningRuntime() : undefined;
    const snapshot = await catalogue.snapshot();
    const missing = tuning.keepTools.filter((name) => !snapshot.byName.has(name));
    if (missing.length > 0) {
      throw new OptionsError(
        "unknown_keep_tool",
        `tuning.keepTools names ${missing.map((name) => `"${name}"`).join(", ")}, which ${missing.length === 1 ? "is" : "are"} ` +
          "not in the catalogue. Use exact tool names (with their server__ prefix, if any).",
      );
    }
    const ranker = await createRanker(options.ranker, { emit });
    const ownsRanker = ranker !== options.ranker;
    // With no onEvent, learning's warnings go nowhere: a store whose package is missing (it can
    // never work) is said on stderr once, as fromMcp says what no onEvent hears.
    const onMissingPackage = options.onEvent ? undefined : (error: Error) => process.emitWarning(error);
    // Learned queries are compared by meaning with the ranker's model, or else with the semantic
    // fallback's (one model for both): by words alone, a query like only one session's lesson
    // could not be corroborated, and learning trailed a plain additive score (bench/results).
    let fallbackOf = (): SemanticFallback | undefined => undefined;
    const embedderOf = () => ranker.embedder?.() ?? fallbackOf()?.embedder();
    const learning =
      settings.learning && runtime && new runtime.Learning(settings.learning, embedderOf, emit, onMissingPackage);
    const toolSearch = new ToolSearch(settings, ranker, ownsRanker, learning, runtime);
    fallbackOf = () => toolSearch.fallback;
    toolSearch.unlistenStore = settings.learning?.store.listen?.((code, message) =>
      emit({ type: "warning", code, message }),
    );
    if (!ownsRanker) toolSearch.unlistenRanker = listenToRanker(ranker, { emit });
    try {
      await toolSearch.pipeline.ranked(snapshot, () => undefined);
    } catch (error) {
      if (ownsRanker) await ranker.close?.();
      throw error;
    }
    return toolSearch;
  }

  /**
   * The session with this id, created empty on first use. Calling it again with the same
   * id resumes that session's hydrated tools; a new id starts clean.
   *
   * **Resuming from the transcript.** With `options.transcript` (the conversation so far, as
   * Anthropic messages, OpenAI Chat messages or Responses input items), a session this instance
   * does not know is rebuilt from the tool calls in it, in order, under the LRU cap, exactly as
   * its calls hydrated it where they ran: another process with the same catalogue then lays out
   * a byte-identical `tools()` block for the next turn. A session this instance knows ignores
   * the transcript. So workers behind a load balancer need no shared session store: pass the
   * transcript you already keep, on every turn. The rebuild happens on the session's first
   * `tools()`, `view()`, `execute()` or `hydrate()`; `hydrated()` reflects it from then on.
   *
   * The returned object serves one request: `options.context` and `options.signal` reach the
   * `execute`, `permit` and `approve` of everything it does, while the session's state (its
   * hydrated tools) belongs to the id and is shared by every object for it.
   *
   * With learning on, `options.scope` says whose lessons the session ranks with and teaches (a
   * tenant, a team): one scope's usage never steers another's. It is fixed when the session
   * starts; resuming it may leave the scope out.
   *
   * @throws {@link OptionsError} for an empty id, options of the wrong shape (a transcript that is
   *   not an array of message or item objects included, whether or not the session is known), a
   *   bad scope, or a scope other than the session's own.
   * @example
   * ```ts
   * const session = toolSearch.session(conversationId, { context: { userId }, signal: request.signal });
   * // any worker, any turn: the same block as the worker that ran the earlier turns
   * const resumed = toolSearch.session(conversationId, { transcript: messages });
   * const tenant = toolSearch.session(`run-${runId}`, { scope: `tenant-${tenantId}` });
   * ```
   */
  session(id: string = randomUUID(), options: SessionOptions = {}): ToolSearchSession {
    const { state, request } = this.sessions.open(id, options);
    return new ToolSearchSession(id, this.services, state, request);
  }

  /** Drops a session's state; the next `session(id)` starts clean. With misses on, settles its misses. */
  endSession(id: string): void {
    this.missObserver?.end(id);
    this.sessions.end(id);
    this.permissions.forget(id);
  }

  /**
   * Asks `permit` again, on the next block of every session, which tools to list. Blocks reuse
   * its answers until the catalogue changes, so call this when what `permit` decides changes for
   * another reason (a user's role, say). Searches and calls always ask `permit` afresh.
   */
  refreshPermissions(): void {
    this.permissions.refresh();
  }

  /**
   * Ranks the catalogue for a query, exactly as `search_tools` does (outside any session), with
   * the lessons of `scope` (the default scope when left out) if learning is on. Like
   * `search_tools`, it first waits, as the host allows, for servers still connecting; to learn
   * which servers it could not see, call {@link ToolSearch.unavailable} (the return type stays
   * a plain list of matches).
   *
   * A query may be the user's whole request, up to 2,000 characters, as a model's `search_tools`
   * query may: a chained request is ranked part by part, so its later requests count.
   *
   * @throws {@link QueryError} for an empty query or one over 2,000 characters.
   * @example
   * ```ts
   * await toolSearch.search("post a message to a channel", { limit: 3 });
   * // [{ name: "slack__post_message", description: "...", score: 7.9 }, ...]
   * ```
   */
  async search(query: string, options: { limit?: number; scope?: string } = {}): Promise<SearchMatch[]> {
    const problem = checkQuery(query);
    if (problem) throw new QueryError("invalid_query", problem.replace("search_tools: ", ""));
    const given = options as { limit?: number; scope?: string } | null | undefined;
    // A misspelt scope would search (and a misspelt limit answer) as if it were not given.
    checkKeys("search()", "", given ?? undefined, ["limit", "scope"], '{ limit: 5, scope: "team-a" }');
    const limit = given?.limit ?? this.tuning.searchLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw new OptionsError(
        "invalid_limit",
        `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${describeValue(limit)}.`,
      );
    }
    const scope = checkedScope(given?.scope) ?? DEFAULT_SCOPE;
    const context: ToolContext = { sessionId: undefined, stage: "search" };
    // Waits, as search_tools does, for servers still connecting: the first search sees those that connect in time.
    await this.permissions.unavailableFor(this.catalogue, context);
    return this.pipeline.rank(query.trim(), limit, context, scope);
  }

  /**
   * The servers whose tools a search cannot see now, as `search_tools` names them to a session:
   * still connecting, or down with why in a few words. Empty for a fixed array of tools, and for
   * a host without `sourceStatus()` (see {@link ToolHost.sourceStatus}). This is how a direct
   * {@link ToolSearch.search} learns why it found little: call it alongside.
   *
   * Like a search, it first waits for servers still connecting, as the host allows (`fromMcp`:
   * up to `refreshWaitMs`, once per attempt). With `permit`, a server is named only when
   * `context` may see one of the tools it last listed (or it never listed any); the tools
   * themselves are never named or counted.
   *
   * @param options.context - The application's value `permit` is asked with, as for a session.
   * @example
   * ```ts
   * const [matches, unavailable] = await Promise.all([toolSearch.search("create a jira ticket"), toolSearch.unavailable()]);
   * // unavailable: [{ server: "jira", state: "connecting" }]
   * ```
   */
  async unavailable(options: { context?: unknown } = {}): Promise<UnavailableSource[]> {
    const context: ToolContext = { sessionId: undefined, stage: "search" };
    const value = typeof options === "object" && options !== null ? options.context : undefined;
    if (value !== undefined) context.context = value;
    return this.permissions.unavailableFor(this.catalogue, context);
  }

  /**
   * Which tools of the catalogue (as it is now: a host is listed again) the `enrichment` option
   * covers: `enriched` (their entry is indexed), `stale` (their definition changed since it was
   * written: indexed only with `keepStale`; run `toolsift enrich` again) and `missing` (no entry;
   * every tool, without an enrichment). Entries naming no tool of the catalogue are not listed.
   *
   * @example
   * ```ts
   * const toolSearch = await createToolSearch({ tools, enrichment: "toolsift.enrichment.json" });
   * const { enriched, stale, missing } = await toolSearch.enrichmentStatus();
   * // { enriched: ["jira__create_issue", ...], stale: ["github__create_pr"], missing: [] }
   * ```
   */
  async enrichmentStatus(): Promise<EnrichmentStatus> {
    return this.enrichment.status((await this.catalogue.snapshot()).tools);
  }

  /**
   * Replaces the enrichment the catalogue is indexed with (as the `enrichment` option takes it;
   * `undefined` for none) and indexes the catalogue again before it resolves: searches from then
   * on rank with it, in every session, none of which is ended. A search under way finishes with
   * the old one. A file that cannot be read or is not an enrichment is refused and the old one
   * kept. `toolsift serve` calls it when its enrichment file changes.
   *
   * @throws `EnrichmentError` for a source that cannot be read or is not an enrichment.
   * @example
   * ```ts
   * await toolSearch.useEnrichment("toolsift.enrichment.json");
   * ```
   */
  async useEnrichment(source: ToolSearchOptions["enrichment"]): Promise<void> {
    const next = catalogueEnrichmentOf(source, this.emit);
    await this.pipeline.reindex(() => {
      this.enrichment = next;
    });
    await this.pipeline.ranked(await this.catalogue.snapshot(), () => undefined);
  }

  /**
   * Teaches the tool search that `query` leads to `toolName`, as a session does when the model
   * searches and then calls a tool successfully: to import past logs, or feedback gathered
   * elsewhere. `at` dates the lesson (for decay); `scope` defaults to the default scope.
   *
   * @throws {@link OptionsError} when learning is off, the tool is not in the catalogue, or the scope or date is bad.
   * @throws {@link QueryError} for an empty query or one over 500 characters (the stores bound
   *   each lesson by it; a longer `search_tools` query is answered but not taught).
   * @example
   * ```ts
   * for (const { query, tool, time } of pastLogs) await toolSearch.learn(query, tool, { scope: "acme", at: time });
   * ```
   */
  async learn(query: string, toolName: string, options: { scope?: string; at?: Date | number } = {}): Promise<void> {
    const learning = this.learningOrThrow("learn");
    const problem = checkQuery(query, MAX_TAUGHT_QUERY_LENGTH);
    if (problem) throw new QueryError("invalid_query", problem.replace("search_tools: ", ""));
    const snapshot = await this.catalogue.snapshot();
    if (typeof toolName !== "string" || !snapshot.byName.has(toolName)) {
      throw new OptionsError(
        "unknown_tool",
        `learn(): ${JSON.stringify(toolName)} is not a tool of the catalogue; lessons name a tool by its exact name.`,
      );
    }
    checkKeys("learn()", "", options ?? undefined, ["scope", "at"], '{ scope: "team-a" }');
    const scope = checkedScope(options?.scope) ?? DEFAULT_SCOPE;
    const at = options?.at instanceof Date ? options.at.getTime() : (options?.at ?? Date.now());
    if (typeof at !== "number" || !Number.isFinite(at) || at < 0) {
      throw new OptionsError(
        "invalid_date",
        `learn(): at must be a Date or milliseconds since the epoch, got ${JSON.stringify(options?.at)}.`,
      );
    }
    learning.teach(scope, [query.trim()], toolName, { at });
  }

  /**
   * Erases everything learned in a scope, here and in the usage store (for all the workers
   * that share it, from their next refresh). Sessions keep running; they learn afresh. Waits for
   * the store at most 2 s, as searches do: a store that takes longer gets a `learning_store_slow`
   * warning and finishes in the background, and the scope ranks with nothing learned until it has.
   *
   * @throws {@link OptionsError} when learning is off or the scope is bad; the store's error if it refuses to erase within the wait.
   * @example
   * ```ts
   * await toolSearch.forget("tenant-42"); // the tenant left: its queries are gone
   * ```
   */
  async forget(scope: string): Promise<void> {
    const learning = this.learningOrThrow("forget");
    const problem = scopeProblem(scope);
    if (problem) throw new OptionsError("invalid_scope", `forget(): ${problem}.`);
    await learning.forget(scope);
  }

  /** Waits until every lesson taught so far ranks (its vector too) and is handed to the usage store. */
  async flushLearning(): Promise<void> {
    await this.learning?.flush();
  }

  /**
   * Releases the ranker built from a name, and, with learning on, writes what is still waiting
   * for the usage store (closing the store only if toolsift made it). A ranker, host or store
   * you passed in is yours to close.
   */
  async close(): Promise<void> {
    this.missObserver?.close();
    await this.missRecorder?.close();
    this.unlistenMissStore?.();
    this.unlistenStore?.();
    this.unlistenRanker?.();
    await this.learning?.close();
    await this.fallback?.close();
    if (this.ownsRanker) await this.ranker.close?.();
  }

  /** Waits until every miss settled so far was handed to the miss store (misses on). */
  async flushMisses(): Promise<void> {
    await this.missRecorder?.flush();
  }

  private learningOrThrow(method: string): Learning {
    if (!this.learning) {
      throw new OptionsError(
        "learning_off",
        `${method}() needs learning: create the tool search with createToolSearch({ tools, learning: true }) or a UsageStore.`,
      );
    }
    return this.learning;
  }
}

/**
 * The observer of misses and the recorder it settles misses into, and the emitter that feeds it
 * every event before `onEvent` hears it. Made only when misses are on.
 */
function observeMisses(
  settings: ToolSearchSettings,
  runtime: LearningRuntime,
  scopeOf: (sessionId: string) => string,
): {
  observer: MissObserver;
  recorder: MissRecorder;
  unlisten: (() => void) | undefined;
  emit: (event: ToolSearchEvent) => void;
} {
  const { emit, catalogue } = settings;
  const warn = (code: string, message: string) => emit({ type: "warning", code, message });
  const recorder = new runtime.MissRecorder(settings.misses!, warn);
  const observer = new runtime.MissObserver(scopeOf, (draft) => {
    const server = draft.answer === undefined ? undefined : catalogue.latest()?.byName.get(draft.answer)?.server;
    recorder.record({ ...draft, ...(server === undefined ? {} : { server }) });
    emit({
      type: "miss",
      sessionId: draft.sessionId,
      scope: draft.scope,
      kind: draft.kind,
      ...(draft.answer === undefined ? {} : { answer: draft.answer }),
    });
  });
  return {
    observer,
    recorder,
    unlisten: settings.misses!.store.listen?.(warn),
    emit: (event: ToolSearchEvent) => {
      observer.observe(event);
      emit(event);
    },
  };
}

/**
 * Creates a {@link ToolSearch}: checks the catalogue and options, builds the ranker and
 * indexes the catalogue. Bad definitions or options throw here, with the fix in the message.
 *
 * @example
 * ```ts
 * const toolSearch = await createToolSearch({
 *   tools: exampleCatalogue,
 *   ranker: "bm25",
 *   tuning: { keepTools: ["filesystem__read_file"], maxHydratedTools: 10 },
 *   approve: async (tool, input) => confirm(`${tool.name}(${JSON.stringify(input)})?`),
 * });
 * ```
 */
export function createToolSearch(options: ToolSearchOptions): Promise<ToolSearch> {
  return ToolSearch.create(options);
}
