/**
 * The seam between `runAgent`'s loop and a model API. The loop is the same for every provider:
 * lay out the session's tools, call the model, answer its tool calls through the session, and
 * repeat. A provider owns only what differs: the request's shape, the call and its reply, the
 * transcript's messages, and how an answer is written back.
 *
 * toolsift answers every call in its own shape (a `tool_result` block, as `session.execute`
 * builds it) and each provider converts it, so permissions, validation and approval are the same
 * code whatever API the model runs on.
 *
 * @module
 */
import type { AbortSignalLike } from "../../catalogue/index.js";
import type { SessionView } from "../../session/index.js";
import type { MessageParam, StopReason, SystemTextBlock, ToolResultBlock } from "../../wire/index.js";
import type { ProviderName, TurnUsage } from "../turn-types.js";
import type { AgentStrategy, StrategyName } from "../strategies/index.js";
import type { TurnFailure } from "./model-call-failure.js";

export type { ProviderName } from "../turn-types.js";

/** What a streaming reply reports as it arrives: text, and each tool call once its input is complete. */
export type StreamedPart =
  | { type: "text"; text: string }
  | { type: "tool-use"; id: string; name: string; input: unknown };

/** One tool call of a reply, as the loop answers it. */
export interface ProviderCall {
  /** The id its answer carries: a `tool_use` id, or an OpenAI `call_id`. */
  id: string;
  name: string;
  /** The input as an object; `{}` when {@link ProviderCall.unreadable} says it was not one. */
  input: Record<string, unknown>;
  /** What the input held when it was not a JSON object: the call is answered with an error, not run. */
  unreadable?: string;
  /**
   * A search by the provider's own tool search (OpenAI's client-executed `tool_search_call`),
   * as the provider sent it: the session answers it as it stands (`session.execute`).
   */
  nativeSearch?: unknown;
}

/** The answer to one call: toolsift's own `tool_result`, or the session's answer to a native search. */
export type ProviderAnswer =
  | { call: ProviderCall; result: ToolResultBlock }
  | { call: ProviderCall; nativeResult: unknown };

/** A checked reply. */
export interface ProviderReply<Message, Reply> {
  /** The reply as the provider sent it (after its check), returned as `AgentResult.message`. */
  reply: Reply;
  /** The messages (or items) the reply adds to the transcript. */
  added: Message[];
  /** Its tool calls, in order. */
  calls: ProviderCall[];
  /**
   * Why the model stopped, in the Messages API's words, so a run reads the same on every
   * provider: `tool_use` (answer the calls), `end_turn`, `max_tokens`, `refusal`…
   */
  stopReason: StopReason | null;
  usage: TurnUsage;
  /** For the model call's span. */
  responseId?: string | undefined;
  responseModel?: string | undefined;
}

/** Everything one request is built from. */
export interface ProviderTurn<Message> {
  model: string;
  maxTokens: number;
  system: string | readonly SystemTextBlock[] | undefined;
  /** The transcript so far, in this provider's format. */
  messages: readonly Message[];
  /** The index of the previous request's last message (for cache breakpoints), `undefined` on the first. */
  previousLastMessage: number | undefined;
  strategy: AgentStrategy;
  view: SessionView;
  /** The run's `request` option: more API parameters, passed on as they are. */
  params: Readonly<Record<string, unknown>>;
}

/** How one model call is made. */
export interface ProviderCallOptions {
  /** 1 for the run's first model call; failures name it. */
  turn: number;
  signal?: AbortSignalLike | undefined;
  /** Stream the reply, reporting each part as it arrives. */
  onPart?: ((part: StreamedPart) => void) | undefined;
}

/**
 * A model API as `runAgent` drives it. toolsift ships one per API it knows
 * ({@link anthropicProvider}, {@link openAIChatProvider}, {@link openAIResponsesProvider}), each
 * over a structural client: toolsift never imports an SDK. Every method but `call` is pure.
 *
 * @typeParam Message - A message (or input item) of the transcript, in the API's own format.
 * @typeParam Reply - The reply the API returns for one call.
 */
export interface ModelProvider<Message, Reply> {
  readonly name: ProviderName;
  /** The OpenTelemetry GenAI `gen_ai.provider.name`, e.g. `"anthropic"` or `"openai"`. */
  readonly system: string;
  /** The strategies this API has; `runAgent` refuses any other before a call. */
  readonly strategies: readonly StrategyName[];
  /** Whether `call` can stream (the client has a streaming method). */
  readonly canStream: boolean;
  /** The API parameters the loop sets itself, each with the option that sets it: `request` may not hold them. */
  readonly reservedParams: Readonly<Record<string, string>>;
  /** Checks a conversation passed as `messages`. @throws {@link OptionsError} `invalid_messages`. */
  checkMessages(messages: unknown): readonly Message[];
  /** The transcript's first message for a `prompt`. */
  userMessage(prompt: string): Message;
  /** The request of one turn, and how many tools it carries. */
  request(turn: ProviderTurn<Message>): { body: Record<string, unknown>; toolsSent: number };
  /** Sends a request and checks the reply. Never throws: a failure says at which stage it happened. */
  call(
    body: Record<string, unknown>,
    options: ProviderCallOptions,
  ): Promise<{ ok: true; reply: ProviderReply<Message, Reply> } | { ok: false; failure: TurnFailure }>;
  /** The messages that answer a turn's calls, in call order. */
  answers(answers: readonly ProviderAnswer[]): Message[];
  /**
   * The transcript in toolsift's canonical form, the Messages API's (text, `tool_use` and
   * `tool_result` blocks), for another provider to take over. What has no counterpart
   * (reasoning, thinking, server tools) is left out.
   */
  toCanonical(messages: readonly Message[]): MessageParam[];
  /** A canonical transcript in this API's format. */
  fromCanonical(messages: readonly MessageParam[]): Message[];
  /**
   * A reply in this API's shape, for a turn another API answered (a fallback): its messages,
   * already in this format, with the other reply's id, model, stop reason and usage.
   */
  replyOf(added: readonly Message[], answered: ProviderReply<unknown, unknown>): Reply;
}
