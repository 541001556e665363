// The public class's TSDoc (every method documented, with examples) is most of this file; the work is in the named steps it calls.
import type { CatalogueTool, ToolContext } from "../catalogue/index.js";
import { OptionsError, errorText } from "../errors.js";
import {
  codecFor,
  isToolSearchCall,
  type ToolChangeMode,
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
  type ToolResultBlock,
  type ToolUseBlock,
} from "../wire/index.js";
import { answerCall } from "./answer-call.js";
import { answerToolSearch } from "./answer-tool-search.js";
import { buildToolBlock } from "./build-tool-block.js";
import { buildView } from "./build-view.js";
import { capToolBlock } from "./cap-tool-block.js";
import type { ExecutionHost } from "./execute-tool.js";
import type { Hydration } from "./hydration.js";
import {
  readNativeOptions,
  type LaidOutTools,
  type NativeSearch,
  type ToolsOptions,
} from "./native-presentation-options.js";
import { openAINativeBlock } from "./openai-native-block.js";
import { prefetch, type PrefetchOptions, type PrefetchOutcome } from "./prefetch.js";
import { contextOf, type ExecuteOptions, type RequestScope } from "./request-scope.js";
import type { ServerSearchOptions } from "./server-search.js";
import type { SearchToolsOutcome, SessionServices, SessionState } from "./session-services.js";
import type { SessionView } from "./session-view.js";
import { tracedToolCall } from "./tool-call-spans.js";
import { replayNow, replayed, type ReplayHost } from "./transcript-replay.js";
import { runSearch } from "./run-search.js";
import {
  changesSearchResult,
  changesToolBlock,
  matchesToLoad,
  readToolChangesOptions,
  toolChangesFor,
  type ToolChanges,
  type ToolChangesOptions,
} from "./working-set.js";

/**
 * One agent run's view of the catalogue: its tool block, its hydrated tools, and the
 * execution of the model's tool calls. Get one with `toolSearch.session(id)`; the same id
 * resumes the same state.
 */
export class ToolSearchSession {
  private readonly hydration: Hydration;
  private readonly replayHost: ReplayHost;
  private readonly executionHost: ExecutionHost;

  /** Whose lessons this session ranks with and teaches: `toolSearch.session(id, { scope })`'s, else `"default"`. */
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
      dehydrateTool: (name: string) => void this.hydration.remove(name),
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
   * The `tools` array for the next model call, laid out by the wire codec of the API it goes to
   * (`src/wire/`): the same tools in the same order in every format, stubs and hydrated tools
   * alike, and every call validated against the tool's real schema whatever the model saw.
   * `"gemini"` sends at most `maxDeclarations` (512), and Chat Completions at most 128: past the
   * cap, `search_tools`, keep and hydrated tools come first. `presentation: "native"`
   * (Responses only) is OpenAI's own tool search over deferred definitions, answered by
   * {@link ToolSearchSession.execute} when `nativeSearch` is `"client"` (the default).
   * docs/sessions-and-strategies.md and docs/providers.md say what each format and presentation sends.
   *
   * @param options.format - `"anthropic"` (the default), `"openai-chat"`, `"openai-responses"` or `"gemini"`.
   * @param options.presentation - `"native"` for OpenAI's tool search; `"toolsift"` (the default) for stubs and `search_tools`.
   * @param options.nativeSearch - Who answers a native search: `"client"` (toolsift, the default) or `"hosted"` (OpenAI).
   * @param options.maxDeclarations - Gemini only: an integer of at least 1, e.g. 128 for Vertex AI's older cap.
   * @param options.mode - With `presentation: "changes"` (the Messages API's mid-conversation tool
   *   changes, see {@link ToolSearchSession.toolChanges}): `"reference"` (the default) or `"inline"`.
   * @throws {@link OptionsError} `invalid_format`, `invalid_presentation`, `invalid_native_search` or
   *   `invalid_max_declarations` for options out of range.
   * @example
   * ```ts
   * const response = await client.messages.create({ model, max_tokens, messages, tools: await session.tools() });
   * const completion = await openai.chat.completions.create({ model, messages, tools: await session.tools({ format: "openai-chat" }) });
   * const native = await openai.responses.create({ model: "gpt-5.4", input, tools: await session.tools({ format: "openai-responses", presentation: "native" }) });
   * ```
   */
  async tools(options?: { format?: "anthropic"; presentation?: "toolsift" }): Promise<AnthropicTool[]>;
  async tools(options: {
    format?: "anthropic";
    presentation: "changes";
    mode?: ToolChangeMode;
  }): Promise<AnthropicTool[]>;
  async tools(options: { format: "openai-chat"; presentation?: "toolsift" }): Promise<OpenAIChatTool[]>;
  async tools(options: {
    format: "openai-responses";
    presentation: "native";
    nativeSearch?: NativeSearch;
  }): Promise<OpenAIResponsesNativeTool[]>;
  async tools(options: { format: "openai-responses"; presentation?: "toolsift" }): Promise<OpenAIResponsesTool[]>;
  async tools(options: { format: "gemini"; maxDeclarations?: number }): Promise<GeminiTool[]>;
  async tools(options?: ToolsOptions): Promise<LaidOutTools>;
  async tools(options: ToolsOptions = {}): Promise<LaidOutTools> {
    if (presentationOf(options) === "changes") {
      const { mode } = readToolChangesOptions(options);
      return changesToolBlock(await this.view(), mode);
    }
    const codec = codecFor(readToolFormat(options));
    const { presentation, nativeSearch } = readNativeOptions(options, codec);
    const view = await this.view();
    if (presentation === "native") return openAINativeBlock(view, nativeSearch);
    const cap = codec.maxTools(options);
    return codec.layOut(cap === undefined ? buildToolBlock(view) : capToolBlock(view, cap, this.hydration.byRecency()));
  }

