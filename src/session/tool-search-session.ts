import {
  CATALOGUE_LIMITS,
  copyJson,
  formatIssues,
  isToolOutput,
  validateInput,
  type AbortSignalLike,
  type CatalogueSnapshot,
  type CatalogueTool,
  type InputValidation,
  type ToolContext,
  type ToolDefinition,
  type ToolResultContentBlock,
} from "../catalogue/index.js";
import { OptionsError, errorText } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import type { AnthropicTool } from "./anthropic-tool.js";
import { buildToolBlock } from "./build-tool-block.js";
import type { Hydration } from "./hydration.js";
import {
  TOOL_FORMATS,
  chatToolMessageOf,
  openAIChatToolOf,
  openAIResponsesToolOf,
  responsesOutputOf,
  type OpenAIChatTool,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesTool,
  type ToolFormat,
} from "./openai-format.js";
import type { PermittedTools } from "./permitted-tools.js";
import { searchAnswer } from "./search-answer.js";
import type { SearchMatch } from "./search-match.js";
import { withUnavailable, type UnavailableSource } from "./unavailable-sources.js";
import { SEARCH_TOOLS_NAME, parseSearchInput, searchToolsDefinition } from "./search-tools-tool.js";
import { readToolCall, type ReadToolCall } from "./read-tool-call.js";
import type { TranscriptCall } from "./transcript-calls.js";
import { isAbortSignalLike, untilAborted } from "./until-aborted.js";
import { traced, type Attributes, type SpanRecorder } from "../telemetry/index.js";
import type { DeferrableTool, SessionView } from "./session-view.js";
import type { ResolvedTuning } from "./tuning.js";
import type { UsageTrail } from "./usage-trail.js";

/** A `tool_use` block from the model, as the Messages API returns it. */
export interface ToolUseBlock {
  id: string;
  name: string;
  input: unknown;
  type?: "tool_use";
}

/** A `tool_result` block to send back to the model. */
export interface ToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string | ToolResultContentBlock[];
  is_error?: boolean;
}

/**
 * The outcome of a `search_tools` call, before it is formatted for the model. `unavailable`, when
 * present (never empty), names the servers whose tools the search could not see: still connecting
 * (after the search waited for them, as the host allows) or down; see {@link UnavailableSource}.
 */
export type SearchToolsOutcome =
  | { ok: true; query: string; matches: SearchMatch[]; unavailable?: UnavailableSource[] }
  | { ok: false; error: string };

/** What one session id keeps between turns (and between `session(id)` calls). */
export interface SessionState {
  hydration: Hydration;
  /** The last view built, which tells which tools the model saw as stubs, for the tool-call events. */
  lastView?: SessionView;
  /**
   * The calls of the transcript a new session was created with, still to be replayed into its
   * hydration; dropped once replayed. `running` is shared, so concurrent first uses replay once.
   */
  replay?: { calls: readonly TranscriptCall[]; running?: Promise<void> };
  /** Whose lessons this session ranks with and teaches (learning from use). */
  scope: string;
  /** The searches to credit to the next successful call; present only when learning is on. */
  trail?: UsageTrail;
}

/** What a session needs from the tool search that owns it. */
export interface SessionServices {
  readonly tuning: ResolvedTuning;
  snapshot(): Promise<CatalogueSnapshot>;
  /**
   * The tools this session may see of a catalogue version, derived once per version and
   * permission change; `context` is the block-stage context `permit` is asked with.
   */
  permittedTools(snapshot: CatalogueSnapshot, context: ToolContext): PermittedTools;
  /** Ranks for a checked query, with permissions (and the scope's lessons) applied, and reports the search. */
  rank(query: string, limit: number, context: ToolContext, scope: string): Promise<SearchMatch[]>;
  /**
   * The servers a search cannot see now that this context may know of; waits first, as the host
   * allows, for servers still connecting. Called before ranking, so the search sees those that
   * connect in time. Never rejects.
   */
  unavailable?(context: ToolContext): Promise<UnavailableSource[]>;
  /** Learning from use: `queries` led this session to a successful call of `tool`. Must not throw. */
  teach?(lesson: { sessionId: string; scope: string; queries: string[]; tool: string }): void;
  isPermitted(tool: CatalogueTool, context: ToolContext): boolean;
  approve: ((tool: ToolDefinition, input: unknown, context: ToolContext) => boolean | Promise<boolean>) | undefined;
  estimate(tool: AnthropicTool): number;
  emit(event: ToolSearchEvent): void;
}

