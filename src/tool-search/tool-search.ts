import { randomUUID } from "node:crypto";
import { Catalogue, type CatalogueSnapshot, type CatalogueTool, type ToolContext, type ToolHost } from "../catalogue/index.js";
import { OptionsError, QueryError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import { DEFAULT_SCOPE, Learning, blendLearned, resolveLearning, scopeProblem } from "../learning/index.js";
import type { RankDocument, Ranker } from "../ranking/index.js";
import { Hydration, MAX_SEARCH_LIMIT, UsageTrail, ToolSearchSession, permittedTools, type PermittedTools, checkQuery, estimateTokens, guardedEstimator, resolveTuning, type ResolvedTuning, type SearchMatch, type SessionServices, type SessionState, type RequestScope, type UnavailableSource, isAbortSignalLike } from "../session/index.js";
import { type TranscriptCall } from "../wire/index.js";
import { type AnthropicTool, MAX_TRANSCRIPT_CALLS, transcriptCalls } from "../wire/index.js";
import { traced } from "../telemetry/index.js";
import { createRanker } from "./create-ranker.js";
import { SemanticFallback } from "./semantic-fallback.js";
import type { SessionOptions, ToolSearchOptions } from "./tool-search-options.js";

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
  /** Session states by id; Map order is recency, for the `maxSessions` cap. */
  private readonly sessions = new Map<string, SessionState>();
  private readonly estimates = new WeakMap<AnthropicTool, number>();
  private readonly services: SessionServices;
  private indexedVersion = -1;
  /** Bumped by {@link refreshPermissions}: block-stage permit answers older than it are asked again. */
  private permissionEpoch = 0;
  /**
   * Each session's permitted tools, recently used last, at most {@link PERMITTED_CACHE_SIZE}:
   * a block derives them once per catalogue version instead of once per turn. Without a
   * `permit` callback every session sees the same tools, so one entry serves them all.
   */
  private readonly permittedCache = new Map<string, PermittedTools>();
  /** Ranker calls, one at a time: an update never runs while a search is under way. */
  private rankerQueue: Promise<unknown> = Promise.resolve();

  /** Stops hearing the usage store's warnings (set when the store can be listened to). */
  private unlistenStore: (() => void) | undefined;
  /** Ranks by meaning when a ranker without an embedder answers nothing; absent when turned off. */
  private readonly fallback: SemanticFallback | undefined;

  private constructor(
    private readonly catalogue: Catalogue,
    /** The ranker `search_tools` uses. */
    readonly ranker: Ranker,
    /** The tuning in force, defaults filled in. */
    readonly tuning: ResolvedTuning,
    private readonly options: ToolSearchOptions,
    /** Whether the ranker was built here (by name), and so is ours to close. */
    private readonly ownsRanker: boolean,
    private readonly emit: (event: ToolSearchEvent) => void,
    /** Learning from use; `undefined` when `options.learning` is off. */
    private readonly learning: Learning | undefined,
  ) {
    const estimate = options.estimateTokens
      ? guardedEstimator(options.estimateTokens.bind(options), (message) => emit({ type: "warning", code: "estimate_invalid", message }))
      : estimateTokens;
    this.services = {
      tuning,
      snapshot: () => this.catalogue.snapshot(),
      latestSnapshot: () => this.catalogue.latest(),
      rank: (query, limit, context, scope) => this.rank(query, limit, context, scope),
      unavailable: (context) => this.unavailableFor(context),
      ...(learning ? { teach: ({ sessionId, scope, queries, tool }) => learning.teach(scope, queries, tool, { sessionId }) } : {}),
      isPermitted: (tool, context) => this.isPermitted(tool, context),
      permittedTools: (snapshot, context) => this.permittedTools(snapshot, context),
      approve: options.approve?.bind(options),
      estimate: (tool) => {
        let tokens = this.estimates.get(tool);
        if (tokens === undefined) this.estimates.set(tool, (tokens = estimate(tool)));
        return tokens;
      },
      emit,
    };
    // A ranker with an embedder already ranks by meaning: a fallback would only repeat it.
    this.fallback = options.semanticFallback === false || typeof ranker.embedder === "function" ? undefined : new SemanticFallback(emit);
  }

  /** @see {@link createToolSearch} */
  static async create(options: ToolSearchOptions): Promise<ToolSearch> {
    if (typeof options !== "object" || options === null) {
      throw new OptionsError("invalid_options", "createToolSearch takes an options object: createToolSearch({ tools }).");
    }
    if (options.semanticFallback !== undefined && typeof options.semanticFallback !== "boolean") {
      throw new OptionsError("invalid_options", `options.semanticFallback must be true or false, got ${JSON.stringify(options.semanticFallback)}.`);
    }
    for (const callback of ["permit", "approve", "onEvent", "estimateTokens"] as const) {
      if (options[callback] !== undefined && typeof options[callback] !== "function") {
        throw new OptionsError("invalid_options", `options.${callback} must be a function, got ${typeof options[callback]}. Pass a function or leave it out.`);
      }
    }
    const tuning = resolveTuning(options.tuning);
    const emit = safeEmitter(options.onEvent);
    const catalogue = catalogueOf(options, emit);
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
    const learningOptions = resolveLearning(options.learning);
    // Stryker disable next-line OptionalChaining: Learning catches a throwing embedderOf and treats it as no embedder, as it does undefined
    const learning = learningOptions && new Learning(learningOptions, () => ranker.embedder?.(), emit);
    const toolSearch = new ToolSearch(catalogue, ranker, tuning, options, ownsRanker, emit, learning);
    toolSearch.unlistenStore = learningOptions?.store.listen?.((code, message) => emit({ type: "warning", code, message }));
    try {
      await toolSearch.ranked(snapshot, () => undefined);
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
    if (typeof id !== "string" || id === "") throw new OptionsError("invalid_session_id", "A session id must be a non-empty string.");
    const { request, calls, scope } = readSessionOptions(options);
    let state = this.sessions.get(id);
    if (state && scope !== undefined && state.scope !== scope) {
      throw new OptionsError("session_scope_changed", `Session "${id}" belongs to scope "${state.scope}", not "${scope}": a session keeps its scope. Use a new session id for another scope.`);
    }
    if (state) this.sessions.delete(id);
    else state = this.newSession(id, calls, scope ?? DEFAULT_SCOPE);
    this.sessions.set(id, state);
    // Past the cap the least recently used session is forgotten, so a server that never
    // calls endSession still has bounded memory.
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.tuning.maxSessions) break;
      this.sessions.delete(oldest);
    }
    return new ToolSearchSession(id, this.services, state, request);
  }

  private newSession(id: string, calls: readonly TranscriptCall[] | undefined, scope: string): SessionState {
    const state: SessionState = { hydration: new Hydration(this.tuning.maxHydratedTools), scope, ...(this.learning ? { trail: new UsageTrail() } : {}) };
    if (!calls || calls.length === 0) return state;
    if (calls.length > MAX_TRANSCRIPT_CALLS) {
      this.emit({
        type: "warning",
        code: "transcript_truncated",
        message:
          `The transcript of session ${id} holds ${calls.length} tool calls; its hydration was rebuilt from the last ${MAX_TRANSCRIPT_CALLS}, ` +
          "so the order of its hydrated tools may differ from the process that ran them.",
      });
    }
    state.replay = { calls: calls.length > MAX_TRANSCRIPT_CALLS ? calls.slice(-MAX_TRANSCRIPT_CALLS) : calls };
    return state;
  }

  /** Drops a session's state; the next `session(id)` starts clean. */
  endSession(id: string): void {
    this.sessions.delete(id);
    this.permittedCache.delete(id);
  }

  /**
   * Asks `permit` again, on the next block of every session, which tools to list. Blocks reuse
   * its answers until the catalogue changes, so call this when what `permit` decides changes for
   * another reason (a user's role, say). Searches and calls always ask `permit` afresh.
   */
  refreshPermissions(): void {
    // Stryker disable next-line UpdateOperator: the epoch is only compared for equality, so counting down invalidates the cached blocks as well
    this.permissionEpoch++;
    this.permittedCache.clear();
  }

  /**
   * Ranks the catalogue for a query, exactly as `search_tools` does (outside any session), with
   * the lessons of `scope` (the default scope when left out) if learning is on. Like
   * `search_tools`, it first waits, as the host allows, for servers still connecting; to learn
   * which servers it could not see, call {@link ToolSearch.unavailable} (the return type stays
   * a plain list of matches).
   *
   * @throws {@link QueryError} for an empty query or one over 500 characters.
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
    const limit = given?.limit ?? this.tuning.searchLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw new OptionsError("invalid_limit", `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${JSON.stringify(limit)}.`);
    }
    const scope = checkedScope(given?.scope) ?? DEFAULT_SCOPE;
    const context: ToolContext = { sessionId: undefined, stage: "search" };
    // Waits, as search_tools does, for servers still connecting: the first search sees those that connect in time.
    await this.unavailableFor(context);
    return this.rank(query.trim(), limit, context, scope);
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
    return this.unavailableFor(context);
  }

  /**
   * Teaches the tool search that `query` leads to `toolName`, as a session does when the model
   * searches and then calls a tool successfully: to import past logs, or feedback gathered
   * elsewhere. `at` dates the lesson (for decay); `scope` defaults to the default scope.
   *
   * @throws {@link OptionsError} when learning is off, the tool is not in the catalogue, or the scope or date is bad.
   * @throws {@link QueryError} for an empty query or one over 500 characters.
   * @example
   * ```ts
   * for (const { query, tool, time } of pastLogs) await toolSearch.learn(query, tool, { scope: "acme", at: time });
   * ```
   */
  async learn(query: string, toolName: string, options: { scope?: string; at?: Date | number } = {}): Promise<void> {
    const learning = this.learningOrThrow("learn");
    const problem = checkQuery(query);
    if (problem) throw new QueryError("invalid_query", problem.replace("search_tools: ", ""));
    const snapshot = await this.catalogue.snapshot();
    if (typeof toolName !== "string" || !snapshot.byName.has(toolName)) {
      throw new OptionsError("unknown_tool", `learn(): ${JSON.stringify(toolName)} is not a tool of the catalogue; lessons name a tool by its exact name.`);
    }
    const scope = checkedScope(options?.scope) ?? DEFAULT_SCOPE;
    const at = options?.at instanceof Date ? options.at.getTime() : (options?.at ?? Date.now());
    if (typeof at !== "number" || !Number.isFinite(at) || at < 0) {
      // Stryker disable next-line OptionalChaining: only an invalid options.at gets here, so options is an object
      throw new OptionsError("invalid_date", `learn(): at must be a Date or milliseconds since the epoch, got ${JSON.stringify(options?.at)}.`);
    }
    // Stryker disable next-line MethodExpression: teach() trims every query itself
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
    this.unlistenStore?.();
    await this.learning?.close();
    await this.fallback?.close();
    if (this.ownsRanker) await this.ranker.close?.();
  }

  private learningOrThrow(method: string): Learning {
    if (!this.learning) {
      throw new OptionsError("learning_off", `${method}() needs learning: create the tool search with createToolSearch({ tools, learning: true }) or a UsageStore.`);
    }
    return this.learning;
  }

  /**
   * Ranks in a `toolsift.search` span (when OpenTelemetry is installed), with what an operator
   * filters on: the session, the stage, the ranker, the limit, how many tools matched and the
   * best one. The query's text is left out of the span: it is the user's words.
   */
  private rank(query: string, limit: number, context: ToolContext, scope: string): Promise<SearchMatch[]> {
    const attributes = {
      "toolsift.session.id": context.sessionId,
      "toolsift.search.stage": context.stage,
      "toolsift.search.limit": limit,
      "toolsift.search.query_length": query.length,
      "toolsift.ranker": typeof this.ranker.name === "string" ? this.ranker.name : undefined,
    };
    return traced("toolsift.search", "internal", attributes, async (span) => {
      const matches = await this.rankNow(query, limit, context, scope);
      span.set({ "toolsift.search.result_count": matches.length, "toolsift.search.top_tool": matches[0]?.name });
      return matches;
    });
  }

  private async rankNow(query: string, limit: number, context: ToolContext, scope: string): Promise<SearchMatch[]> {
    const snapshot = await this.catalogue.snapshot();
    const allowed = (name: string) => {
      const tool = snapshot.byName.get(name);
      return tool !== undefined && this.isPermitted(tool, context);
    };
    // The lessons go through the same permission filter as the ranker's matches (and the check
    // below); tools that delete or reach outside are left to the ranker unless the options allow.
    const learning = this.learning;
    const boostable = (name: string) => allowed(name) && (learning!.options.boostDestructive || !isRisky(snapshot.byName.get(name)!));
    const learnStarted = performance.now();
    const learned = learning ? await learning.match(scope, query, boostable, context.sessionId) : undefined;
    const learnMs = performance.now() - learnStarted;
    let started = 0;
    const hits = await this.ranked(snapshot, async () => {
      started = performance.now() - learnMs;
      const lessons = learned !== undefined && learned.size > 0;
      const retrievedDepth = this.tuning.searchLimit * 4;
      const depth = lessons ? Math.max(limit, LEARNED_DEPTH, retrievedDepth) : limit;
      const ranked = await this.ranker.search(query, { limit: depth, filter: allowed });
      const base = ranked.length > 0 || !this.fallback ? ranked : await this.fallback.search(query, fallbackCatalogue(snapshot), { limit: depth, filter: allowed });
      if (!lessons) return base;
      return blendLearned(base, learned, { weight: learning!.options.weight, limit, retrievedDepth });
    });
    const matches: SearchMatch[] = [];
    const seen = new Set<string>();
    // A custom ranker may ignore the filter or the limit: the contract is enforced here.
    for (const hit of hits) {
      if (matches.length >= limit || seen.has(hit.name) || !allowed(hit.name)) continue;
      seen.add(hit.name);
      const confidence = hit.confidence === "weak" ? "weak" : "strong";
      matches.push({ name: hit.name, description: snapshot.byName.get(hit.name)!.description, score: hit.score, confidence });
    }
    this.emit({
      type: "search",
      sessionId: context.sessionId,
      query,
      limit,
      results: matches.map(({ name, score, confidence }) => ({ name, score, confidence })),
      ms: performance.now() - started,
    });
    return matches;
  }

  /**
   * Brings the ranker up to date with a snapshot, then runs `use`, queued behind every ranker
   * call before it: the Ranker contract promises an update never overlaps a search. A failed
   * call fails its own caller only; the queue goes on.
   */
  private ranked<T>(snapshot: CatalogueSnapshot, use: () => T | Promise<T>): Promise<T> {
    const next = this.rankerQueue.then(async () => {
      if (snapshot.version > this.indexedVersion) {
        await this.ranker.update(snapshot.tools.map((tool) => tool.document));
        this.indexedVersion = snapshot.version;
      }
      return use();
    });
    this.rankerQueue = next.catch(() => undefined);
    return next;
  }

  /**
   * The host's unready servers that `context` may know of: a server whose last listed tools
   * `permit` hides, every one of them, is not named (a server never listed cannot be judged, so
   * it is). Never rejects.
   */
  private async unavailableFor(context: ToolContext): Promise<UnavailableSource[]> {
    const sources = await this.catalogue.sourceStatus();
    return sources.flatMap(({ server, state, error }) => {
      const known = this.catalogue.lastListed(server);
      if (known && !known.some((tool) => this.isPermitted(tool, context))) return [];
      const named: UnavailableSource = { server, state: state === "connecting" ? "connecting" : "down" };
      if (error !== undefined) named.error = error;
      return [named];
    });
  }

  private permittedTools(snapshot: CatalogueSnapshot, context: ToolContext): PermittedTools {
    // Stryker disable next-line StringLiteral: any constant serves; a block always has a session id, and without permit one key serves every session
    const key = this.options.permit ? (context.sessionId ?? "") : "";
    const cached = this.permittedCache.get(key);
    this.permittedCache.delete(key);
    const fresh =
      cached && cached.catalogueVersion === snapshot.version && cached.permissionEpoch === this.permissionEpoch
        ? cached
        : permittedTools(snapshot, this.permissionEpoch, this.tuning.keepTools, (tool) => this.isPermitted(tool, context), this.services.estimate);
    this.permittedCache.set(key, fresh);
    for (const oldest of this.permittedCache.keys()) {
      if (this.permittedCache.size <= PERMITTED_CACHE_SIZE) break;
      this.permittedCache.delete(oldest);
    }
    return fresh;
  }

  private isPermitted(tool: CatalogueTool, context: ToolContext): boolean {
    if (!this.options.permit) return true;
    try {
      return this.options.permit(tool.definition, context) === true;
    } catch (error) {
      this.emit({ type: "warning", code: "permit_failed", message: `permit() threw for ${tool.name}, so it was denied: ${String(error)}` });
      return false;
    }
  }
}

