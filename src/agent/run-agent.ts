// Over 300 lines: the loop and its TSDoc; each turn's steps live in their own files.
import type { AbortSignalLike } from "../catalogue/index.js";
import { OptionsError, ToolsiftError, errorText } from "../errors.js";
import { SEARCH_TOOLS_NAME, isAbortSignalLike, tracedToolCall, type ToolSearchSession } from "../session/index.js";
import type { ToolResultBlock } from "../wire/index.js";
import type { SessionOptions } from "../tool-search/index.js";
import { AgentError, type AgentStage } from "./agent-error.js";
import { placeCacheBreakpoints } from "./cache-breakpoints.js";
import { referencedToolNames } from "./referenced-tools.js";
import type { TurnFailure } from "./call-model.js";
import { tracedModelCall } from "./traced-model-call.js";
import { traced } from "../telemetry/index.js";
import { checkMessages, checkSystem } from "./check-messages.js";
import type {
  AssistantMessage,
  MessageParam,
  MessagesClient,
  MessagesRequest,
  MessagesRequestParams,
  ResponseToolUseBlock,
  ResponseUsage,
  SystemTextBlock,
} from "../wire/index.js";
import type { StreamedPart } from "./read-stream.js";
import type { AgentEvent, AgentResult, AgentTurn, RunAgentOptions, TurnUsage } from "./run-agent-types.js";
import { strategyOf, type AgentStrategy } from "./strategies/index.js";

const DEFAULT_MAX_TURNS = 8;
const DEFAULT_MAX_TOKENS = 4096;

