// What a test scripts the local OpenAI server with: the requests it records and the replies it plays.
import type { IncomingHttpHeaders } from "node:http";
import type { TransportFault } from "./transport-fault.js";

/**
 * Which OpenAI endpoint a request went to: Chat Completions or Responses.
 *
 * @example
 * ```ts
 * const endpoints: OpenAIEndpoint[] = server.requests.map((request) => request.endpoint);
 * ```
 */
export type OpenAIEndpoint = "chat" | "responses";

/**
 * One request the server received; each {@link ScriptedOpenAITurn} is given the one it answers.
 *
 * @example
 * ```ts
 * const turn: ScriptedOpenAITurn = (request: RecordedOpenAIRequest) => ({ text: `${request.endpoint}: ${String(request.body.model)}` });
 * ```
 */
export interface RecordedOpenAIRequest {
  endpoint: OpenAIEndpoint;
  /** The parsed body, as the SDK sent it. */
  body: Record<string, unknown>;
  raw: string;
  headers: IncomingHttpHeaders;
}

/**
 * A function call the scripted model makes; `arguments` is sent as it is when a string (to send
 * arguments that are not JSON), as JSON otherwise. An id is given when `id` is left out.
 *
 * @example
 * ```ts
 * const call: ScriptedCall = { name: "search_tools", arguments: { query: "weather" } };
 * ```
 */
export interface ScriptedCall {
  name: string;
  arguments: string | Record<string, unknown>;
  id?: string;
  /**
   * Responses only: the namespace of a function inside one (the `function_call`'s `namespace`).
   * Left out, it is filled in when the request's tools (or a tool search output) put the name in exactly one namespace.
   */
  namespace?: string;
}

/**
 * Responses only: a tool search the scripted model makes, emitted before its function calls.
 * With a client-executed `tool_search` tool it is a `tool_search_call` item for the client to
 * answer; with a hosted one the server answers it in the same response, with a
 * `tool_search_output` that loads the deferred functions `load` names (`"name"` or `"namespace/name"`).
 *
 * @example
 * ```ts
 * const reply: OpenAIReply = { toolSearches: [{ arguments: { query: "post to slack" } }] };
 * const hosted: OpenAIReply = { toolSearches: [{ arguments: { query: "post to slack" }, load: ["slack_post"] }] };
 * ```
 */
export interface ScriptedToolSearch {
  arguments: Record<string, unknown>;
  id?: string;
  load?: string[];
}

/**
 * The token counts a scripted reply reports, overriding the server's own (10 input, 10 output,
 * 0 cached; or, with {@link OpenAIApiServerOptions.promptCache}, the simulated counts). `input`
 * is the whole prompt, cached tokens included, as OpenAI counts it: it becomes Chat's
 * `usage.prompt_tokens` and Responses' `usage.input_tokens`; `cached` becomes
 * `usage.prompt_tokens_details.cached_tokens` / `usage.input_tokens_details.cached_tokens`;
 * `output` becomes `completion_tokens` / `output_tokens`.
 *
 * @example
 * ```ts
 * const reply: OpenAIReply = { text: "hi", usage: { input: 2048, cached: 1920, output: 5 } };
 * ```
 */
export interface OpenAIScriptedUsage {
  input?: number;
  cached?: number;
  output?: number;
}

/**
 * How a streamed reply (a request with `stream: true`) misbehaves. `pause` holds the stream
 * after that many events until the promise settles (or forever, for a test that aborts).
 * `error` ends the stream after that many events with OpenAI's mid-stream error: on Chat
 * Completions a `data:` line whose object is `{ error: { message, type, param, code } }` (no
 * `[DONE]` follows); on Responses an `error` event (`{ type: "error", code, message, param,
 * sequence_number }`) or, with `event: "response.failed"`, a `response.failed` event whose
 * `response` has `status: "failed"` and `error: { code, message }` (and an empty `output`).
 * `type` defaults to `"server_error"`, `code` to `null` on Chat and `"server_error"` on Responses.
 *
 * @example
 * ```ts
 * const cut: OpenAIReply = { text: "a long answer", stream: { error: { after: 3, message: "The server had an error" } } };
 * const failed: OpenAIReply = { text: "a long answer", stream: { error: { after: 3, message: "overloaded", event: "response.failed" } } };
 * ```
 */
