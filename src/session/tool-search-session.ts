// Over 300 lines: the public class's TSDoc (every method documented, with examples) is most of it; the work is in the named steps it calls.
import type { CatalogueTool, ToolContext } from "../catalogue/index.js";
import { OptionsError, errorText } from "../errors.js";
import type { SpanRecorder } from "../telemetry/index.js";
import {
  answerIn,
  DEFAULT_GEMINI_MAX_DECLARATIONS,
  MAX_OPENAI_CHAT_TOOLS,
  isToolSearchCall,
  layOutTools,
  readToolSearchCall,
  readToolCall,
  readToolFormat,
  type AnthropicTool,
  type GeminiFunctionCallPart,
  type GeminiFunctionResponsePart,
  type GeminiTool,
  type OpenAIChatTool,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesNativeTool,
  type OpenAIResponsesTool,
  type OpenAIResponsesToolSearchCall,
  type OpenAIResponsesToolSearchOutput,
  type ToolCall,
  type ToolCallAnswer,
  type ToolFormat,
  type ToolResultBlock,
  type ToolUseBlock,
} from "../wire/index.js";
import { buildToolBlock } from "./build-tool-block.js";
import { capToolBlock } from "./cap-tool-block.js";
import { resolveGeminiCall } from "./gemini-call.js";
import { executeTool, type ExecutionHost } from "./execute-tool.js";
import type { Hydration } from "./hydration.js";
import { readNativeOptions, type NativeSearch, type ToolPresentation } from "./native-presentation-options.js";
import { namespaceAliases, openAINativeBlock, toolSearchOutputOf } from "./openai-native-block.js";
import { prefetch, type PrefetchOptions, type PrefetchOutcome } from "./prefetch.js";
import { contextOf, readExecuteOptions, type ExecuteOptions, type RequestScope } from "./request-scope.js";
import { SEARCH_TOOLS_NAME, parseSearchInput, searchToolsDefinition } from "./search-tools-tool.js";
import { searchWithServers, type ServerSearchOptions } from "./server-search.js";
import type { SearchToolsOutcome, SessionServices, SessionState } from "./session-services.js";
import type { DeferrableTool, SessionView } from "./session-view.js";
import { tracedToolCall } from "./tool-call-spans.js";
import { errorResult, searchResultBlock } from "./tool-result.js";
import { replayNow, replayed, type ReplayHost } from "./transcript-replay.js";

/**
 * One agent run's view of the catalogue: its tool block, its hydrated tools, and the
 * execution of the model's tool calls. Get one with `toolSearch.session(id)`; the same id
 * resumes the same state.
 */
export class ToolSearchSession {
  private readonly hydration: Hydration;
  private readonly replayHost: ReplayHost;
  private readonly executionHost: ExecutionHost;

  /**
   * Whose lessons this session ranks with and teaches (learning from use): the scope given to
   * `toolSearch.session(id, { scope })`, else `"default"`.
   */
  get scope(): string {
    return this.state.scope;
  }

  /** @internal Created by `ToolSearch.session()`. */
  constructor(
    readonly id: string,
    private readonly services: SessionServices,
    private readonly state: SessionState,
    private readonly request: RequestScope = {},
  ) {
    this.hydration = state.hydration;
    const steps = {
      services,
      state,
      context: (stage: ToolContext["stage"], toolUseId?: string) => this.context(stage, toolUseId),
      hydrateTool: (tool: CatalogueTool) => this.hydrateTool(tool),
    };
    this.replayHost = steps;
    this.executionHost = {
      ...steps,
      sessionId: id,
      replayed: () => this.replayed(),
      shownAsStub: (name) => this.shownAsStub(name),
    };
  }