  /**
   * The tool changes to append to `transcript` before the next request, for a loop of one's own
   * over the Messages API with `tools({ presentation: "changes" })`: that array never changes,
   * and the working set (the hydrated tools, at most `maxHydratedTools`) reaches the model as a
   * `role: "system"` message of `tool_addition` and `tool_removal` blocks. Pure: it compares the
   * working set with what the transcript's changes offer, so calling it again before appending
   * gives the same message, and after appending gives none. After a compaction that dropped the
   * earlier changes, the same call re-adds the whole working set. Send `betas` as the request's
   * `anthropic-beta` header.
   *
   * @param transcript - The conversation so far, in the Messages API's format.
   * @throws {@link OptionsError} `invalid_transcript`, `no_tool_changes` (a format without them) or `invalid_tool_change_mode`.
   * @example
   * ```ts
   * const { message, betas } = await session.toolChanges(messages);
   * if (message) messages.push(message);
   * const reply = await client.messages.create({ model, max_tokens, messages, tools }, { headers: { "anthropic-beta": betas.join(",") } });
   * ```
   */
  async toolChanges(transcript: readonly unknown[], options: ToolChangesOptions = {}): Promise<ToolChanges> {
    const { mode } = readToolChangesOptions(options);
    if (!Array.isArray(transcript))
      throw new OptionsError(
        "invalid_transcript",
        "toolChanges(transcript) takes the conversation so far: an array of Messages API messages.",
      );
    const view = await this.view();
    try {
      return toolChangesFor(view, transcript, mode);
    } catch (error) {
      // Only the transcript's own entries can throw here (a getter, a proxy).
      throw new OptionsError(
        "invalid_transcript",
        `toolChanges(transcript) could not read the transcript (${errorText(error)}).`,
        { cause: error },
      );
    }
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
   * Everything a strategy needs to lay out this session's tools for the next request (see
   * `build-view.ts`: a turn costs the tools it shows, not a pass over the catalogue). Read-only.
   */
  async view(): Promise<SessionView> {
    await this.replayed();
    return buildView(this.services, this.state, this.hydration, this.context("block"));
  }

  /**
   * Hydrates tools without running them, each as if the model had just called it (an MCP gateway
   * lists search matches this way). The LRU cap applies, so pass the least important first;
   * unknown, denied and keep tools are skipped.
   *
   * @returns The names hydrated by this call and still hydrated after it (not those that already were).
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
   * Unloads hydrated tools as the LRU cap would (an `evict` event each), for a host that must keep
   * the block under a client's own limit; a later use hydrates a tool again.
   *
   * @returns The names that were hydrated and are not any more.
   */
  dehydrate(names: readonly string[]): string[] {
    const removed = names.filter((name) => this.hydration.remove(name));
    // The last view shows them hydrated: the next call's report builds a fresh one.
    if (removed.length > 0) delete this.state.lastView;
    for (const name of removed) this.services.emit({ type: "evict", sessionId: this.id, name });
    return removed;
  }