export interface OpenAIStreamScript {
  pause?: { after: number; until: Promise<unknown> };
  error?: { after: number; message: string; type?: string; code?: string; event?: "error" | "response.failed" };
}

/**
 * What a scripted turn answers: an assistant turn (text, function calls or both), rendered in
 * the endpoint's own shape, streamed when the request asks (`stream` scripts how the stream
 * misbehaves); an HTTP error with an OpenAI-shaped body; or a transport fault (a
 * {@link TransportFault}: on a streamed request `reset-mid-body` sends the first half of the
 * server-sent events, then cuts the connection).
 *
 * @example
 * ```ts
 * const answers: OpenAIReply[] = [
 *   { calls: [{ name: "search_tools", arguments: { query: "weather" } }], usage: { cached: 0 } },
 *   { status: 429, error: { message: "Slow down", type: "rate_limit_error" }, headers: { "retry-after-ms": "50" } },
 *   { fault: "hang" },
 * ];
 * ```
 */
export type OpenAIReply =
  | {
      text?: string;
      calls?: ScriptedCall[];
      toolSearches?: ScriptedToolSearch[];
      usage?: OpenAIScriptedUsage;
      stream?: OpenAIStreamScript;
    }
  | { status: number; error: { message: string; type: string; code?: string }; headers?: Record<string, string> }
  | { fault: TransportFault };

/**
 * One scripted turn: a function of the request it answers. A turn that throws is answered with
 * a 500 `server_error` naming the error.
 *
 * @example
 * ```ts
 * const turns: ScriptedOpenAITurn[] = [() => ({ calls: [{ name: "search_tools", arguments: { query: "weather" } }] }), () => ({ text: "Sunny." })];
 * ```
 */
export type ScriptedOpenAITurn = (request: RecordedOpenAIRequest) => OpenAIReply;

/**
 * Options of `startOpenAIApiServer`.
 *
 * @example
 * ```ts
 * const server = await startOpenAIApiServer(turns, { promptCache: true });
 * ```
 */
export interface OpenAIApiServerOptions {
  /**
   * Simulate OpenAI's automatic prompt caching, so usage shows `cached_tokens` rise when a
   * request repeats an earlier request's prefix. The prompt is the request's serialized
   * `tools` then `messages` (Chat) or `tools`, `instructions` then `input` (Responses), and a
   * token is 4 characters of it; every prompt is remembered (per model, the last 256), and a
   * request reads the longest byte prefix it shares with one, counted as OpenAI does: nothing
   * below 1024 tokens, then in steps of 128. Off, every reply reports 10 input tokens, none cached.
   * A scripted {@link OpenAIScriptedUsage} wins over it, field by field.
   * @defaultValue false
   * @example
   * ```ts
   * const server = await startOpenAIApiServer([() => ({ text: "a" }), () => ({ text: "b" })], { promptCache: true });
   * ```
   */
  promptCache?: boolean;
}

/** A scripted call with its id and arguments as they go on the wire. */
export interface Call {
  id: string;
  name: string;
  arguments: string;
  namespace?: string;
}

/** The usage of one reply, in neutral terms; each endpoint's wire file names the fields its way. */
export interface Usage {
  input: number;
  cached: number;
  output: number;
}

/** One assistant turn, ready to render in either endpoint's shape. */
export interface RenderedTurn {
  model: string;
  /** The reply's number on this server, for its ids. */
  id: number;
  text: string | undefined;
  calls: Call[];
  /** Responses only: the tool search items, before the calls. */
  searches: unknown[];
  usage: Usage;
}
