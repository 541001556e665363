import type { AbortSignalLike } from "../catalogue/index.js";
import { OptionsError } from "../errors.js";
import { checkKeys, optionKeys } from "../util/option-keys.js";
import { isAbortSignalLike, type PrefetchOptions } from "../session/index.js";
import type { SessionOptions } from "../tool-search/index.js";
import { toolChangesRefusal, type MessagesClient, type SystemTextBlock } from "../wire/index.js";
import { checkSystem } from "./check-system.js";
import { readFallbacks, type ActiveModel } from "./fallback.js";
import { readPrefetchOption } from "./prefetch-turn.js";
import { anthropicProvider } from "./providers/anthropic/anthropic-provider.js";
import type { ModelProvider } from "./providers/model-provider.js";
import type { RunAgentBase, RunAgentOptions } from "./run-agent-types.js";
import { cappedNativeStrategy, changesStrategyOf, strategyOf, type AgentStrategy } from "./strategies/index.js";

const DEFAULT_MAX_TURNS = 8;
const DEFAULT_MAX_TOKENS = 4096;

/** runAgent's options, checked once, with their defaults filled in. */
export interface Settings<M, R> {
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
export function sessionOptions<M, R>(options: RunAgentOptions<M, R>, settings: Settings<M, R>): SessionOptions {
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

/** Every option `runAgent` reads; the compiler holds the list to {@link RunAgentBase} and its targets. */
const RUN_AGENT_KEYS = optionKeys<keyof RunAgentBase | "client" | "provider" | "prompt" | "messages">({
  model: true,
  system: true,
  toolSearch: true,
  strategy: true,
  toolChanges: true,
  maxTurns: true,
  maxTokens: true,
  onEvent: true,
  stream: true,
  signal: true,
  request: true,
  context: true,
  sessionId: true,
  fallback: true,
  prefetch: true,
  client: true,
  provider: true,
  prompt: true,
  messages: true,
});

export function checkOptions<M, R>(options: RunAgentOptions<M, R>): Settings<M, R> {
  if (typeof options !== "object" || options === null) {
    throw new OptionsError(
      "invalid_options",
      "runAgent takes an options object: runAgent({ client, model, prompt, toolSearch }).",
    );
  }
  // A misspelt option would be dropped without a word: a "maxTurn" that leaves the default cap,
  // a "sesionId" that starts a fresh session, a "contxt" that hands permit no caller.
  checkKeys("runAgent", "", options, RUN_AGENT_KEYS, "{ client, model, prompt, toolSearch }");
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
  const strategy = withToolChanges(strategyOf(options.strategy ?? "stubs"), options.toolChanges);
  if (!provider.strategies.includes(strategy.name))
    throw new OptionsError(
      "unknown_strategy",
      `strategy "${strategy.name}" has no counterpart on ${provider.name}; it takes ${provider.strategies.map((name) => `"${name}"`).join(", ")}.`,
    );
  const fallbacks = readFallbacks(options.fallback, strategy).map((fallback) => ({
    ...fallback,
    params: checkRequest(fallback.params, fallback.provider.reservedParams),
  }));
  checkToolChangesModel(provider, model, strategy);
  for (const fallback of fallbacks) checkToolChangesModel(fallback.provider, fallback.model, fallback.strategy);
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
    fallbacks,
  };
}

/**
 * The strategy with the run's `toolChanges` option: `changes` by reference (the default) or
 * inline, `native` capped through removals, nothing else.
 *
 * @throws {@link OptionsError} `invalid_tool_change_mode`.
 */
function withToolChanges(strategy: AgentStrategy, mode: unknown): AgentStrategy {
  if (mode === undefined) return strategy;
  if (mode !== "reference" && mode !== "inline")
    throw new OptionsError(
      "invalid_tool_change_mode",
      `toolChanges must be "reference" or "inline"; got ${JSON.stringify(mode) ?? String(mode)}.`,
    );
  if (strategy.name === "changes") return changesStrategyOf(mode);
  if (strategy.name === "native" && mode === "reference") return cappedNativeStrategy;
  throw new OptionsError(
    "invalid_tool_change_mode",
    strategy.name === "native"
      ? 'strategy "native" loads tools by reference: toolChanges "reference" caps them; for inline definitions use strategy "changes".'
      : `strategy "${strategy.name}" sends no tool changes; toolChanges goes with strategy "changes" or "native".`,
  );
}

/**
 * Refuses, before any call, a model the mid-conversation documentation gives no tool changes
 * (Claude Sonnet 5, and models older than Claude Opus 4.8) for a strategy that sends them.
 *
 * @throws {@link OptionsError} `tool_changes_unsupported_model`.
 */
function checkToolChangesModel(provider: { name: string }, model: string, strategy: AgentStrategy): void {
  if (!strategy.toolChanges || provider.name !== "anthropic") return;
  const refusal = toolChangesRefusal(model);
  if (refusal)
    throw new OptionsError(
      "tool_changes_unsupported_model",
      `strategy "${strategy.name}" sends mid-conversation tool changes, but ${refusal} ` +
        'Use a model that has them (e.g. "claude-opus-5-5", "claude-sonnet-5-5", "claude-haiku-5-5"), or strategy "stubs", "native" or "stable".',
    );
}

/** The code of a bad whole-number option: its name in snake case. */
const WHOLE_NUMBER_CODES = { maxTurns: "invalid_max_turns", maxTokens: "invalid_max_tokens" } as const;

function wholeNumber(value: number, name: keyof typeof WHOLE_NUMBER_CODES): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new OptionsError(
      WHOLE_NUMBER_CODES[name],
      `${name} must be a whole number of at least 1, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}
