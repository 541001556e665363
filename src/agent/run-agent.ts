import { OptionsError, ToolsiftError, errorText } from "../errors.js";
import { SEARCH_TOOLS_NAME, type ToolResultBlock, type ToolSearchSession } from "../session/index.js";
import { AgentError, type AgentStage } from "./agent-error.js";
import { placeCacheBreakpoints } from "./cache-breakpoints.js";
import { referencedToolNames } from "./referenced-tools.js";
import { callModel, type TurnFailure } from "./call-model.js";
import { checkMessages, checkSystem } from "./check-messages.js";
import type { AssistantMessage, MessageParam, MessagesClient, MessagesRequest, ResponseToolUseBlock, ResponseUsage, SystemTextBlock } from "./messages-api.js";
import type { AgentResult, AgentTurn, RunAgentOptions, TurnUsage } from "./run-agent-types.js";
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
 * calls run. Whatever stops a run, every `tool_use` already in the transcript has its
 * `tool_result`, so the transcript can be passed back as `messages` to resume.
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
  const { client, model, system, strategy, maxTurns, maxTokens } = settings;
  const session = options.toolSearch.session(options.sessionId);
  const messages: MessageParam[] = [...settings.messages];
  const turns: AgentTurn[] = [];
  let previousLastMessage: number | undefined;
  let last: AssistantMessage | undefined;

  const stop = (failure: TurnFailure) =>
    new AgentError(failure.code, `${failure.message} The transcript so far is on error.messages.`, [...messages], [...turns], {
      stage: failure.stage,
      status: failure.status,
      apiErrorType: failure.apiErrorType,
      requestId: failure.requestId,
      cause: failure.cause,
    });

  for (let turn = 1; turn <= maxTurns; turn++) {
    let request: MessagesRequest;
    let toolsSent: number;
    try {
      const view = await session.view();
      const tools = strategy.tools(view, referencedToolNames(messages));
      toolsSent = tools.length;
      const cached = placeCacheBreakpoints({ tools, system, messages }, { previousLastMessage, stableToolCount: strategy.stableToolCount?.(view) });
      request = {
        model,
        max_tokens: maxTokens,
        messages: cached.messages,
        ...(cached.system === undefined ? {} : { system: cached.system }),
        ...(tools.length === 0 ? {} : { tools: cached.tools }),
      };
    } catch (error) {
      throw stop(stageFailure(error, "build", turn));
    }

    const outcome = await callModel(client, request, turn);
    if (!outcome.ok) throw stop(outcome.failure);
    const response = outcome.message;
    previousLastMessage = messages.length - 1;
    last = response;
    messages.push({ role: "assistant", content: response.content });
    const toolUses = response.content.filter((block): block is ResponseToolUseBlock => block.type === "tool_use");
    const record: AgentTurn = { usage: usageOf(response.usage), stopReason: response.stop_reason, toolsSent };
    turns.push(record);
    emit(options, { type: "turn", sessionId: session.id, turn, ...record, toolCalls: toolUses.length });

    if (response.stop_reason !== "tool_use" || toolUses.length === 0) {
      const stopReason = response.stop_reason ?? "end_turn";
      // A reply cut off mid-call (max_tokens, a stop sequence) can still hold tool_use blocks,
      // whose input may be incomplete; the API rejects a transcript that leaves them unanswered,
      // so they are answered without running them and the transcript can be resumed as it is.
      if (toolUses.length > 0) messages.push({ role: "user", content: toolUses.map((toolUse) => notRun(toolUse, stopReason)) });
      return { message: response, messages, turns, stopReason, sessionId: session.id };
    }
    const { results, failure } = await answerToolUses(session, strategy, toolUses);
    messages.push({ role: "user", content: results });
    if (failure) throw stop(stageFailure(failure.reason, "tools", turn));
  }
  return { message: last!, messages, turns, stopReason: "max_turns", sessionId: session.id };
}

/**
 * Answers every call of a turn, concurrently, results in block order. A call whose answer
 * fails (execute() never does; the search path can, e.g. when the catalogue cannot be listed)
 * gets an `is_error` result like the rest, so the transcript stays valid; the first such
 * failure is returned for the run to stop on.
 */