  /**
   * The `tools` array for the next model call, in the wire format of the API it goes to:
   * `"anthropic"` (the Messages API, the default), `"openai-chat"` (Chat Completions) or
   * `"openai-responses"` (the Responses API). The block is the same in every format: the
   * same tools, in the same order, stubs and hydrated tools alike. OpenAI tools are sent with
   * `strict: false`, because strict mode cannot express a stub's any-input schema; toolsift
   * validates every call against the tool's real schema instead.
   *
   * `"gemini"` gives Gemini's `tools`: one `{ functionDeclarations }` entry, each schema
   * converted to the subset Gemini accepts (see `toGeminiParameters`; every call is still
   * validated against the real schema), within `maxDeclarations` (default 512): over it,
   * `search_tools`, keep tools and hydrated tools come first and stubs are cut.
   *
   * `presentation: "native"` (Responses API only, models that support `tool_search`) uses
   * OpenAI's own tool search instead: every permitted tool in full with `defer_loading: true`,
   * in one `namespace` per server (`"tools"` for tools of none), the keep tools loaded, and a
   * `tool_search` tool. The array never changes as tools are found, so it is cached whole.
   * With `nativeSearch: "client"` (the default) the model's `tool_search_call` items go to
   * {@link ToolSearchSession.execute}, which answers with a `tool_search_output` ranked by
   * toolsift (permissions, learning and enrichment apply, and the found tools are hydrated).
   * With `nativeSearch: "hosted"` OpenAI searches the deferred definitions itself: the block
   * still holds only the tools `permit` allows when it is built, but toolsift's ranking,
   * learning and per-search permission checks do not apply, and permissions are enforced only
   * when a call is executed.
   *
   * @param options.format - The wire format, `"anthropic"` when absent.
   * @param options.presentation - `"native"` for OpenAI's tool search; `"toolsift"` (the default) for stubs and `search_tools`.
   * @param options.nativeSearch - Who answers a native search: `"client"` (toolsift, the default) or `"hosted"` (OpenAI).
   * @param options.maxDeclarations - Gemini only: the most declarations to send, an integer
   *   of at least 1. Example: `{ format: "gemini", maxDeclarations: 128 }` for Vertex AI's older cap.
   * @throws {@link OptionsError} `invalid_format` for any other format, `invalid_presentation` /
   *   `invalid_native_search` for other values or `"native"` with a format other than `"openai-responses"`,
   *   `invalid_max_declarations` for a bad cap.
   * @example
   * ```ts
   * const response = await client.messages.create({ model, max_tokens, messages, tools: await session.tools() });
   * const completion = await openai.chat.completions.create({ model, messages, tools: await session.tools({ format: "openai-chat" }) });
   * const reply = await openai.responses.create({ model, input, tools: await session.tools({ format: "openai-responses" }) });
   * const result = await ai.models.generateContent({ model, contents, config: { tools: await session.tools({ format: "gemini" }) } });
   * const native = await openai.responses.create({ model: "gpt-5.4", input, tools: await session.tools({ format: "openai-responses", presentation: "native" }) });
   * ```
   */
  async tools(options?: { format?: "anthropic"; presentation?: "toolsift" }): Promise<AnthropicTool[]>;
  async tools(options: { format: "openai-chat"; presentation?: "toolsift" }): Promise<OpenAIChatTool[]>;
  async tools(options: {
    format: "openai-responses";
    presentation: "native";
    nativeSearch?: NativeSearch;
  }): Promise<OpenAIResponsesNativeTool[]>;
  async tools(options: { format: "openai-responses"; presentation?: "toolsift" }): Promise<OpenAIResponsesTool[]>;
  async tools(options: { format: "gemini"; maxDeclarations?: number }): Promise<GeminiTool[]>;
  async tools(options?: {
    format?: ToolFormat;
    presentation?: ToolPresentation;
    nativeSearch?: NativeSearch;
    maxDeclarations?: number;
  }): Promise<AnthropicTool[] | OpenAIChatTool[] | OpenAIResponsesTool[] | OpenAIResponsesNativeTool[] | GeminiTool[]>;
  async tools(
    options: {
      format?: ToolFormat;
      presentation?: ToolPresentation;
      nativeSearch?: NativeSearch;
      maxDeclarations?: number;
    } = {},
  ): Promise<AnthropicTool[] | OpenAIChatTool[] | OpenAIResponsesTool[] | OpenAIResponsesNativeTool[] | GeminiTool[]> {
    const format = readToolFormat(options);
    const { presentation, nativeSearch } = readNativeOptions(options, format);
    const view = await this.view();
    if (presentation === "native") return openAINativeBlock(view, nativeSearch);
    if (format === "gemini") {
      const cap = readMaxDeclarations(options);
      return layOutTools(capToolBlock(view, cap, this.hydration.byRecency()), format) as GeminiTool[];
    }
    // Chat Completions refuses a request of more tools than its cap, which a block under the stub
    // budget (or a catalogue under the threshold) can exceed: past it, the block is laid out as
    // Gemini's is, search first, so every tool stays reachable.
    if (format === "openai-chat")
      return layOutTools(
        capToolBlock(view, MAX_OPENAI_CHAT_TOOLS, this.hydration.byRecency()),
        format,
      ) as OpenAIChatTool[];
    return layOutTools(buildToolBlock(view), format) as AnthropicTool[] | OpenAIChatTool[] | OpenAIResponsesTool[];
  }