/**
 * Runs a tool-using conversation on the Messages API: call the model, run every `tool_use`
 * block of the turn through the tool search session (concurrently, results in block order,
 * all in one user message), and repeat until the model stops calling tools or `maxTurns` is
 * reached. A turn that stops for another reason (e.g. `max_tokens`) with `tool_use` blocks in
 * it ends the run too; those calls are not run but answered with `is_error` results, so the
 * returned transcript can be resumed. Every call goes through the session, so permissions,
 * validation, the approval gate and events apply under every strategy. Cache breakpoints are
 * placed so the unchanged prefix (tools, system, earlier turns) is read from the prompt cache.
 *
 * The client's reply is checked before it is used: a reply that is not a well-formed message
 * (not JSON, a wrong shape, a `tool_use` without an id or name) stops the run, and none of its
 * calls run. A `tool_use` whose input is not a JSON object is only one bad call: it is answered
 * with an `is_error` result saying so (its input kept in the transcript as `{}`, which the API
 * takes back), the turn's other calls run, and the run goes on. Whatever stops a run, every
 * `tool_use` already in the transcript has its `tool_result`, so the transcript can be passed
 * back as `messages` to resume.
 *
 * `stream: true` streams each model call (text and tool calls reach `onEvent` as they arrive;
 * the result is the same), `signal` cancels the run (an {@link AgentError} `aborted` whose
 * transcript answers every call), `request` passes more API parameters through (`thinking`,
 * `temperature`, `tool_choice`…), and `context` reaches every tool's `execute`, `permit` and
 * `approve`. Given `messages` and a `sessionId` this instance does not know, the session's
 * hydration is rebuilt from the transcript's tool calls, so any worker can continue a conversation.
 *
 * @throws {@link OptionsError} for bad options, before any call.
 * @throws {@link AgentError} when a turn fails: its request cannot be built, the API answers
 *   with an error (after the client's own retries) or not at all, the reply is malformed, or
 *   answering the tool calls fails. It carries the transcript so far, the stage that failed
 *   and the HTTP status.
 * @example
 * ```ts
 * // client: new Anthropic() from Anthropic's TypeScript SDK
 * const toolSearch = await createToolSearch({ tools });
 * const { message, turns } = await runAgent({
 *   client: new Anthropic(),
 *   model: "claude-sonnet-4-6",
 *   prompt: "Post 'deploy done' to #ops",
 *   toolSearch,
 *   strategy: "stable",
 * });
 * ```
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentResult> {
  const settings = checkOptions(options);
  const attributes = {
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.provider.name": "anthropic",
    "gen_ai.request.model": settings.model,
    "toolsift.strategy": settings.strategy.name,
    "toolsift.stream": settings.stream,
  };
  // One span for the run, so its model calls, searches and tool calls nest under it.
  return traced("invoke_agent toolsift", "internal", attributes, async (span) => {
    try {
      const result = await run(options, settings);
      span.set({
        "toolsift.session.id": result.sessionId,
        "toolsift.turns": result.turns.length,
        "toolsift.stop_reason": result.stopReason,
      });
      return result;
    } catch (error) {
      if (error instanceof AgentError)
        span.set({ "error.type": error.code, "toolsift.stage": error.stage, "toolsift.turns": error.turns.length });
      throw error;
    }
  });
}

async function run(options: RunAgentOptions, settings: Settings): Promise<AgentResult> {
  const { client, model, system, strategy, maxTurns, maxTokens, signal } = settings;
  const session = options.toolSearch.session(options.sessionId, sessionOptions(options, settings));
  const messages: MessageParam[] = [...settings.messages];
  const turns: AgentTurn[] = [];
  let previousLastMessage: number | undefined;
  let last: AssistantMessage | undefined;

  const stop = (failure: TurnFailure) =>
    new AgentError(
      failure.code,
      `${failure.message} The transcript so far is on error.messages.`,
      [...messages],
      [...turns],
      {
        stage: failure.stage,
        status: failure.status,
        apiErrorType: failure.apiErrorType,
        requestId: failure.requestId,
        cause: failure.cause,
      },
    );

  for (let turn = 1; turn <= maxTurns; turn++) {
    if (signal?.aborted) throw stop(aborted(`before the model call of turn ${turn}`, "request"));
    let request: MessagesRequest;
    let toolsSent: number;
    try {
      const view = await session.view();
      const tools = strategy.tools(view, referencedToolNames(messages));
      toolsSent = tools.length;
      const cached = placeCacheBreakpoints(
        { tools, system, messages },
        { previousLastMessage, stableToolCount: strategy.stableToolCount?.(view) },
      );
      request = {
        ...settings.request,
        model,
        max_tokens: maxTokens,
        messages: cached.messages,
        ...(cached.system === undefined ? {} : { system: cached.system }),
        ...(tools.length === 0 ? {} : { tools: cached.tools }),
      };
    } catch (error) {
      throw stop(stageFailure(error, "build", turn));
    }

    const onPart = settings.stream
      ? (part: StreamedPart) => emit(options, partEvent(part, session.id, turn))
      : undefined;
    const scope = { sessionId: session.id, turn, strategy: strategy.name, toolsSent, stream: settings.stream };
    const outcome = await tracedModelCall(client, request, scope, { signal, onPart });
    if (!outcome.ok) throw stop(signal?.aborted ? { ...outcome.failure, code: "aborted" } : outcome.failure);
    const response = outcome.message;
    previousLastMessage = messages.length - 1;
    last = response;
    messages.push({ role: "assistant", content: response.content });
    const toolUses = response.content.filter((block): block is ResponseToolUseBlock => block.type === "tool_use");
    const record: AgentTurn = { usage: usageOf(response.usage), stopReason: response.stop_reason, toolsSent };
    turns.push(record);
    // Streaming reported each call as it arrived.
    if (!settings.stream)
      for (const toolUse of toolUses)
        emit(
          options,
          partEvent({ type: "tool-use", id: toolUse.id, name: toolUse.name, input: toolUse.input }, session.id, turn),
        );
    emit(options, { type: "turn", sessionId: session.id, turn, ...record, toolCalls: toolUses.length });

    if (response.stop_reason !== "tool_use" || toolUses.length === 0) {
      const stopReason = response.stop_reason ?? "end_turn";
      // A reply cut off mid-call (max_tokens, a stop sequence) can still hold tool_use blocks,
      // whose input may be incomplete; the API rejects a transcript that leaves them unanswered,
      // so they are answered without running them and the transcript can be resumed as it is.
      if (toolUses.length > 0) {
        messages.push({ role: "user", content: toolUses.map((toolUse) => notRun(toolUse, stopReason)) });
        await hydrateUnrun(session, toolUses);
      }
      return { message: response, messages, turns, stopReason, sessionId: session.id };
    }
    const unreadable = outcome.unreadableInputs ?? NONE_UNREADABLE;
    const { results, failure } = await answerToolUses(session, strategy, toolUses, unreadable, (result, toolUse) =>
      emit(options, {
        type: "tool-result",
        sessionId: session.id,
        turn,
        toolUseId: toolUse.id,
        name: toolUse.name,
        isError: result.is_error === true,
      }),
    );
    messages.push({ role: "user", content: results });
    // The model reached for these tools as for the ones that ran; a replay of the transcript hydrates them too.
    if (unreadable.size > 0)
      await hydrateUnrun(
        session,
        toolUses.filter((toolUse) => unreadable.has(toolUse.id)),
      );
    if (failure) throw stop(stageFailure(failure.reason, "tools", turn));
    if (signal?.aborted)
      throw stop(
        aborted(
          `while the tool calls of turn ${turn} were answered; every call has a result in the transcript (those cut short say so)`,
          "tools",
        ),
      );
  }
  return { message: last!, messages, turns, stopReason: "max_turns", sessionId: session.id };
}

const NONE_UNREADABLE: ReadonlyMap<string, string> = new Map();

/**
 * Answers every call of a turn, concurrently, results in block order. A call whose input was
 * not an object (`unreadable`, by id) is answered with an error without running. A call whose
 * answer fails (execute() never does; the search path can, e.g. when the catalogue cannot be
 * listed) gets an `is_error` result like the rest, so the transcript stays valid; the first such
 * failure is returned for the run to stop on.
 */
