import type Anthropic from "@anthropic-ai/sdk";
import { OptionsError, ToolsiftError } from "../errors.js";
import { SEARCH_TOOLS_NAME, type ToolResultBlock, type ToolSearchSession } from "../session/index.js";
import { AgentError } from "./agent-error.js";
import { placeCacheBreakpoints } from "./cache-breakpoints.js";
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
 * @throws {@link OptionsError} for bad options, before any call.
 * @throws {@link AgentError} when the API fails (after the client's own retries) or the
 *   request cannot be built; it carries the transcript so far and the HTTP status.
 * @example
 * ```ts
 * import Anthropic from "@anthropic-ai/sdk";
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
  const messages: Anthropic.MessageParam[] = [...settings.messages];
  const turns: AgentTurn[] = [];
  let previousLastMessage: number | undefined;
  let last: Anthropic.Message | undefined;

  const fail = (error: unknown, turn: number) => agentErrorOf(error, turn, [...messages], [...turns]);

  for (let turn = 1; turn <= maxTurns; turn++) {
    let request: Anthropic.MessageCreateParamsNonStreaming;
    let toolsSent: number;
    try {
      const view = await session.view();
      const tools = strategy.tools(view);
      toolsSent = tools.length;
      const cached = placeCacheBreakpoints({ tools, system, messages }, { previousLastMessage, stableToolCount: strategy.stableToolCount?.(view) });
      request = {
        model,
        max_tokens: maxTokens,
        messages: cached.messages,
        ...(cached.system === undefined ? {} : { system: cached.system }),
        ...(tools.length === 0 ? {} : { tools: cached.tools as Anthropic.Tool[] }),
      };
    } catch (error) {
      throw fail(error, turn);
    }

    let response: Anthropic.Message;
    try {
      response = await client.messages.create(request);
    } catch (error) {
      throw fail(error, turn);
    }
    previousLastMessage = messages.length - 1;
    last = response;
    messages.push({ role: "assistant", content: response.content as Anthropic.ContentBlockParam[] });
    const toolUses = response.content.filter((block): block is Anthropic.ToolUseBlock => block.type === "tool_use");
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
    let results: ToolResultBlock[];
    try {
      results = await Promise.all(toolUses.map((toolUse) => runToolUse(session, strategy, toolUse)));
    } catch (error) {
      throw fail(error, turn);
    }
    messages.push({ role: "user", content: results as Anthropic.ToolResultBlockParam[] });
  }
  return { message: last!, messages, turns, stopReason: "max_turns", sessionId: session.id };
}

async function runToolUse(session: ToolSearchSession, strategy: AgentStrategy, toolUse: Anthropic.ToolUseBlock): Promise<ToolResultBlock> {
  if (toolUse.name !== SEARCH_TOOLS_NAME) return session.execute(toolUse, { shownInFull: strategy.showsFullDefinitions });
  const outcome = await session.searchTools(toolUse.input, toolUse.id);
  return strategy.searchResult(toolUse.id, outcome, await session.view());
}

/** The answer to a tool call the model did not finish sending. */
function notRun(toolUse: Anthropic.ToolUseBlock, stopReason: string): Anthropic.ToolResultBlockParam {
  return {
    type: "tool_result",
    tool_use_id: toolUse.id,
    content:
      `${toolUse.name} was not run: the response was cut off (stop reason "${stopReason}") before this call was complete, ` +
      "so its input may be missing parts. Call it again if it is still needed.",
    is_error: true,
  };
}

function usageOf(usage: Anthropic.Usage): TurnUsage {
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
  client: Anthropic;
  model: string;
  system: string | Anthropic.TextBlockParam[] | undefined;
  messages: Anthropic.MessageParam[];
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
    throw new OptionsError("invalid_client", "runAgent needs client: an Anthropic instance, e.g. new Anthropic() from @anthropic-ai/sdk.");
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
  let initial: Anthropic.MessageParam[];
  if (prompt !== undefined) {
    if (typeof prompt !== "string" || prompt.trim() === "") throw new OptionsError("invalid_messages", "prompt must be a non-empty string.");
    initial = [{ role: "user", content: prompt }];
  } else {
    if (!Array.isArray(messages) || messages.length === 0) {
      throw new OptionsError("invalid_messages", "messages must be a non-empty array of { role, content } message params.");
    }
    initial = messages;
  }
  const system = options.system;
  if (system !== undefined && typeof system !== "string" && !Array.isArray(system)) {
    throw new OptionsError("invalid_system", "system must be a string or an array of text blocks.");
  }
  return {
    client,
    model,
    system: system === "" ? undefined : system,
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

/** Turns whatever stopped the run into an AgentError that keeps the transcript. */
function agentErrorOf(error: unknown, turn: number, messages: Anthropic.MessageParam[], turns: AgentTurn[]): AgentError {
  if (error instanceof AgentError) return error;
  const kept = "The transcript so far is on error.messages.";
  if (error instanceof ToolsiftError) {
    return new AgentError(error.code, `The agent run stopped on turn ${turn}: ${error.message} ${kept}`, messages, turns, { cause: error });
  }
  // Duck-typed so toolsift does not load the SDK at run time: APIError carries status and the error body.
  const api = error as { status?: unknown; type?: unknown; apiMessage?: unknown; requestID?: unknown; message?: unknown; error?: unknown };
  const text = error instanceof Error ? error.message : String(error);
  if (typeof api.status === "number") {
    const body = (api.error as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
    const type = typeof api.type === "string" ? api.type : typeof body?.type === "string" ? body.type : undefined;
    const detail = typeof api.apiMessage === "string" ? api.apiMessage : typeof body?.message === "string" ? body.message : text;
    return new AgentError(
      "api_error",
      `The Messages API answered ${api.status}${type ? ` (${type})` : ""} on turn ${turn}: ${detail}. ${hintFor(api.status)} ${kept}`,
      messages,
      turns,
      { status: api.status, apiErrorType: type, requestId: typeof api.requestID === "string" ? api.requestID : undefined, cause: error },
    );
  }
  const isConnection = error instanceof Error && /connection|timed? ?out|fetch failed|ECONN/i.test(`${error.name} ${error.message}`);
  return new AgentError(
    isConnection ? "connection_error" : "client_error",
    isConnection
      ? `The Messages API could not be reached on turn ${turn}: ${text}. Check the network and the client's baseURL. ${kept}`
      : `The model call on turn ${turn} failed before reaching the API: ${text}. ${kept}`,
    messages,
    turns,
    { cause: error },
  );
}

function hintFor(status: number): string {
  if (status === 400) return "The request was rejected as invalid; the message says which field.";
  if (status === 401 || status === 403) return "Check the API key and its permissions.";
  if (status === 404) return "Check the model name.";
  if (status === 413) return "The request is too large: fewer or shorter messages or tools.";
  if (status === 429 || status === 529 || status >= 500) {
    return "The API is rate-limiting or overloaded and the client's own retries (its maxRetries) were used up; try again later or raise maxRetries on the Anthropic client.";
  }
  return "";
}
