import { OptionsError, ToolsiftError, errorText } from "../errors.js";
import { traced } from "../telemetry/index.js";
import { AgentError, type AgentStage } from "./agent-error.js";
import { answerCalls, hydrateUnrun, notRun } from "./answer-calls.js";
import { checkOptions, sessionOptions, type Settings } from "./check-run-options.js";
import { replayDiscovered, type ActiveModel } from "./fallback.js";
import { prefetchForTurn } from "./prefetch-turn.js";
import { isProviderOutage, type TurnFailure } from "./providers/model-call-failure.js";
import type { ModelProvider, StreamedPart } from "./providers/model-provider.js";
import type { AgentEvent, AgentResult, AgentTurn, RunAgentOptions } from "./run-agent-types.js";
import { tracedModelCall } from "./traced-model-call.js";
import type { AgentStrategy } from "./strategies/index.js";

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

  /** Builds one turn's request for an API and sends it; never throws for the API's failures. */
  async function send(target: ActiveModel, turn: number, onPart: ((part: StreamedPart) => void) | undefined) {
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

  /**
   * Appends the tool changes that offer the model the session's working set (a search's loaded
   * matches, a tool used again, the LRU tool removed past the cap), as a system message after the
   * turn's user message: the tools array and everything before stay as they were.
   */
  async function appendToolChanges(strategy: AgentStrategy, turn: number): Promise<void> {
    try {
      const message = strategy.toolChanges?.(await session.view(), messages);
      if (message) messages.push(message as M);
    } catch (error) {
      throw stop(stageFailure(error, "build", turn));
    }
  }

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
    if (active.primary && active.strategy.toolChanges) await appendToolChanges(active.strategy, turn);
    let sent = await send(active, turn, onPart);
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
      sent = await send(active, turn, onPart);
    }
    const { outcome, toolsSent } = sent;
    if (!outcome.ok) throw stop(signal?.aborted ? { ...outcome.failure, code: "aborted" } : outcome.failure);

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

/** The event for a part of a reply: streamed text, or a tool call whose input is complete. */
function partEvent(part: StreamedPart, sessionId: string, turn: number): AgentEvent {
  if (part.type === "text") return { type: "text", sessionId, turn, text: part.text };
  return { type: "tool-use", sessionId, turn, id: part.id, name: part.name, input: part.input };
}

function emit<M, R>(options: RunAgentOptions<M, R>, event: AgentEvent): void {
  try {
    options.onEvent?.(event);
  } catch {
    // An observer must never break the run it observes.
  }
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