async function answerToolUses(
  session: ToolSearchSession,
  strategy: AgentStrategy,
  toolUses: readonly ResponseToolUseBlock[],
): Promise<{ results: ToolResultBlock[]; failure?: { reason: unknown } }> {
  const settled = await Promise.allSettled(toolUses.map((toolUse) => runToolUse(session, strategy, toolUse)));
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
    return { type: "tool_result", tool_use_id: id, content, is_error: true };
  });
  return failure ? { results, failure } : { results };
}

async function runToolUse(session: ToolSearchSession, strategy: AgentStrategy, toolUse: ResponseToolUseBlock): Promise<ToolResultBlock> {
  if (toolUse.name !== SEARCH_TOOLS_NAME) return session.execute(toolUse, { shownInFull: strategy.showsFullDefinitions });
  const outcome = await session.searchTools(toolUse.input, toolUse.id);
  return strategy.searchResult(toolUse.id, outcome, await session.view());
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

function usageOf(usage: ResponseUsage): TurnUsage {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: usage.cache_read_input_tokens ?? 0,
  };
}

function emit(options: RunAgentOptions, event: Parameters<NonNullable<RunAgentOptions["onEvent"]>>[0]): void {
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
}

function checkOptions(options: RunAgentOptions): Settings {
  if (typeof options !== "object" || options === null) {
    throw new OptionsError("invalid_options", "runAgent takes an options object: runAgent({ client, model, prompt, toolSearch }).");
  }
  const { client, model, toolSearch, prompt, messages } = options;
  if (typeof client !== "object" || client === null || typeof client.messages?.create !== "function") {
    throw new OptionsError("invalid_client", "runAgent needs client: a Messages API client such as new Anthropic() from Anthropic's TypeScript SDK, or any object with messages.create().");
  }
  if (typeof model !== "string" || model === "") {
    throw new OptionsError("invalid_model", 'runAgent needs model: a model name such as "claude-sonnet-4-6".');
  }
  if (typeof toolSearch !== "object" || toolSearch === null || typeof toolSearch.session !== "function") {
    throw new OptionsError("invalid_tool_search", "runAgent needs toolSearch: the result of await createToolSearch({ tools }).");
  }
  if ((prompt === undefined) === (messages === undefined)) {
    throw new OptionsError("invalid_messages", "Pass either prompt (a string) or messages (the conversation so far) to runAgent, not both or neither.");
  }
  if (prompt !== undefined && (typeof prompt !== "string" || prompt.trim() === "")) {
    throw new OptionsError("invalid_messages", "prompt must be a non-empty string.");
  }
  const initial: readonly MessageParam[] = prompt !== undefined ? [{ role: "user", content: prompt }] : checkMessages(messages);
  return {
    client,
    model,
    system: checkSystem(options.system),
    messages: initial,
    strategy: strategyOf(options.strategy ?? "stubs"),
    maxTurns: wholeNumber(options.maxTurns ?? DEFAULT_MAX_TURNS, "maxTurns"),
    maxTokens: wholeNumber(options.maxTokens ?? DEFAULT_MAX_TOKENS, "maxTokens"),
  };
}

function wholeNumber(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new OptionsError(`invalid_${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`, `${name} must be a whole number of at least 1, got ${JSON.stringify(value)}.`);
  }
  return value;
}

/** A failure while building a request or answering tool calls; a toolsift error keeps its own code. */
function stageFailure(error: unknown, stage: Extract<AgentStage, "build" | "tools">, turn: number): TurnFailure {
  const where = stage === "build" ? `The request of turn ${turn} could not be built` : `The agent run stopped while answering the tool calls of turn ${turn}`;
  const after =
    stage === "build" ? "Nothing was sent." : `Every call of turn ${turn} has a result in the transcript (the ones that failed say so), so the run can be resumed.`;
  const code = error instanceof ToolsiftError ? error.code : `${stage === "build" ? "build" : "tools"}_failed`;
  return { code, stage, message: `${where}: ${errorText(error)} ${after}`, cause: error };
}

