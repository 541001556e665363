/**
 * The OpenAI Responses API as `runAgent` speaks it: the client it calls, the input items of a
 * conversation, and the response it reads back. Only the fields toolsift reads or writes are
 * typed; the rest pass through as they are.
 *
 * @module
 */
import type { MessagesCallOptions } from "../anthropic/anthropic-messages.js";
import type {
  OpenAIResponsesNativeTool,
  OpenAIResponsesToolSearchCall,
  OpenAIResponsesToolSearchOutput,
} from "./openai-responses-native.js";
import type {
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesTool,
} from "./openai-responses.js";

/**
 * An item of a Responses API `input` (the SDK's `ResponseInputItem`, as far as toolsift reads
 * it): a message, a function call and its output, a tool search and its output, or any other
 * output item of an earlier response (reasoning, …), which the API takes back as it is.
 *
 * @example
 * ```ts
 * const input: OpenAIResponsesItem[] = [{ role: "user", content: "Post 'deploy done' to #ops" }];
 * ```
 */
export type OpenAIResponsesItem =
  | OpenAIResponsesMessageItem
  | OpenAIResponsesFunctionCall
  | OpenAIResponsesFunctionCallOutput
  | OpenAIResponsesToolSearchCall
  | OpenAIResponsesToolSearchOutput
  | { type: string; [field: string]: unknown };

/** A message item: the user's turn, instructions, or the assistant's text (`output_text` parts). */
export interface OpenAIResponsesMessageItem {
  type?: "message";
  role: "user" | "assistant" | "system" | "developer";
  content: string | readonly object[];
  [field: string]: unknown;
}

/** Token counts of one response; `cached_tokens` are the part of `input_tokens` read from the prompt cache. */
export interface OpenAIResponsesUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens?: number;
  input_tokens_details?: { cached_tokens?: number | null } | null;
}

/** A Responses API reply (the SDK's `Response`). */
export interface OpenAIResponse {
  id: string;
  object: "response";
  model: string;
  status?: "completed" | "incomplete" | "failed" | "in_progress" | "queued" | "cancelled" | (string & {});
  incomplete_details?: { reason?: string } | null;
  output: OpenAIResponsesItem[];
  usage?: OpenAIResponsesUsage | null;
  [field: string]: unknown;
}

/**
 * The body of one Responses API request, as runAgent builds it: these fields, the run's
 * `request` parameters, and `stream: true` when it streams.
 */
export interface OpenAIResponsesRequest {
  model: string;
  input: OpenAIResponsesItem[];
  instructions?: string;
  max_output_tokens: number;
  tools?: (OpenAIResponsesTool | OpenAIResponsesNativeTool)[];
}

/**
 * What runAgent needs of an OpenAI client for the Responses API: `new OpenAI()` from OpenAI's
 * TypeScript SDK fits. runAgent sends an {@link OpenAIResponsesRequest}; the parameter is typed
 * by the smallest body every SDK version's overloads take, so the SDK's own item types (which
 * are stricter than toolsift's pass-through ones) do not stand in the way. With `stream: true`
 * in the body, `create` returns an async iterable of the API's streaming events (the SDK's `Stream`).
 */
export interface OpenAIResponsesClient {
  responses: { create(body: { model: string; input: string }, options?: MessagesCallOptions): PromiseLike<unknown> };
}