/**
 * One agent run's view of the catalogue: its tool block, its hydrated tools, and the
 * execution of the model's tool calls. Get one with `toolSearch.session(id)`; the same id
 * resumes the same state.
 */
export class ToolSearchSession {
  private readonly hydration: Hydration;

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
  }

  /**
   * The `tools` array for the next model call, in the wire format of the API it goes to:
   * `"anthropic"` (the Messages API, the default), `"openai-chat"` (Chat Completions) or
   * `"openai-responses"` (the Responses API). The block is the same in every format: the
   * same tools, in the same order, stubs and hydrated tools alike. OpenAI tools are sent with
   * `strict: false`, because strict mode cannot express a stub's any-input schema; toolsift
   * validates every call against the tool's real schema instead.
   *
   * @throws {@link OptionsError} `invalid_format` for any other format.
   * @example
   * ```ts
   * const response = await client.messages.create({ model, max_tokens, messages, tools: await session.tools() });
   * const completion = await openai.chat.completions.create({ model, messages, tools: await session.tools({ format: "openai-chat" }) });
   * const reply = await openai.responses.create({ model, input, tools: await session.tools({ format: "openai-responses" }) });
   * ```
   */
  async tools(options?: { format?: "anthropic" }): Promise<AnthropicTool[]>;
  async tools(options: { format: "openai-chat" }): Promise<OpenAIChatTool[]>;
  async tools(options: { format: "openai-responses" }): Promise<OpenAIResponsesTool[]>;
  async tools(options?: { format?: ToolFormat }): Promise<AnthropicTool[] | OpenAIChatTool[] | OpenAIResponsesTool[]>;
  async tools(options: { format?: ToolFormat } = {}): Promise<AnthropicTool[] | OpenAIChatTool[] | OpenAIResponsesTool[]> {
    const format = readFormat(options);
    const block = buildToolBlock(await this.view());
    if (format === "openai-chat") return block.map(openAIChatToolOf);
    if (format === "openai-responses") return block.map(openAIResponsesToolOf);
    // Copies, so a caller that adds cache_control to its block cannot alter later blocks.
    return block.map((tool) => ({ ...tool }));
  }

  /** The names of the hydrated tools, most recently used last. */
  hydrated(): string[] {
    return this.hydration.byRecency();
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
      // Stryker disable next-line ArrayDeclaration: anything put in place of a missing tool is dropped by the stillPermitted filter below (it has no name the snapshot holds)
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
    // Stryker disable next-line ArrayDeclaration: a name that was not hydrated is dropped by the hydration.has filter on return
    const hydrated: string[] = [];
    for (const name of names) {
      const tool = snapshot.byName.get(name);
      if (tool && this.services.isPermitted(tool, context) && this.hydrateTool(tool)) hydrated.push(name);
    }
    // More names than the cap evict some of the ones hydrated just before.
    return hydrated.filter((name) => this.hydration.has(name));
  }

  /** Runs a `search_tools` input: checks it and ranks, with this session's permissions. Never rejects. */
  async searchTools(input: unknown, toolUseId?: string): Promise<SearchToolsOutcome> {
    try {
      // Inside the try: the input is the caller's, and a getter on it may throw.
      const parsed = parseSearchInput(input);
      if (!parsed.ok) return parsed;
      const limit = parsed.limit ?? this.services.tuning.searchLimit;
      const context = this.context("search", toolUseId);
      const unavailable = (await this.services.unavailable?.(context)) ?? [];
      const matches = await this.services.rank(parsed.query, limit, context, this.state.scope);
      this.state.trail?.searched(parsed.query);
      return { ok: true, query: parsed.query, matches, ...(unavailable.length > 0 ? { unavailable } : {}) };
    } catch (error) {
      return { ok: false, error: `search_tools failed: ${errorText(error)}` };
    }
  }

  /**
   * Executes one tool call (a real tool or `search_tools`) and answers it in the call's own
   * format: a `tool_use` block gets a `tool_result` block, a Chat Completions tool call
   * (`message.tool_calls[i]`) a `tool` message, and a Responses `function_call` item a
   * `function_call_output` item. Validation, hydration, permissions and approval are the same
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
   * ```
   */
  async execute(call: OpenAIChatToolCall, options?: ExecuteOptions): Promise<OpenAIChatToolMessage>;
  async execute(call: OpenAIResponsesFunctionCall, options?: ExecuteOptions): Promise<OpenAIResponsesFunctionCallOutput>;
  async execute(call: ToolUseBlock, options?: ExecuteOptions): Promise<ToolResultBlock>;
  async execute(call: ToolCall, options?: ExecuteOptions): Promise<ToolCallAnswer>;
  async execute(toolCall: ToolCall, options: ExecuteOptions = {}): Promise<ToolCallAnswer> {
    const call = readToolCall(toolCall);
    const name = call.ok ? call.name : undefined;
    // A real tool's outcome is recorded on its span as it is decided; the rest is told by the answer.
    const block = await tracedToolCall({ name, id: call.id, sessionId: this.id, format: call.format }, (span) => this.answer(call, options, span));
    if (call.format === "openai-chat") return chatToolMessageOf(block);
    if (call.format === "openai-responses") return responsesOutputOf(block);
    return block;
  }

  private async answer(call: ReturnType<typeof readToolCall>, options: ExecuteOptions, span: SpanRecorder): Promise<ToolResultBlock> {
    if (!call.ok) return errorResult(call.id, call.error);
    try {
      if (call.name === SEARCH_TOOLS_NAME) {
        if (call.inputProblem !== undefined) return errorResult(call.id, `${SEARCH_TOOLS_NAME} was not run. ${call.inputProblem}`);
        return searchResultBlock(call.id, await this.searchTools(call.input, call.id));
      }
      const read = readExecuteOptions(options);
      if (!read.ok) return errorResult(call.id, `${call.name} was not run: ${read.problem}.`);
      return await this.executeTool(call, read.options, span);
    } catch (error) {
      // Only toolsift's own bookkeeping can land here (the tool's run is guarded on its own),
      // so the tool did not run.
      return errorResult(call.id, `toolsift could not handle this call to ${call.name} (${errorText(error)}); it was not run.`);
    }
  }

  private async executeTool(call: ReadToolCall, options: { shownInFull: boolean } & RequestScope, span: SpanRecorder): Promise<ToolResultBlock> {
    // Taken before anything is awaited, so calls made side by side share the searches before them.
    const searches = this.state.trail?.mark();
    const started = performance.now();
    let tool: CatalogueTool | undefined;
    let stub = false;
    const report = (event: Omit<Extract<ToolSearchEvent, { type: "tool-call" }>, "type" | "sessionId" | "name" | "toolUseId" | "ms">) => {
      span.set({
        "toolsift.tool.server": tool?.server,
        "toolsift.tool.stub": event.stub,
        "toolsift.tool.validation": event.validation,
        "toolsift.tool.outcome": event.outcome,
      });
      this.services.emit({
        type: "tool-call",
        sessionId: this.id,
        name: call.name,
        toolUseId: call.id,
        ms: performance.now() - started,
        ...event,
      });
    };
    const context = this.context("execute", call.id, options);
    const { signal } = context;
    try {
      await this.replayed();
      const snapshot = await this.services.snapshot();
      tool = snapshot.byName.get(call.name);
      // A tool of a server still connecting (right after start): wait for it as a search does, then look again.
      const unavailable = tool ? [] : ((await this.services.unavailable?.(context)) ?? []);
      if (unavailable.length > 0) tool = (await this.services.snapshot()).byName.get(call.name);
      if (!tool || !this.services.isPermitted(tool, context)) {
        // The model hears the same either way, so a denied tool's existence does not leak;
        // the event tells the operator which it was.
        report({ stub: false, validation: "not-run", outcome: tool ? "denied" : "unknown-tool" });
        return errorResult(call.id, tool ? noSuchTool(call.name) : noSuchTool(call.name, unavailable));
      }
      stub = !options.shownInFull && (await this.shownAsStub(tool.name));
      this.hydrateTool(tool);
    } catch (error) {
      report({ stub, validation: "not-run", outcome: "tool-error", error: errorText(error) });
      return errorResult(call.id, `Could not look up "${call.name}": ${errorText(error)}`);
    }

    if (call.inputProblem !== undefined) {
      report({ stub, validation: "invalid", outcome: "invalid-input", error: call.inputProblem });
      return errorResult(
        call.id,
        `Invalid input for ${tool.name}; it was not run.\n${call.inputProblem}\n` +
          `Its input schema is:\n${JSON.stringify(tool.inputSchema)}\nCall it again with input that fits.`,
      );
    }

    let validation: InputValidation;
    try {
      validation = await validateInput(tool, call.input);
    } catch (error) {
      report({ stub, validation: "invalid", outcome: "invalid-input", error: errorText(error) });
      return errorResult(call.id, `The input check of ${tool.name} failed (${errorText(error)}); it was not run.`);
    }
    if (!validation.ok && "schemaError" in validation) {
      report({ stub, validation: "not-run", outcome: "invalid-schema", error: validation.schemaError });
      this.services.emit({
        type: "warning",
        code: "schema_invalid",
        message: `The input schema of ${tool.name} could not be compiled (${validation.schemaError}), so the tool cannot run. Fix its schema.`,
      });
      return errorResult(call.id, `${tool.name} cannot be run: its input schema is broken, so its input cannot be checked. It was not run.`);
    }
    if (!validation.ok) {
      report({ stub, validation: "invalid", outcome: "invalid-input" });
      return errorResult(
        call.id,
        `Invalid input for ${tool.name}; it was not run.\n${formatIssues(validation.issues)}\n` +
          `Its input schema is:\n${JSON.stringify(tool.inputSchema)}\nCall it again with input that fits.`,
      );
    }

    const aborted = (when: string, error?: string) => {
      report({ stub, validation: "valid", outcome: "aborted", error: error ?? `aborted ${when}` });
      return errorResult(call.id, `${tool.name} was not run: the call was aborted ${when}.`);
    };
    if (signal?.aborted) return aborted("before it started");

    if (tool.destructive) {
      const gate = await untilAborted(this.approve(tool, validation.value, context), signal);
      if (gate.aborted) return aborted("while it waited for approval");
      const approved = gate.value;
      if (approved !== true) {
        report({ stub, validation: "valid", outcome: "not-approved", ...(approved ? { error: approved.error } : {}) });
        return errorResult(
          call.id,
          approved === false
            ? `${tool.name} changes or deletes data and was not approved, so it did not run. Ask the user before trying again.`
            : approved.error,
        );
      }
    }

    if (!tool.run) {
      report({ stub, validation: "valid", outcome: "tool-error", error: "no execute function" });
      return errorResult(call.id, `${tool.name} cannot be run here: its definition has no execute function.`);
    }
    if (signal?.aborted) return aborted("before it started");
    let output: unknown;
    try {
      const run = tool.run;
      const input = validation.value;
      // Started inside a promise, so a tool that throws synchronously is caught like one that rejects.
      const raced = await untilAborted(new Promise((resolve) => resolve(run(input, context))), signal);
      if (raced.aborted) {
        const error = "aborted while it ran; it may have done part or all of its work";
        report({ stub, validation: "valid", outcome: "aborted", error });
        return errorResult(
          call.id,
          `${tool.name} was still running when the call was aborted, so its result is unknown: it may have done part or all of its work. ` +
            "Check before calling it again.",
        );
      }
      output = raced.value;
    } catch (error) {
      report({ stub, validation: "valid", outcome: "tool-error", error: errorText(error) });
      return errorResult(call.id, `${tool.name} failed: ${errorText(error)}`);
    }
    const result = resultOf(call.id, tool.name, output);
    report({ stub, validation: "valid", outcome: "ok", ...(result.unreadable ? { error: result.unreadable } : {}) });
    if (searches && result.block.is_error !== true) {
      const queries = this.state.trail!.credit(searches);
      if (queries.length > 0) this.services.teach?.({ sessionId: this.id, scope: this.state.scope, queries, tool: tool.name });
    }
    return result.block;
  }

  /**
   * Whether the last view showed this tool as a stub, or not at all (search only): anything
   * but in full. A session that never built a view builds one now.
   */
  private async shownAsStub(name: string): Promise<boolean> {
    const view = this.state.lastView ?? (await this.view());
    return view.progressive && !this.services.tuning.keepTools.includes(name) && !view.hydrated.includes(name);
  }

  /**
   * Rebuilds the hydration of a session created from a transcript, once, before its first use:
   * each call in order hydrates its tool exactly as `execute` did when it was made (a known,
   * permitted tool that is not a keep tool), under the same LRU cap, so the block is the one
   * the process that ran those calls would build. A failure (the catalogue cannot be listed)
   * leaves the calls pending, for the next use to try again.
   */
  private replayed(): Promise<void> {
    const replay = this.state.replay;
    if (!replay) return Promise.resolve();
    replay.running ??= this.replay(replay.calls).then(
      () => {
        if (this.state.replay === replay) delete this.state.replay;
      },
      (error: unknown) => {
        delete replay.running;
        throw error;
      },
    );
    return replay.running;
  }

  private async replay(calls: readonly TranscriptCall[]): Promise<void> {
    const snapshot = await this.services.snapshot();
    // permit is asked once per tool: a long transcript calls the same few tools many times.
    const permitted = new Map<string, boolean>();
    for (const call of calls) {
      const tool = snapshot.byName.get(call.name);
      if (!tool) continue;
      let allowed = permitted.get(call.name);
      if (allowed === undefined) permitted.set(call.name, (allowed = this.services.isPermitted(tool, this.context("execute", call.id))));
      if (allowed) this.hydrateTool(tool);
    }
  }

  /** Whether the use hydrated the tool now (a keep tool never is). */
  private hydrateTool(tool: CatalogueTool): boolean {
    // Stryker disable next-line BooleanLiteral: only hydrate() reads this, and it keeps only names the hydration holds, which a keep tool never is
    if (this.services.tuning.keepTools.includes(tool.name)) return false;
    const change = this.hydration.use(tool.name);
    if (change.hydrated) this.services.emit({ type: "hydrate", sessionId: this.id, name: tool.name });
    for (const name of change.evicted) this.services.emit({ type: "evict", sessionId: this.id, name });
    return change.hydrated;
  }

  /** `true` to run; `false` when denied; `{ error }` when there is no gate or the gate failed. */
  private async approve(tool: CatalogueTool, input: unknown, context: ToolContext): Promise<boolean | { error: string }> {
    const { approve } = this.services;
    if (!approve) {
      return {
        error:
          `${tool.name} is marked destructive and no approve() callback is configured, so it did not run. ` +
          "The application must pass approve to createToolSearch to allow destructive tools.",
      };
    }
    try {
      return (await approve(tool.definition, input, context)) === true;
    } catch (error) {
      return { error: `The approval check for ${tool.name} failed (${errorText(error)}), so it did not run.` };
    }
  }

  /** The context of one check or call: the session's own, with the request's value and signal, the call's overriding them. */
  private context(stage: ToolContext["stage"], toolUseId?: string, call: RequestScope = {}): ToolContext {
    const context: ToolContext = { sessionId: this.id, stage };
    if (toolUseId !== undefined) context.toolUseId = toolUseId;
    const value = "context" in call ? call.context : this.request.context;
    if (value !== undefined) context.context = value;
    const signal = call.signal ?? this.request.signal;
    if (signal !== undefined) context.signal = signal;
    return context;
  }
}