async function answerToolUses(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  toolUses: readonly ResponseToolUseBlock[],
  unreadable: ReadonlyMap<string, string>,
  onResult: (result: ToolResultBlock, toolUse: ResponseToolUseBlock) => void,
): Promise<{ results: ToolResultBlock[]; failure?: { reason: unknown } }> {
  const settled = await Promise.allSettled(
    toolUses.map(async (toolUse) => {
      const held = unreadable.get(toolUse.id);
      const result = held === undefined ? await runToolUse(session, strategy, toolUse) : inputNotObject(toolUse, held);
      onResult(result, toolUse);
      return result;
    }),
  );
  // Boxed, so a rejection with an undefined reason still counts as one.
  let failure: { reason: unknown } | undefined;
  const results = settled.map((outcome, index): ToolResultBlock => {
    if (outcome.status === "fulfilled") return outcome.value;
    failure ??= { reason: outcome.reason };
    const { id, name } = toolUses[index]!;
    const content =
      name === SEARCH_TOOLS_NAME
        ? `${SEARCH_TOOLS_NAME} failed: ${errorText(outcome.reason)}`
        : `${name} could not be answered: ${errorText(outcome.reason)}. It may not have run; check before calling it again.`;
    const result: ToolResultBlock = { type: "tool_result", tool_use_id: id, content, is_error: true };
    onResult(result, toolUses[index]!);
    return result;
  });
  return failure ? { results, failure } : { results };
}

async function runToolUse(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  toolUse: ResponseToolUseBlock,
): Promise<ToolResultBlock> {
  if (toolUse.name !== SEARCH_TOOLS_NAME)
    return session.execute(toolUse, { shownInFull: strategy.showsFullDefinitions });
  // The strategy words the search result, so runAgent answers search_tools itself, in the same span execute() would open.
  return tracedToolCall(
    { name: SEARCH_TOOLS_NAME, id: toolUse.id, sessionId: session.id, format: "anthropic" },
    async () => {
      const outcome = await session.searchTools(toolUse.input, toolUse.id);
      return strategy.searchResult(toolUse.id, outcome, await session.view());
    },
  );
}