/** A snapshot as the semantic fallback indexes it: its version, and its documents when needed. */
function fallbackCatalogue(snapshot: CatalogueSnapshot): { version: number; documents: () => readonly RankDocument[] } {
  return { version: snapshot.version, documents: () => snapshot.tools.map((tool) => tool.document) };
}

/** Checks `session()`'s options: what is wrong is named, before any state changes. */
function readSessionOptions(options: unknown): { request: RequestScope; calls?: TranscriptCall[]; scope?: string } {
  // Stryker disable next-line ConditionalExpression,ObjectLiteral: session() defaults its options to {}, so undefined never gets here
  if (options === undefined) return { request: {} };
  if (typeof options !== "object" || options === null) {
    throw new OptionsError("invalid_options", "session(id, options) takes an options object, e.g. session(id, { context: { userId } }).");
  }
  const { context, signal, transcript, scope } = options as SessionOptions;
  if (signal !== undefined && !isAbortSignalLike(signal)) {
    throw new OptionsError("invalid_signal", "options.signal must be an AbortSignal (e.g. new AbortController().signal).");
  }
  const request: RequestScope = {};
  if (context !== undefined) request.context = context;
  if (signal !== undefined) request.signal = signal;
  const checked = checkedScope(scope);
  return {
    request,
    ...(transcript === undefined ? {} : { calls: transcriptCalls(transcript) }),
    ...(checked === undefined ? {} : { scope: checked }),
  };
}