/** Formats a `search_tools` outcome as the text `tool_result` the stubs strategy sends. */
export function searchResultBlock(toolUseId: string, outcome: SearchToolsOutcome): ToolResultBlock {
  if (!outcome.ok) return errorResult(toolUseId, outcome.error);
  return { type: "tool_result", tool_use_id: toolUseId, content: JSON.stringify(withUnavailable(searchAnswer(outcome.matches), outcome.unavailable)) };
}

/**
 * The tool's output as a result block. The tool has run by now, so an output that cannot be
 * rendered (a BigInt, a cycle, malformed content blocks) is still reported as run, not as
 * failed: a model told it failed could run a side effect twice.
 */
function resultOf(toolUseId: string, name: string, output: unknown): { block: ToolResultBlock; unreadable?: string } {
  try {
    if (isToolOutput(output)) {
      const content = copyContentBlocks(output.content);
      return { block: { type: "tool_result", tool_use_id: toolUseId, content, ...(output.isError === true ? { is_error: true } : {}) } };
    }
    const content = typeof output === "string" ? output : (JSON.stringify(output) ?? "(no output)");
    return { block: { type: "tool_result", tool_use_id: toolUseId, content } };
  } catch (error) {
    const unreadable = `its output could not be serialised (${errorText(error).replace(/\s+/g, " ")})`;
    return {
      unreadable,
      block: {
        type: "tool_result",
        tool_use_id: toolUseId,
        content:
          `${name} ran, but ${unreadable}, so it cannot be shown. It did run: do not call it again for the same ` +
          "request; tell the user the result is not available.",
      },
    };
  }
}