/**
 * Hydrates the tools of calls the model did not finish sending, as a call would have: the model
 * reached for them, and a transcript replayed elsewhere hydrates them too (see
 * `toolSearch.session(id, { transcript })`), so both lay out the same block. Best effort: the
 * run has its answer already, and a catalogue that cannot be listed now must not lose it.
 */
async function hydrateUnrun(session: ToolSearchSession, toolUses: readonly ResponseToolUseBlock[]): Promise<void> {
  try {
    await session.hydrate(
      toolUses.filter((toolUse) => toolUse.name !== SEARCH_TOOLS_NAME).map((toolUse) => toolUse.name),
    );
  } catch {
    // See above.
  }
}

/** The event for a part of a reply: streamed text, or a tool call whose input is complete. */
function partEvent(part: StreamedPart, sessionId: string, turn: number): AgentEvent {
  if (part.type === "text") return { type: "text", sessionId, turn, text: part.text };
  return { type: "tool-use", sessionId, turn, id: part.id, name: part.name, input: part.input };
}

/** The answer to a tool call the model did not finish sending. */
function notRun(toolUse: ResponseToolUseBlock, stopReason: string): ToolResultBlock {
  return {
    type: "tool_result",
    tool_use_id: toolUse.id,
    content:
      `${toolUse.name} was not run: the response was cut off (stop reason "${stopReason}") before this call was complete, ` +
      "so its input may be missing parts. Call it again if it is still needed.",
    is_error: true,
  };
}

/** The answer to a call whose input was not a JSON object: `held` says what it was. */
function inputNotObject(toolUse: ResponseToolUseBlock, held: string): ToolResultBlock {
  const example =
    toolUse.name === SEARCH_TOOLS_NAME
      ? ', e.g. {"query": "what you want to do"}'
      : ", with the fields its input_schema describes";
  return {
    type: "tool_result",
    tool_use_id: toolUse.id,
    content: `${toolUse.name} was not run: its input was ${held}, but a tool's input must be a JSON object. Call it again with its input as a JSON object${example}.`,
    is_error: true,
  };
}

function usageOf(usage: ResponseUsage): TurnUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}

function emit(options: RunAgentOptions, event: AgentEvent): void {
  try {
    options.onEvent?.(event);
  } catch {
    // An observer must never break the run it observes.
  }
}

interface Settings {
  client: MessagesClient;
  model: string;
  system: string | SystemTextBlock[] | undefined;
  messages: readonly MessageParam[];
  strategy: AgentStrategy;
  maxTurns: number;
  maxTokens: number;
  stream: boolean;
  signal: AbortSignalLike | undefined;
  request: MessagesRequestParams;
}

/** What the run's session object carries: the run's context and signal, and the transcript to resume from. */
function sessionOptions(options: RunAgentOptions, settings: Settings): SessionOptions {
  const scope: SessionOptions = {};
  if (options.context !== undefined) scope.context = options.context;
  if (settings.signal) scope.signal = settings.signal;
  // A session this instance does not know is rebuilt from the conversation's tool calls.
  if (options.messages !== undefined) scope.transcript = settings.messages;
  return scope;
}

/**
 * The parameters runAgent sets itself, and the option that sets each: passing them in `request`
 * would silently fight the run's own values.
 */
const RESERVED_PARAMS: Readonly<Record<string, string>> = {
  model: "model",
  max_tokens: "maxTokens",
  messages: "prompt or messages",
  system: "system",
  tools: "toolSearch and strategy",
  stream: "stream",
};

function checkRequest(request: unknown): MessagesRequestParams {
  if (request === undefined) return {};
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new OptionsError(
      "invalid_request",
      "request must be an object of Messages API parameters, e.g. { temperature: 0.2 }.",
    );
  }
  const reserved = Object.keys(request).find((key) => Object.hasOwn(RESERVED_PARAMS, key));
  if (reserved !== undefined) {
    throw new OptionsError(
      "invalid_request",
      `request.${reserved} is set by runAgent; use its ${RESERVED_PARAMS[reserved]} option instead.`,
    );
  }
  return { ...(request as MessagesRequestParams) };
}

