/**
 * OpenAI Chat Completions as `runAgent` speaks it: the client it calls, the messages of a
 * conversation, and the completion it reads back. Only the fields toolsift reads or writes are
 * typed; the rest pass through as they are.
 *
 * @module
 */
import type { MessagesCallOptions } from "../anthropic/anthropic-messages.js";
import type { OpenAIChatTool, OpenAIChatToolCall, OpenAIChatToolMessage } from "./openai-chat.js";

/** A text part of a Chat Completions message. */
export interface OpenAIChatTextPart {
  type: "text";
  text: string;
}

/**
 * A message of a Chat Completions conversation (the SDK's `ChatCompletionMessageParam`, as far
 * as toolsift reads it): system or developer instructions, the user's turn, the assistant's
 * reply with its `tool_calls`, or the `tool` message that answers one.
 *
 * @example
 * ```ts
 * const messages: OpenAIChatMessage[] = [{ role: "user", content: "Post 'deploy done' to #ops" }];
 * ```
 */
export type OpenAIChatMessage =
  | { role: "system" | "developer"; content: string | OpenAIChatTextPart[]; name?: string }
  | { role: "user"; content: string | OpenAIChatTextPart[]; name?: string }
  | OpenAIChatAssistantMessage
  | OpenAIChatToolMessage;

/** An assistant message: text, a refusal, tool calls, or several of them. */
export interface OpenAIChatAssistantMessage {
  role: "assistant";
  content?: string | OpenAIChatTextPart[] | null;
  refusal?: string | null;
  tool_calls?: OpenAIChatToolCall[];
  name?: string;
}

/** Token counts of one completion; `cached_tokens` are the part of `prompt_tokens` read from the prompt cache. */
export interface OpenAIChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

/** Why a choice ended, as the API documents it, or a newer value passed on as it is. */
export type OpenAIChatFinishReason =
  | "stop"
  | "length"
  | "tool_calls"
  | "content_filter"
  | "function_call"
  | (string & {});

/** A Chat Completions reply (the SDK's `ChatCompletion`): runAgent reads its first choice. */
export interface OpenAIChatCompletion {
  id: string;
  object: "chat.completion";
  model: string;
  choices: { index: number; message: OpenAIChatAssistantMessage; finish_reason: OpenAIChatFinishReason | null }[];
  usage?: OpenAIChatUsage | null;
  [field: string]: unknown;
}

/**
 * The body of one Chat Completions request, as runAgent builds it: these fields, the run's
 * `request` parameters, and `stream: true` with `stream_options` when it streams.
 */
export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIChatMessage[];
  max_completion_tokens: number;
  tools?: OpenAIChatTool[];
}

/**
 * What runAgent needs of an OpenAI client for Chat Completions: `new OpenAI()` from OpenAI's
 * TypeScript SDK fits (typed by the body runAgent sends without streaming, which the SDK's own
 * overloads take). With `stream: true` in the body, `create` returns an async iterable of
 * `chat.completion.chunk` objects (the SDK's `Stream`).
 */
export interface OpenAIChatClient {
  chat: { completions: { create(body: OpenAIChatRequest, options?: MessagesCallOptions): PromiseLike<unknown> } };
}
