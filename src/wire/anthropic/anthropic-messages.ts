/**
 * The parts of the Anthropic Messages API that `runAgent` touches, as small structural types of
 * toolsift's own. Anthropic's TypeScript SDK is an optional peer dependency, so toolsift's public types
 * must not name it; the SDK's own values fit these shapes (`new Anthropic()` is a
 * {@link MessagesClient}, an `Anthropic.MessageParam[]` is a `MessageParam[]`), which
 * `test/types/quick-start.ts` checks against the real SDK.
 *
 * @module
 */
import type { AbortSignalLike } from "../../catalogue/index.js";
import type { AnthropicTool } from "./anthropic.js";

/** A prompt-cache breakpoint, as the API takes it on a tool, a system block or a content block. */
export type CacheControl = NonNullable<AnthropicTool["cache_control"]>;

/** A text block of a system prompt. */
export interface SystemTextBlock {
  type: "text";
  text: string;
  cache_control?: CacheControl | null;
}

/**
 * A content block of a message, as runAgent reads it: only its `type` matters to it (and
 * `cache_control`, `text` and a `tool_result`'s `content`, which it looks up by name); every
 * other field is passed on as it is. Two forms of one shape: the first takes the SDK's
 * `ContentBlockParam`s (interfaces, so without an index signature), the second lets an object
 * literal such as `{ type: "text", text: "hi" }` carry its other fields.
 */
export type ContentBlockParam = { type: string } | { type: string; [field: string]: unknown };

/** A message of the conversation, as the Messages API takes it in `messages`. */
export interface MessageParam {
  role: "user" | "assistant" | "system";
  content: string | ContentBlockParam[];
}

/**
 * The body runAgent sends to `messages.create`. Typed loosely where the SDK is wider than what
 * toolsift sends (its `tools` union includes server tools and toolsets), so the SDK's own
 * `create` accepts it and is accepted as a {@link MessagesClient}. The parameters of
 * `runAgent({ request })` travel in it too.
 */
export interface MessagesRequest {
  model: string;
  max_tokens: number;
  messages: readonly MessageParam[];
  system?: string | readonly SystemTextBlock[];
  /** Tool definitions: toolsift sends {@link AnthropicTool}s; any object, so the SDK's union of server tools and toolsets fits too. */
  tools?: readonly object[];
}

/**
 * Messages API parameters `runAgent` passes through as they are (`runAgent({ request })`):
 * extended thinking, sampling, `tool_choice`, metadata, and any other the API takes. The
 * fields runAgent sets itself (`model`, `max_tokens`, `messages`, `system`, `tools`, `stream`)
 * have options of their own and are refused here.
 *
 * @example
 * ```ts
 * request: { thinking: { type: "enabled", budget_tokens: 2048 }, tool_choice: { type: "auto" }, metadata: { user_id: "u-7" } }
 * ```
 */
export interface MessagesRequestParams {
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: readonly string[];
  /** `{ type: "auto" | "any" | "none" }` or `{ type: "tool", name }`, with `disable_parallel_tool_use` if wanted. */
  tool_choice?: { type: "auto" | "any" | "none" | "tool"; name?: string; disable_parallel_tool_use?: boolean };
  /** Extended thinking: `{ type: "enabled", budget_tokens }` (below `maxTokens`) or `{ type: "disabled" }`. */
  thinking?:
    | { type: "enabled"; budget_tokens: number }
    | { type: "disabled" }
    | { type: string; [field: string]: unknown };
  metadata?: { user_id?: string | null };
  service_tier?: string;
  /** Any other parameter the API takes, passed on unread. */
  [param: string]: unknown;
}

/** The per-call options runAgent passes to the client: the run's abort signal. */
export interface MessagesCallOptions {
  signal?: AbortSignalLike | null;
}

/**
 * A streaming reply as runAgent reads it: the raw stream events as they arrive, then the
 * whole message. The Anthropic SDK's `MessageStream` (from `client.messages.stream()`) is one.
 */
export interface MessageStreamLike extends AsyncIterable<unknown> {
  /** The accumulated message, once the stream ends; rejects if it failed. */
  finalMessage(): PromiseLike<unknown>;
}

/**
 * What runAgent needs of a client: `messages.create(body, { signal })` for a Messages API call,
 * and `messages.stream(body, { signal })` for `runAgent({ stream: true })`. `new Anthropic()`
 * from Anthropic's TypeScript SDK is one; its settings (`maxRetries`, `timeout`, `baseURL`)
 * apply to every call. What comes back is not trusted: runAgent checks it is a well-formed
 * message before it uses it.
 *
 * @example
 * ```ts
 * const client: MessagesClient = new Anthropic({ maxRetries: 4 });
 * ```
 */
export interface MessagesClient {
  messages: {
    create(body: MessagesRequest, options?: MessagesCallOptions): PromiseLike<unknown>;
    stream?(body: MessagesRequest, options?: MessagesCallOptions): MessageStreamLike;
  };
}

/**
 * Why the model stopped: the values the API documents, or a newer one passed on as it is.
 */
export type StopReason =
  | "end_turn"
  | "max_tokens"
  | "stop_sequence"
  | "tool_use"
  | "pause_turn"
  | "refusal"
  | "model_context_window_exceeded"
  | (string & {});

/** A text block of the model's reply. */
export interface ResponseTextBlock {
  type: "text";
  text: string;
  [field: string]: unknown;
}

/** A call of a client tool in the model's reply: `id` and `name` are non-empty and `input` is an object (checked). */
export interface ResponseToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * The other block types the API documents for a reply (thinking, server tools and their
 * results). runAgent passes them on unread; a block of a type the API adds later is passed on
 * the same way.
 */
export interface OtherResponseBlock {
  type:
    | "thinking"
    | "redacted_thinking"
    | "server_tool_use"
    | "web_search_tool_result"
    | "web_fetch_tool_result"
    | "code_execution_tool_result"
    | "bash_code_execution_tool_result"
    | "text_editor_code_execution_tool_result"
    | "tool_search_tool_result"
    | "container_upload";
  [field: string]: unknown;
}

/** A content block of the model's reply; narrow it on `type`. */
export type ResponseBlock = ResponseTextBlock | ResponseToolUseBlock | OtherResponseBlock;

/** Token counts of one reply, as the API reports them. */
export interface ResponseUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  [field: string]: unknown;
}

/** The model's reply to one Messages API call, after runAgent checked its shape. */
export interface AssistantMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: ResponseBlock[];
  stop_reason: StopReason | null;
  stop_sequence?: string | null;
  usage: ResponseUsage;
  [field: string]: unknown;
}