function checkOptions(options: RunAgentOptions): Settings {
  if (typeof options !== "object" || options === null) {
    throw new OptionsError(
      "invalid_options",
      "runAgent takes an options object: runAgent({ client, model, prompt, toolSearch }).",
    );
  }
  const { client, model, toolSearch, prompt, messages } = options;
  if (typeof client !== "object" || client === null || typeof client.messages?.create !== "function") {
    throw new OptionsError(
      "invalid_client",
      "runAgent needs client: a Messages API client such as new Anthropic() from Anthropic's TypeScript SDK, or any object with messages.create().",
    );
  }
  if (typeof model !== "string" || model === "") {
    throw new OptionsError("invalid_model", 'runAgent needs model: a model name such as "claude-sonnet-4-6".');
  }
  if (typeof toolSearch !== "object" || toolSearch === null || typeof toolSearch.session !== "function") {
    throw new OptionsError(
      "invalid_tool_search",
      "runAgent needs toolSearch: the result of await createToolSearch({ tools }).",
    );
  }
  if ((prompt === undefined) === (messages === undefined)) {
    throw new OptionsError(
      "invalid_messages",
      "Pass either prompt (a string) or messages (the conversation so far) to runAgent, not both or neither.",
    );
  }
  if (prompt !== undefined && (typeof prompt !== "string" || prompt.trim() === "")) {
    throw new OptionsError("invalid_messages", "prompt must be a non-empty string.");
  }
  const initial: readonly MessageParam[] =
    prompt !== undefined ? [{ role: "user", content: prompt }] : checkMessages(messages);
  const { signal, stream = false } = options;
  if (signal !== undefined && !isAbortSignalLike(signal)) {
    throw new OptionsError("invalid_signal", "signal must be an AbortSignal (e.g. new AbortController().signal).");
  }
  if (typeof stream !== "boolean")
    throw new OptionsError("invalid_stream", `stream must be true or false, got ${JSON.stringify(stream)}.`);
  if (stream && typeof client.messages.stream !== "function") {
    throw new OptionsError(
      "invalid_client",
      "stream: true needs a client with messages.stream(), as the Anthropic SDK's client has.",
    );
  }
  return {
    client,
    model,
    system: checkSystem(options.system),
    messages: initial,
    strategy: strategyOf(options.strategy ?? "stubs"),
    maxTurns: wholeNumber(options.maxTurns ?? DEFAULT_MAX_TURNS, "maxTurns"),
    maxTokens: wholeNumber(options.maxTokens ?? DEFAULT_MAX_TOKENS, "maxTokens"),
    stream,
    signal,
    request: checkRequest(options.request),
  };
}

function wholeNumber(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new OptionsError(
      `invalid_${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`,
      `${name} must be a whole number of at least 1, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

/** The run was cancelled through its signal. */
function aborted(when: string, stage: Extract<AgentStage, "request" | "tools">): TurnFailure {
  return { code: "aborted", stage, message: `The run was aborted ${when}.` };
}

/** A failure while building a request or answering tool calls; a toolsift error keeps its own code. */
function stageFailure(error: unknown, stage: Extract<AgentStage, "build" | "tools">, turn: number): TurnFailure {
  const where =
    stage === "build"
      ? `The request of turn ${turn} could not be built`
      : `The agent run stopped while answering the tool calls of turn ${turn}`;
  const after =
    stage === "build"
      ? "Nothing was sent."
      : `Every call of turn ${turn} has a result in the transcript (the ones that failed say so), so the run can be resumed.`;
  const code = error instanceof ToolsiftError ? error.code : `${stage === "build" ? "build" : "tools"}_failed`;
  return { code, stage, message: `${where}: ${errorText(error)} ${after}`, cause: error };
}