/** The content blocks of a `toolOutput`, checked and copied: they go on the wire as they are. */
function copyContentBlocks(content: unknown): ToolResultContentBlock[] {
  if (!Array.isArray(content)) throw new Error("toolOutput content is not an array of content blocks");
  const copy = copyJson(content, CATALOGUE_LIMITS.output);
  if (!copy.ok) throw new Error(`toolOutput content at ${copy.path || "/"} ${copy.problem}`);
  for (const block of copy.value as unknown[]) {
    const type = typeof block === "object" && block !== null ? (block as { type?: unknown }).type : undefined;
    if (type !== "text" && type !== "image" && type !== "tool_reference") {
      throw new Error(`toolOutput content holds a block of type ${JSON.stringify(type)}; use "text", "image" or "tool_reference"`);
    }
  }
  return copy.value as ToolResultContentBlock[];
}

/**
 * Why a call's tool is not there. A name under a server that is connecting or down says so, from
 * the server's state alone: the answer is the same whether or not such a tool exists. Without
 * `unavailable`, the answer to a tool that does not exist for the caller, whatever the reason.
 */
export function noSuchTool(name: string, unavailable: readonly UnavailableSource[] = []): string {
  const source = unavailable.find((candidate) => name.startsWith(`${candidate.server}__`));
  if (!source) return `There is no tool named "${name}" available here. Use ${SEARCH_TOOLS_NAME} to find the right tool by what it does.`;
  const why = source.state === "connecting" ? "is still connecting" : `is down${source.error === undefined ? "" : ` (${source.error})`}`;
  return (
    `There is no tool named "${name}" available now: the server "${source.server}" ${why}, so its tools cannot be used yet. ` +
    `Try again later, or use ${SEARCH_TOOLS_NAME} to find another tool by what it does.`
  );
}

