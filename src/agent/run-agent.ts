// Over 300 lines: the loop and its TSDoc; each turn's steps live in their own files.
import type { AbortSignalLike } from "../catalogue/index.js";
import { OptionsError, ToolsiftError, errorText } from "../errors.js";
import {
  SEARCH_TOOLS_NAME,
  isAbortSignalLike,
  tracedToolCall,
  type PrefetchOptions,
  type ToolSearchSession,
} from "../session/index.js";
import { traced } from "../telemetry/index.js";
import type { SessionOptions } from "../tool-search/index.js";
import type {
  MessagesClient,
  OpenAIResponsesToolSearchCall,
  SystemTextBlock,
  ToolResultBlock,
  ToolUseBlock,
} from "../wire/index.js";
import { AgentError, type AgentStage } from "./agent-error.js";
import { checkSystem } from "./check-system.js";
import { readFallbacks, replayDiscovered, type ActiveModel } from "./fallback.js";
import { prefetchForTurn, readPrefetchOption } from "./prefetch-turn.js";
import { anthropicProvider } from "./providers/anthropic/anthropic-provider.js";
import { isProviderOutage, type TurnFailure } from "./providers/model-call-failure.js";
import type {
  ModelProvider,
  ProviderAnswer,
  ProviderCall,
  ProviderName,
  StreamedPart,
} from "./providers/model-provider.js";
import type { AgentEvent, AgentResult, AgentTurn, RunAgentOptions } from "./run-agent-types.js";
import { strategyOf, type AgentStrategy } from "./strategies/index.js";
import { tracedModelCall } from "./traced-model-call.js";

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
export function runAgent(options: RunAgentOptions): Promise<AgentResult>;
export function runAgent<M, R>(options: RunAgentOptions<M, R>): Promise<AgentResult<M, R>>;
export async function runAgent<M, R>(options: RunAgentOptions<M, R>): Promise<AgentResult<M, R>> {
  const settings = checkOptions(options);
  const attributes = {
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.provider.name": settings.provider.system,
    "toolsift.provider": settings.provider.name,
    "gen_ai.request.model": settings.model,
    "toolsift.strategy": settings.strategy.name,
    "toolsift.stream": settings.stream,
  };
  // One span for the run, so its model calls, searches and tool calls nest under it.
  return traced("invoke_agent toolsift", "internal", attributes, async (span) => {
    try {
      const result = await run<M, R>(options, settings);
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

async function run<M, R>(options: RunAgentOptions<M, R>, settings: Settings<M, R>): Promise<AgentResult<M, R>> {
  const { provider, model, system, strategy, maxTurns, maxTokens, signal } = settings;
  const session = options.toolSearch.session(options.sessionId, sessionOptions(options, settings));
  const messages: M[] = [...settings.messages];
  const turns: AgentTurn[] = [];
  let previousLastMessage: number | undefined;
  let last: R | undefined;

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

  const primary = provider as ModelProvider<unknown, unknown>;
  let active: ActiveModel = { provider: primary, model, params: settings.request, strategy, primary: true };
  const fallbacks = [...settings.fallbacks];

  for (let turn = 1; turn <= maxTurns; turn++) {
    if (signal?.aborted) throw stop(aborted(`before the model call of turn ${turn}`, "request"));
    const onPart = settings.stream
      ? (part: StreamedPart) => emit(options, partEvent(part, session.id, turn))
      : undefined;
    if (settings.prefetch) {
      const prefetched = await prefetchForTurn(session, active.strategy, primary, messages, settings.prefetch);
      if (prefetched)
        emit(options, {
          type: "prefetch",
          sessionId: session.id,
          turn,
          hydrated: prefetched.hydrated,
          skipped: prefetched.skipped,
        });
    }
    let sent = await callActive(active);
    // An API that is down hands the turn to the next fallback, which keeps it for the rest of the run.
    while (!sent.outcome.ok && !signal?.aborted && isProviderOutage(sent.outcome.failure) && fallbacks.length > 0) {
      const failed = sent.outcome.failure;
      const next = fallbacks.shift()!;
      emit(options, {
        type: "fallback",
        sessionId: session.id,
        turn,
        from: active.provider.name,
        to: next.provider.name,
        reason: failed.message,
      });
      await replayDiscovered(session, primary, messages);
      active = next;
      sent = await callActive(active);
    }
    const { outcome, toolsSent } = sent;
    if (!outcome.ok) throw stop(signal?.aborted ? { ...outcome.failure, code: "aborted" } : outcome.failure);

    async function callActive(target: ActiveModel) {
      let body: Record<string, unknown>;
      let count: number;
      try {
        const view = await session.view();
        // The transcript stays in the run's own format; a fallback reads it through the canonical form.
        const history = target.primary ? messages : target.provider.fromCanonical(primary.toCanonical(messages));
        ({ body, toolsSent: count } = target.provider.request({
          model: target.model,
          maxTokens,
          system,
          messages: history,
          previousLastMessage: target.primary ? previousLastMessage : undefined,
          strategy: target.strategy,
          view,
          params: target.params,
        }));
      } catch (error) {
        throw stop(stageFailure(error, "build", turn));
      }
      const scope = {
        sessionId: session.id,
        turn,
        strategy: target.strategy.name,
        toolsSent: count,
        stream: settings.stream,
      };
      return {
        outcome: await tracedModelCall(target.provider, body, scope, { turn, signal, onPart }),
        toolsSent: count,
      };
    }
    const { reply } = outcome;
    previousLastMessage = messages.length - 1;
    const added = (
      active.primary ? reply.added : primary.fromCanonical(active.provider.toCanonical(reply.added))
    ) as M[];
    // A fallback's reply is given in the run's own format too, so the result reads the same whoever answered.
    last = (active.primary ? reply.reply : primary.replyOf(added, reply)) as R;
    messages.push(...added);
    const calls = reply.calls;
    const record: AgentTurn = {
      usage: reply.usage,
      stopReason: reply.stopReason,
      toolsSent,
      provider: active.provider.name,
    };
    turns.push(record);
    // Streaming reported each call as it arrived.
    if (!settings.stream)
      for (const call of calls)
        emit(
          options,
          partEvent({ type: "tool-use", id: call.id, name: call.name, input: call.input }, session.id, turn),
        );
    emit(options, { type: "turn", sessionId: session.id, turn, ...record, toolCalls: calls.length });

    if (reply.stopReason !== "tool_use" || calls.length === 0) {
      const stopReason = reply.stopReason ?? "end_turn";
      // A reply cut off mid-call (max_tokens, a stop sequence) can still hold tool calls, whose
      // input may be incomplete; the API rejects a transcript that leaves them unanswered, so
      // they are answered without running them and the transcript can be resumed as it is.
      if (calls.length > 0) {
        messages.push(...provider.answers(calls.map((call) => ({ call, result: notRun(call, stopReason) }))));
        await hydrateUnrun(session, calls);
      }
      return { message: last, messages, turns, stopReason, sessionId: session.id, provider: active.provider.name };
    }
    const { answers, failure } = await answerCalls(session, active.strategy, active.provider.name, calls, (answer) =>
      emit(options, {
        type: "tool-result",
        sessionId: session.id,
        turn,
        toolUseId: answer.call.id,
        name: answer.call.name,
        isError: "result" in answer && answer.result.is_error === true,
      }),
    );
    messages.push(...provider.answers(answers));
    // The model reached for these tools as for the ones that ran; a replay of the transcript hydrates them too.
    const unreadable = calls.filter((call) => call.unreadable !== undefined);
    if (unreadable.length > 0) await hydrateUnrun(session, unreadable);
    if (failure) throw stop(stageFailure(failure.reason, "tools", turn));
    if (signal?.aborted)
      throw stop(
        aborted(
          `while the tool calls of turn ${turn} were answered; every call has a result in the transcript (those cut short say so)`,
          "tools",
        ),
      );
  }
  return {
    message: last!,
    messages,
    turns,
    stopReason: "max_turns",
    sessionId: session.id,
    provider: active.provider.name,
  };
}

/**
 * Answers every call of a turn, concurrently, answers in call order. A call whose input was not
 * an object is answered with an error without running. A call whose answer fails (execute()
 * never does; the search path can, e.g. when the catalogue cannot be listed) gets an `is_error`
 * result like the rest, so the transcript stays valid; the first such failure is returned for
 * the run to stop on.
 */
async function answerCalls(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  format: ProviderName,
  calls: readonly ProviderCall[],
  onAnswer: (answer: ProviderAnswer) => void,
): Promise<{ answers: ProviderAnswer[]; failure?: { reason: unknown } }> {
  const settled = await Promise.allSettled(
    calls.map(async (call) => {
      const answer = await answerCall(session, strategy, format, call);
      onAnswer(answer);
      return answer;
    }),
  );
  // Boxed, so a rejection with an undefined reason still counts as one.
  let failure: { reason: unknown } | undefined;
  const answers = settled.map((outcome, index): ProviderAnswer => {
    if (outcome.status === "fulfilled") return outcome.value;
    failure ??= { reason: outcome.reason };
    const call = calls[index]!;
    const content =
      call.name === SEARCH_TOOLS_NAME
        ? `${SEARCH_TOOLS_NAME} failed: ${errorText(outcome.reason)}`
        : `${call.name} could not be answered: ${errorText(outcome.reason)}. It may not have run; check before calling it again.`;
    const answer: ProviderAnswer = {
      call,
      result: { type: "tool_result", tool_use_id: call.id, content, is_error: true },
    };
    onAnswer(answer);
    return answer;
  });
  return failure ? { answers, failure } : { answers };
}

async function answerCall(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  format: ProviderName,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  if (call.nativeSearch !== undefined)
    return { call, nativeResult: await session.execute(call.nativeSearch as OpenAIResponsesToolSearchCall) };
  if (call.unreadable !== undefined) return { call, result: inputNotObject(call, call.unreadable) };
  const block: ToolUseBlock = { type: "tool_use", id: call.id, name: call.name, input: call.input };
  if (call.name !== SEARCH_TOOLS_NAME)
    return { call, result: await session.execute(block, { shownInFull: strategy.showsFullDefinitions }) };
  // The strategy words the search result, so runAgent answers search_tools itself, in the same span execute() would open.
  const result = await tracedToolCall(
    { name: SEARCH_TOOLS_NAME, id: call.id, sessionId: session.id, format },
    async () => {
      const outcome = await session.searchTools(call.input, call.id);
      return strategy.searchResult(call.id, outcome, await session.view());
    },
  );
  return { call, result };
}

/**
 * Hydrates the tools of calls that did not run, as a call would have: the model reached for
 * them, and a transcript replayed elsewhere hydrates them too (see
 * `toolSearch.session(id, { transcript })`), so both lay out the same block. Best effort: the
 * run has its answer already, and a catalogue that cannot be listed now must not lose it.
 */
async function hydrateUnrun(session: ToolSearchSession, calls: readonly ProviderCall[]): Promise<void> {
  try {
    await session.hydrate(
      calls
        .filter((call) => call.name !== SEARCH_TOOLS_NAME && call.nativeSearch === undefined)
        .map((call) => call.name),
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
function notRun(toolUse: ProviderCall, stopReason: string): ToolResultBlock {
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
function inputNotObject(toolUse: ProviderCall, held: string): ToolResultBlock {
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

function emit<M, R>(options: RunAgentOptions<M, R>, event: AgentEvent): void {
  try {
    options.onEvent?.(event);
  } catch {
    // An observer must never break the run it observes.
  }
}

interface Settings<M, R> {
  provider: ModelProvider<M, R>;
  model: string;
  system: string | SystemTextBlock[] | undefined;
  messages: readonly M[];
  strategy: AgentStrategy;
  maxTurns: number;
  maxTokens: number;
  stream: boolean;
  signal: AbortSignalLike | undefined;
  request: Readonly<Record<string, unknown>>;
  fallbacks: ActiveModel[];
  prefetch: PrefetchOptions | false;
}

/** What the run's session object carries: the run's context and signal, and the transcript to resume from. */
function sessionOptions<M, R>(options: RunAgentOptions<M, R>, settings: Settings<M, R>): SessionOptions {
  const scope: SessionOptions = {};
  if (options.context !== undefined) scope.context = options.context;
  if (settings.signal) scope.signal = settings.signal;
  // A session this instance does not know is rebuilt from the conversation's tool calls.
  if (options.messages !== undefined) scope.transcript = settings.messages;
  return scope;
}

function checkRequest(request: unknown, reserved: Readonly<Record<string, string>>): Record<string, unknown> {
  if (request === undefined) return {};
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new OptionsError(
      "invalid_request",
      "request must be an object of the API's own parameters, e.g. { temperature: 0.2 }.",
    );
  }
  const taken = Object.keys(request).find((key) => Object.hasOwn(reserved, key));
  if (taken !== undefined) {
    throw new OptionsError(
      "invalid_request",
      `request.${taken} is set by runAgent; use its ${reserved[taken]} option instead.`,
    );
  }
  return { ...(request as Record<string, unknown>) };
}

/** The run's provider: `provider` as given, or the Messages API over `client`. */
function providerOf<M, R>(options: RunAgentOptions<M, R>): ModelProvider<M, R> {
  const { client, provider } = options as { client?: unknown; provider?: unknown };
  if (provider !== undefined && client !== undefined)
    throw new OptionsError(
      "invalid_client",
      "Pass runAgent either client (a Messages API client) or provider (e.g. openAIResponsesProvider(new OpenAI())), not both.",
    );
  if (provider === undefined) {
    if (
      typeof client !== "object" ||
      client === null ||
      typeof (client as MessagesClient).messages?.create !== "function"
    ) {
      throw new OptionsError(
        "invalid_client",
        "runAgent needs client: a Messages API client such as new Anthropic() from Anthropic's TypeScript SDK, or any object with messages.create(); " +
          "or provider, for another API (openAIChatProvider(new OpenAI()), openAIResponsesProvider(new OpenAI())).",
      );
    }
    return anthropicProvider(client as MessagesClient) as unknown as ModelProvider<M, R>;
  }
  const known = provider as Partial<ModelProvider<M, R>> | null;
  if (
    typeof known !== "object" ||
    known === null ||
    typeof known.call !== "function" ||
    typeof known.request !== "function"
  )
    throw new OptionsError(
      "invalid_provider",
      "provider must be a model provider such as anthropicProvider(client), openAIChatProvider(client) or openAIResponsesProvider(client).",
    );
  return known as ModelProvider<M, R>;
}

function checkOptions<M, R>(options: RunAgentOptions<M, R>): Settings<M, R> {
  if (typeof options !== "object" || options === null) {
    throw new OptionsError(
      "invalid_options",
      "runAgent takes an options object: runAgent({ client, model, prompt, toolSearch }).",
    );
  }
  const provider = providerOf(options);
  const { model, toolSearch, prompt, messages } = options;
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
  const initial: readonly M[] =
    prompt !== undefined ? [provider.userMessage(prompt)] : provider.checkMessages(messages);
  const { signal, stream = false } = options;
  if (signal !== undefined && !isAbortSignalLike(signal)) {
    throw new OptionsError("invalid_signal", "signal must be an AbortSignal (e.g. new AbortController().signal).");
  }
  if (typeof stream !== "boolean")
    throw new OptionsError("invalid_stream", `stream must be true or false, got ${JSON.stringify(stream)}.`);
  if (stream && !provider.canStream) {
    throw new OptionsError(
      "invalid_client",
      provider.name === "anthropic"
        ? "stream: true needs a client with messages.stream(), as the Anthropic SDK's client has."
        : `stream: true needs a client that streams (create({ stream: true }) returning an async iterable), as the OpenAI SDK's client does.`,
    );
  }
  const strategy = strategyOf(options.strategy ?? "stubs");
  if (!provider.strategies.includes(strategy.name))
    throw new OptionsError(
      "unknown_strategy",
      `strategy "${strategy.name}" has no counterpart on ${provider.name}; it takes ${provider.strategies.map((name) => `"${name}"`).join(", ")}.`,
    );
  return {
    provider,
    model,
    system: checkSystem(options.system),
    messages: initial,
    strategy,
    maxTurns: wholeNumber(options.maxTurns ?? DEFAULT_MAX_TURNS, "maxTurns"),
    maxTokens: wholeNumber(options.maxTokens ?? DEFAULT_MAX_TOKENS, "maxTokens"),
    stream,
    signal,
    request: checkRequest(options.request, provider.reservedParams),
    prefetch: readPrefetchOption(options.prefetch),
    fallbacks: readFallbacks(options.fallback, strategy).map((fallback) => ({
      ...fallback,
      params: checkRequest(fallback.params, fallback.provider.reservedParams),
    })),
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