  /**
   * Retrieves for the user's message before the model sees it: ranks `text` (its first 500
   * characters) as `search_tools` would, and hydrates the *strong* matches among the best `limit`
   * into the LRU cap's free room, after the tools hydrated before, so the block's earlier bytes
   * stay as they were. It never runs or evicts a tool, and is not taught to learning; its events
   * carry `prefetch: true`. docs/sessions-and-strategies.md has the whole contract.
   *
   * @param options.limit - How many best matches to consider, 1 to 50 (default 1, the best match alone).
   * @returns What it hydrated (best first) and what it skipped and why; a failed search is an outcome with `error`.
   * @throws `QueryError` `invalid_query` for an empty or non-string text; {@link OptionsError} for bad options.
   * @example
   * ```ts
   * const { hydrated, skipped } = await session.prefetch("open a pull request for my branch", { limit: 2 });
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
  private search(input: unknown, toolUseId: string | undefined, options?: ServerSearchOptions) {
    return runSearch(this.services, this.state, this.context("search", toolUseId), input, options);
  }

  /**
   * Executes one tool call (a real tool or `search_tools`) and answers it in the call's own
   * format, through its wire codec: a `tool_use` block gets a `tool_result`, a Chat Completions
   * tool call a `tool` message, a Responses `function_call` a `function_call_output`, a Gemini
   * `functionCall` part a `functionResponse` part, and a client-executed `tool_search_call`
   * (OpenAI's native presentation) a `tool_search_output`. OpenAI answers have no error flag, so
   * a failure's text starts with `"Error: "`.
   *
   * It never throws and never rejects, whatever it is given: every failure is an error result the
   * model can read, and no failure loses the session's state. What runs is decided once: the input
   * is copied as plain JSON and validated, a destructive tool is approved with that value, and the
   * tool runs on that same value; a tool whose input could not be checked does not run.
   *
   * @param options.shownInFull - The request showed the model this tool's full definition some
   *   other way than the tool block (Anthropic's `tool_reference`): not reported as made from a stub.
   * @example
   * ```ts
   * const results = await Promise.all(calls.map((call) => session.execute(call)));                      // tool_use blocks
   * messages.push(...(await Promise.all(message.tool_calls.map((call) => session.execute(call)))));   // Chat Completions
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
    const codec = codecFor(call.format);
    if (call.ok && codec.resolveCall) {
      try {
        call = codec.resolveCall(call, await this.services.snapshot());
      } catch {
        // The catalogue could not be listed: the call goes on by its own name, and fails there as any call would.
      }
    }
    const name = call.ok ? call.name : undefined;
    // A real tool's outcome is recorded on its span as it is decided; the rest is told by the answer.
    const host = {
      execution: this.executionHost,
      searchTools: (input: unknown, id: string) => this.searchTools(input, id),
      changesSearch: async (outcome: SearchToolsOutcome, id: string) => {
        const before = await this.view();
        await this.hydrate(matchesToLoad(outcome, before));
        return changesSearchResult(id, outcome, await this.view());
      },
      context: (stage: ToolContext["stage"], id: string, scope: RequestScope) => this.context(stage, id, scope),
    };
    const block = await tracedToolCall({ name, id: call.id, sessionId: this.id, format: call.format }, (span) =>
      answerCall(host, call, options, span),
    );
    return codec.writeAnswer(block, call);
  }

  /** Answers a client-executed `tool_search_call` (OpenAI's native presentation): see `answer-tool-search.ts`. */
  private answerToolSearch(call: OpenAIResponsesToolSearchCall): Promise<OpenAIResponsesToolSearchOutput> {
    return answerToolSearch(call, {
      view: () => this.view(),
      search: (input, callId, options) => this.search(input, callId, options),
      hydrate: (names) => this.hydrate(names),
    });
  }

  /** Whether the last view (built now if none was) showed this tool as anything but in full. */
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

/** The presentation a `tools()` options object asks for, read once (a getter that throws reads as none). */
function presentationOf(options: unknown): unknown {
  try {
    return typeof options === "object" && options !== null
      ? (options as { presentation?: unknown }).presentation
      : undefined;
  } catch {
    return undefined;
  }
}

export type { ExecuteOptions, RequestScope } from "./request-scope.js";
export type { PrefetchOptions, PrefetchOutcome, PrefetchSkipReason } from "./prefetch.js";
export type { SearchToolsOutcome, SessionServices, SessionState } from "./session-services.js";