  /** The names of the hydrated tools, most recently used last. */
  hydrated(): string[] {
    // A transcript is replayed here when the catalogue is already at hand, so a resumed session
    // shows its tools before its first tools(); on a host not listed yet, from the first use.
    replayNow(this.replayHost);
    return this.hydration.byRecency();
  }

  /**
   * The hydrated tools in both of their orders: `recency` (least recently used first, as
   * {@link ToolSearchSession.hydrated}) and `firstUse` (the tool block's order). With
   * {@link ToolSearchSession.restoreHydration}, a host can carry a session to another process.
   *
   * @example
   * ```ts
   * other.restoreHydration(session.hydrationState());
   * ```
   */
  hydrationState(): { recency: string[]; firstUse: string[] } {
    return { recency: this.hydration.byRecency(), firstUse: this.hydration.byFirstUse() };
  }

  /**
   * Replaces the hydrated tools with `state` (from {@link ToolSearchSession.hydrationState},
   * maybe of another process): exactly those, in those orders, within the LRU cap. Names the
   * catalogue lacks or the session may not use are held but never shown, as after an upstream change.
   */
  restoreHydration(state: { recency: readonly string[]; firstUse: readonly string[] }): void {
    this.hydration.replace(state.recency, state.firstUse);
  }

  /**
   * Everything a strategy needs to lay out this session's tools for the next request.
   *
   * What depends on the whole catalogue (the permitted tools, their token estimates, their
   * stubs) is derived once per catalogue version and reused; `permit` is asked afresh only
   * about the tools the request will show (a tool it now refuses disappears from the next
   * block at once), so a turn costs the tools it shows, not a pass over the catalogue.
   * Treat the view as read-only.
   */
  async view(): Promise<SessionView> {
    await this.replayed();
    const snapshot = await this.services.snapshot();
    const context = this.context("block");
    const permitted = this.services.permittedTools(snapshot, context);
    const stillPermitted = (name: string) => {
      const tool = snapshot.byName.get(name);
      return tool !== undefined && this.services.isPermitted(tool, context);
    };
    const { tuning } = this.services;
    const progressive = tuning.toolSearch && permitted.fullTokens > tuning.toolSearchThresholdTokens;
    const presentation = permitted.stubTokens > tuning.maxStubTokens ? "search-only" : "stubs";
    const hydratedTools = this.hydration
      .byFirstUse()
      .flatMap((name) => permitted.othersByName.get(name) ?? [])
      .filter((tool) => stillPermitted(tool.name));
    let others: DeferrableTool[] | undefined;
    let all: AnthropicTool[] | undefined;
    const view: SessionView = {
      progressive,
      presentation,
      fullTokens: permitted.fullTokens,
      // The whole catalogue is checked only when a strategy asks for it (below the threshold,
      // where it is small, or for native's deferred definitions, which are sent whole anyway).
      get all() {
        return (all ??= permitted.all.filter((tool) => stillPermitted(tool.name)));
      },
      get others() {
        return (others ??= permitted.others.filter((tool) => stillPermitted(tool.name)));
      },
      fullByName: permitted.fullByName,
      searchTool: searchToolsDefinition(tuning.searchLimit, presentation),
      keep: permitted.keep.filter((tool) => stillPermitted(tool.name)),
      hydrated: hydratedTools.map((tool) => tool.name),
      hydratedTools,
    };
    this.state.lastView = view;
    return view;
  }

  /**
   * Hydrates tools without running them, each as if the model had just called it: for a host
   * that turns search matches into listed tools (an MCP gateway). The LRU cap applies as for
   * calls, so pass the names least important first. Unknown, denied and keep tools are skipped.
   *
   * @returns The names hydrated by this call and still hydrated after it (not those that already were).
   * @example
   * ```ts
   * const outcome = await session.searchTools({ query: "open a pull request" });
   * if (outcome.ok) await session.hydrate(outcome.matches.map((match) => match.name).reverse());
   * ```
   */
  async hydrate(names: readonly string[]): Promise<string[]> {
    await this.replayed();
    const snapshot = await this.services.snapshot();
    const context = this.context("block");
    const hydrated: string[] = [];
    for (const name of names) {
      const tool = snapshot.byName.get(name);
      if (tool && this.services.isPermitted(tool, context) && this.hydrateTool(tool)) hydrated.push(name);
    }
    // More names than the cap evict some of the ones hydrated just before.
    return hydrated.filter((name) => this.hydration.has(name));
  }