/**
 * How many sessions' permitted tools are kept derived. Each holds references to every tool it
 * may see, so the cap bounds memory with a large catalogue and many sessions; a session past it
 * derives its tools again on its next block.
 */
const PERMITTED_CACHE_SIZE = 64;

/** `onEvent`, made safe: an observer must never break the session it observes. */
function safeEmitter(onEvent: ToolSearchOptions["onEvent"]): (event: ToolSearchEvent) => void {
  return (event) => {
    try {
      // Stryker disable next-line OptionalChaining: without onEvent the call throws inside this try, which swallows it
      onEvent?.(event);
    } catch {
      // Swallowed on purpose; see above.
    }
  };
}

function catalogueOf(options: ToolSearchOptions, emit: (event: ToolSearchEvent) => void): Catalogue {
  const { tools } = options;
  if (Array.isArray(tools)) return Catalogue.fromArray(tools);
  if (typeof tools === "object" && tools !== null && typeof (tools as ToolHost).listTools === "function") {
    return Catalogue.fromHost(tools as ToolHost, (code, message) => emit({ type: "warning", code, message }));
  }
  throw new OptionsError(
    "invalid_tools",
    "options.tools must be an array of tool definitions or a host with listTools(), e.g. createToolSearch({ tools: [myTool] }).",
  );
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

/** How deep the ranker's list is read when lessons add to it: a learned tool may lift one from far down. */
const LEARNED_DEPTH = 50;

/** Whether a tool deletes or changes data, or reaches the outside world: lessons do not lift it by default. */
function isRisky(tool: CatalogueTool): boolean {
  return tool.destructive || tool.openWorld;
}

/** A scope option checked; `undefined` when it was left out. */
function checkedScope(scope: unknown): string | undefined {
  if (scope === undefined) return undefined;
  const problem = scopeProblem(scope);
  if (problem) throw new OptionsError("invalid_scope", `${problem}.`);
  return scope as string;
}