function errorResult(toolUseId: string, message: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: message, is_error: true };
}

/**
 * Answers one tool call inside an `execute_tool {name}` span (when OpenTelemetry is installed),
 * with the GenAI semantic conventions' tool attributes and toolsift's own. `work` may record the
 * outcome as it decides it (a real tool's stub, validation and outcome); otherwise it is read
 * from the answer. An error answer fails the span, with the start of its text.
 */
export function tracedToolCall(
  call: { name: string | undefined; id: string; sessionId: string; format: ToolFormat },
  work: (span: SpanRecorder) => Promise<ToolResultBlock>,
): Promise<ToolResultBlock> {
  const attributes: Attributes = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.type": "function",
    "gen_ai.tool.name": call.name,
    "gen_ai.tool.call.id": call.id === "" ? undefined : call.id,
    "toolsift.session.id": call.sessionId,
    "toolsift.call.format": call.format,
  };
  return traced(`execute_tool ${call.name ?? "unreadable"}`, "internal", attributes, async (span) => {
    let recorded = false;
    const answer = await work({
      set: (values) => {
        recorded = true;
        span.set(values);
      },
      fail: span.fail,
    });
    if (!recorded) span.set({ "toolsift.tool.outcome": answer.is_error ? "error" : "ok" });
    if (answer.is_error) span.fail(typeof answer.content === "string" ? answer.content.slice(0, 200) : "error");
    return answer;
  });
}