  /**
   * Unloads hydrated tools, as the LRU cap would evict them (an `evict` event each): for a host
   * that must keep the tool block under a client's own limit (an MCP gateway). A later use
   * hydrates a tool again. Names not hydrated are skipped.
   *
   * @returns The names that were hydrated and are not any more.
   * @example
   * ```ts
   * const [oldest] = session.hydrated();
   * if (oldest !== undefined) session.dehydrate([oldest]);
   * ```
   */
  dehydrate(names: readonly string[]): string[] {
    const removed = names.filter((name) => this.hydration.remove(name));
    // The last view shows them hydrated: the next call's report builds a fresh one.
    if (removed.length > 0) delete this.state.lastView;
    for (const name of removed) this.services.emit({ type: "evict", sessionId: this.id, name });
    return removed;
  }

  /**
   * Retrieves for the user's message before the model sees it, so a turn whose words already
   * find the tool needs no `search_tools` turn: ranks `text` as `search_tools` would (this
   * session's permissions, lessons and enrichment apply; `permit` is asked with stage
   * `"search"`), and hydrates the *strong* matches among the best `limit` (never a weak one).
   * It never runs a tool and never evicts one: it hydrates only into the LRU cap's free room,
   * appended after the tools hydrated before, so the block's earlier bytes stay as they were;
   * a match already hydrated keeps its place in the LRU order. A repeated prefetch of the same
   * text changes nothing.
   *
   * Only the first `MAX_PREFETCH_TEXT_LENGTH` characters of `text` (500) are ranked.
   * The `search` and `hydrate` events it causes carry `prefetch: true`. The message is not
   * taught to learning: lessons come from the model's own searches.
   *
   * @param text - The newest user message's text.
   * @param options.limit - How many best matches to consider, 1 to 50 (default 1, the best match alone).
   * @returns What it hydrated (best first) and what it skipped and why; it rejects only for bad
   *   arguments: a failed search is an outcome with `error`.
   * @throws `QueryError` `invalid_query` for a text that is not a string or is empty;
   *   {@link OptionsError} `invalid_limit` / `invalid_prefetch_options` for bad options.
   * @example
   * ```ts
   * const { hydrated, skipped } = await session.prefetch("open a pull request for my branch", { limit: 2 });
   * // hydrated: ["github__create_pull_request"], skipped: [{ name: "github__list_branches", reason: "weak" }]
   * const tools = await session.tools(); // github__create_pull_request in full
   * ```
   */
  prefetch(text: string, options?: PrefetchOptions): Promise<PrefetchOutcome> {
    return prefetch(
      {
        services: this.services,
        state: this.state,
        hydration: this.hydration,
        context: (stage) => this.context(stage),
        replayed: () => this.replayed(),
        hydrateTool: (tool, prefetched) => this.hydrateTool(tool, prefetched),
      },
      text,
      options,
    );
  }

  /**
   * Runs a `search_tools` input: checks it and ranks, with this session's permissions. Never rejects.
   *
   * `server:name` (or `+name`) terms in the query restrict the search to those servers' tools
   * (see `scope` in the outcome), and a query about whole servers ("everything in jira") gets
   * them in `servers`, beside its matches.
   */
  async searchTools(input: unknown, toolUseId?: string): Promise<SearchToolsOutcome> {
    return this.search(input, toolUseId);
  }

  /** {@link ToolSearchSession.searchTools}, with the native presentation's options (see `searchWithServers`). */
  private async search(
    input: unknown,
    toolUseId: string | undefined,
    options?: ServerSearchOptions,
  ): Promise<SearchToolsOutcome> {
    try {
      // Inside the try: the input is the caller's, and a getter on it may throw.
      const parsed = parseSearchInput(input);
      if (!parsed.ok) return parsed;
      const limit = parsed.limit ?? this.services.tuning.searchLimit;
      const context = this.context("search", toolUseId);
      const unavailable = (await this.services.unavailable?.(context)) ?? [];
      const host = {
        snapshot: () => this.services.snapshot(),
        rank: (query: string, limit: number, servers: ReadonlySet<string> | undefined) =>
          this.services.rank(query, limit, context, this.state.scope, servers ? { servers } : {}),
        isPermitted: (tool: CatalogueTool) => this.services.isPermitted(tool, context),
      };
      const { matches, servers, scope } = await searchWithServers(host, parsed.query, limit, options);
      this.state.trail?.searched(parsed.query);
      return {
        ok: true,
        query: parsed.query,
        matches,
        ...(servers ? { servers } : {}),
        ...(scope ? { scope } : {}),
        ...(unavailable.length > 0 ? { unavailable } : {}),
      };
    } catch (error) {
      return { ok: false, error: `search_tools failed: ${errorText(error)}` };
    }
  }

  /**
   * Executes one tool call (a real tool or `search_tools`) and answers it in the call's own
   * format: a `tool_use` block gets a `tool_result` block, a Chat Completions tool call
   * (`message.tool_calls[i]`) a `tool` message, and a Responses `function_call` item a
   * `function_call_output` item, and a client-executed `tool_search_call` (OpenAI's native
   * presentation, see {@link ToolSearchSession.tools}) a `tool_search_output` item (pass only
   * calls with `execution: "client"`: OpenAI answers its hosted searches itself). Validation, hydration, permissions and approval are the same
   * in every format. OpenAI answers have no error flag, so a failure's text starts with
   * `"Error: "`; OpenAI arguments that are not valid JSON are such a failure, and the tool does not run.
   *
   * It never throws and never rejects, whatever it is given: every failure is an error result
   * the model can read, and no failure loses the session's state (a call to a real, permitted
   * tool hydrates it even when its input is invalid, so the model gets the schema it needs).
   *
   * What runs is decided once: the input is copied as plain JSON and validated (and, for a
   * zod tool, parsed by zod), a destructive tool is approved with that value, and the tool
   * runs on that same value. A tool whose input could not be checked does not run.
   *
   * @param options.shownInFull - The request showed the model this tool's full definition
   *   some other way than the tool block (Anthropic's `tool_reference`), so the call is not
   *   reported as made from a stub.
   * @example
   * ```ts
   * const results = await Promise.all(calls.map((call) => session.execute(call)));                      // tool_use blocks
   * messages.push(...(await Promise.all(message.tool_calls.map((call) => session.execute(call)))));   // Chat Completions
   * input.push(...(await Promise.all(functionCalls.map((call) => session.execute(call)))));             // Responses
   * parts.push(...(await Promise.all(callParts.map((part) => session.execute(part)))));                 // Gemini functionCall parts
   * ```
   */
  async execute(call: OpenAIChatToolCall, options?: ExecuteOptions): Promise<OpenAIChatToolMessage>;
  async execute(
    call: OpenAIResponsesFunctionCall,
    options?: ExecuteOptions,
  ): Promise<OpenAIResponsesFunctionCallOutput>;
  async execute(
    call: OpenAIResponsesToolSearchCall,
    options?: ExecuteOptions,
  ): Promise<OpenAIResponsesToolSearchOutput>;
  async execute(call: GeminiFunctionCallPart, options?: ExecuteOptions): Promise<GeminiFunctionResponsePart>;
  async execute(call: ToolUseBlock, options?: ExecuteOptions): Promise<ToolResultBlock>;
  async execute(call: ToolCall, options?: ExecuteOptions): Promise<ToolCallAnswer>;
  async execute(
    toolCall: ToolCall | OpenAIResponsesToolSearchCall,
    options: ExecuteOptions = {},
  ): Promise<ToolCallAnswer | OpenAIResponsesToolSearchOutput> {
    if (isToolSearchCall(toolCall)) return this.answerToolSearch(toolCall);
    let call = readToolCall(toolCall);
    if (call.ok && call.format === "gemini") {
      try {
        call = resolveGeminiCall(call, await this.services.snapshot());
      } catch {
        // The catalogue could not be listed: the call goes on by its own name, and fails there as any call would.
      }
    }
    const name = call.ok ? call.name : undefined;
    // A real tool's outcome is recorded on its span as it is decided; the rest is told by the answer.
    const block = await tracedToolCall({ name, id: call.id, sessionId: this.id, format: call.format }, (span) =>
      this.answer(call, options, span),
    );
    return answerIn(call.format, block, call.callName);
  }