/** What `execute` accepts: a call in any of the formats a session answers. */
export type ToolCall = ToolUseBlock | OpenAIChatToolCall | OpenAIResponsesFunctionCall;

/** What `execute` answers: the result in the call's own format. */
export type ToolCallAnswer = ToolResultBlock | OpenAIChatToolMessage | OpenAIResponsesFunctionCallOutput;

/**
 * What one request brings to the checks and calls it makes: the application's own value and a
 * signal to cancel with. Both reach `execute`, `permit` and `approve` in their {@link ToolContext}.
 */
export interface RequestScope {
  /** The application's own value (the user, a tenant, a token); toolsift never reads it. */
  context?: unknown;
  /** Cancels the request: a tool not yet run does not run, and one running is no longer waited for. */
  signal?: AbortSignalLike;
}

/** Options of `session.execute`. `context` and `signal` override the session's own for this call. */
export interface ExecuteOptions extends RequestScope {
  /**
   * The request showed the model this tool's full definition some other way than the tool
   * block (Anthropic's `tool_reference`), so the call is not reported as made from a stub.
   */
  shownInFull?: boolean;
}

function readFormat(options: unknown): ToolFormat {
  let format: unknown;
  try {
    format = typeof options === "object" && options !== null ? (options as { format?: unknown }).format : undefined;
  } catch (error) {
    throw new OptionsError("invalid_format", `tools() could not read options.format (${errorText(error)}).`);
  }
  // Stryker disable next-line StringLiteral: tools() lays out every format but the two OpenAI ones as Anthropic, so any other string here gives the same block
  if (format === undefined) return "anthropic";
  if (typeof format === "string" && (TOOL_FORMATS as readonly string[]).includes(format)) return format as ToolFormat;
  throw new OptionsError(
    "invalid_format",
    `tools() takes format ${TOOL_FORMATS.map((known) => `"${known}"`).join(", ")}; got ${JSON.stringify(format) ?? String(format)}.`,
  );
}

/** Reads `execute`'s options defensively; a signal that is not one fails the call closed. */
function readExecuteOptions(options: unknown): { ok: true; options: { shownInFull: boolean } & RequestScope } | { ok: false; problem: string } {
  if (typeof options !== "object" || options === null) return { ok: true, options: { shownInFull: false } };
  try {
    const { shownInFull, signal, context } = options as ExecuteOptions;
    if (signal !== undefined && !isAbortSignalLike(signal)) return { ok: false, problem: "options.signal is not an AbortSignal" };
    const read: { shownInFull: boolean } & RequestScope = { shownInFull: shownInFull === true };
    if (signal !== undefined) read.signal = signal;
    if ("context" in options) read.context = context;
    return { ok: true, options: read };
  } catch (error) {
    return { ok: false, problem: `its options could not be read (${errorText(error)})` };
  }
}