  private async answer(
    call: ReturnType<typeof readToolCall>,
    options: ExecuteOptions,
    span: SpanRecorder,
  ): Promise<ToolResultBlock> {
    if (!call.ok) return errorResult(call.id, call.error);
    try {
      if (call.name === SEARCH_TOOLS_NAME) {
        if (call.inputProblem !== undefined)
          return errorResult(call.id, `${SEARCH_TOOLS_NAME} was not run. ${call.inputProblem}`);
        return searchResultBlock(call.id, await this.searchTools(call.input, call.id));
      }
      const read = readExecuteOptions(options);
      if (!read.ok) return errorResult(call.id, `${call.name} was not run: ${read.problem}.`);
      const context = this.context("execute", call.id, read.options);
      return await executeTool(this.executionHost, call, context, read.options.shownInFull, span);
    } catch (error) {
      // Only toolsift's own bookkeeping can land here (the tool's run is guarded on its own),
      // so the tool did not run.
      return errorResult(
        call.id,
        `toolsift could not handle this call to ${call.name} (${errorText(error)}); it was not run.`,
      );
    }
  }

  /**
   * Answers a client-executed `tool_search_call` (OpenAI's native presentation) with the
   * `tool_search_output` that loads what toolsift's ranker finds for its arguments (`{ query,
   * limit? }`), with this session's permissions, and hydrates those tools, best last, so a
   * resumed session and the call reports know them. The output has no error field, so
   * arguments that cannot be searched, or a search that fails, load no tools.
   */
  private async answerToolSearch(call: OpenAIResponsesToolSearchCall): Promise<OpenAIResponsesToolSearchOutput> {
    const read = readToolSearchCall(call);
    const nothing: OpenAIResponsesToolSearchOutput = {
      type: "tool_search_output",
      call_id: read.callId,
      execution: "client",
      status: "completed",
      tools: [],
    };
    if (read.problem !== undefined) return nothing;
    try {
      // The namespace names of this block name their servers in a `server:` term too; a query
      // about a whole server loads its namespace's first tools where the matches leave room.
      const aliases = namespaceAliases(await this.view());
      const outcome = await this.search(read.input, read.callId ?? undefined, { aliases, fillFromServers: true });
      if (!outcome.ok) return nothing;
      const names = outcome.matches.map((match) => match.name);
      await this.hydrate([...names].reverse());
      // A fresh view: the call that follows is then not reported as made from a stub.
      return toolSearchOutputOf(read.callId, await this.view(), names);
    } catch {
      return nothing;
    }
  }

  /**
   * Whether the last view showed this tool as a stub, or not at all (search only): anything
   * but in full. A session that never built a view builds one now.
   */
  private async shownAsStub(name: string): Promise<boolean> {
    const view = this.state.lastView ?? (await this.view());
    return view.progressive && !this.services.tuning.keepTools.includes(name) && !view.hydrated.includes(name);
  }

  /** Settles a pending transcript replay (see `transcript-replay.ts`). */
  private replayed(): Promise<void> {
    return replayed(this.replayHost);
  }

  /** Whether the use (or a prefetch) hydrated the tool now (a keep tool never is). */
  private hydrateTool(tool: CatalogueTool, prefetch?: true): boolean {
    if (this.services.tuning.keepTools.includes(tool.name)) return false;
    const change = this.hydration.use(tool.name);
    if (change.hydrated)
      this.services.emit({ type: "hydrate", sessionId: this.id, name: tool.name, ...(prefetch ? { prefetch } : {}) });
    for (const name of change.evicted) this.services.emit({ type: "evict", sessionId: this.id, name });
    return change.hydrated;
  }

  /** The context of one check or call: the session's own, with the request's value and signal, the call's overriding them. */
  private context(stage: ToolContext["stage"], toolUseId?: string, call: RequestScope = {}): ToolContext {
    return contextOf(this.id, stage, this.request, toolUseId, call);
  }
}

/** `options.maxDeclarations` of a Gemini `tools()`: an integer of at least 1, 512 when absent. */
function readMaxDeclarations(options: { maxDeclarations?: unknown }): number {
  const cap = options.maxDeclarations;
  if (cap === undefined) return DEFAULT_GEMINI_MAX_DECLARATIONS;
  if (typeof cap === "number" && Number.isSafeInteger(cap) && cap >= 1) return cap;
  throw new OptionsError(
    "invalid_max_declarations",
    `tools({ format: "gemini" }) takes maxDeclarations as an integer of at least 1 (Gemini's cap on function declarations per request); got ${JSON.stringify(cap) ?? String(cap)}.`,
  );
}

export type { ExecuteOptions, RequestScope } from "./request-scope.js";
export type { PrefetchOptions, PrefetchOutcome, PrefetchSkipReason } from "./prefetch.js";
export type { SearchToolsOutcome, SessionServices, SessionState } from "./session-services.js";
