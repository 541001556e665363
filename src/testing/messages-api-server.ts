// Over 300 lines: one local stand-in for the Messages API: its wire shapes, streaming and faults beside its scripting.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { promptCache, type PromptCacheOptions, type UsageRecord } from "./messages-prompt-cache.js";
import { checkToolChanges } from "./messages-tool-changes.js";
import type { WireBlock, WireRequest } from "./messages-wire.js";
import { closedAfterEach, type AfterEachHook } from "./per-test.js";
import { pieces, playFault, type TransportFault } from "./transport-fault.js";

export type { TransportFault } from "./transport-fault.js";
export type { WireBlock, WireMessage, WireRequest, WireTool } from "./messages-wire.js";
export type { PromptCacheOptions, UsageRecord } from "./messages-prompt-cache.js";

/**
 * One request the server received: its parsed body, its raw text and its headers. Each
 * {@link ScriptedTurn} is given the request it answers.
 *
 * @example
 * ```ts
 * const turn: ScriptedTurn = (request: RecordedRequest) => reply.text(`you sent ${request.body.messages.length} messages`);
 * ```
 */
export interface RecordedRequest {
  body: WireRequest;
  raw: string;
  headers: IncomingHttpHeaders;
}

/**
 * What a scripted turn answers: an assistant message, an HTTP error with an Anthropic-shaped
 * body, a body sent byte for byte (to break the protocol), or a transport fault. {@link reply}
 * builds each kind.
 *
 * @example
 * ```ts
 * const answers: ScriptedReply[] = [reply.text("hi"), reply.error(529, "overloaded_error", "Overloaded"), reply.fault("hang")];
 * ```
 */
export type ScriptedReply =
  | {
      content: WireBlock[];
      stop_reason?: string;
      output_tokens?: number;
      stream?: StreamScript;
      /** Input counts reported instead of the cache model's, field by field: to hand-count a cache hit rate. */
      usage?: { input_tokens?: number; cache_creation_input_tokens?: number; cache_read_input_tokens?: number };
    }
  | { status: number; error: { type: string; message: string }; headers?: Record<string, string> }
  | { raw: string; status: number; contentType: string }
  | { fault: TransportFault };

/**
 * How a streamed reply misbehaves: `pause` holds the stream after that many SSE events until the
 * promise settles (or forever, for a test that aborts); `error` sends an API error event after
 * that many events and ends the stream, as the API does when it overloads mid-reply.
 *
 * @example
 * ```ts
 * const turn: ScriptedTurn = () => ({ ...reply.text("a long answer"), stream: { error: { after: 3, type: "overloaded_error", message: "Overloaded" } } });
 * ```
 */
export interface StreamScript {
  pause?: { after: number; until: Promise<unknown> };
  error?: { after: number; type: string; message: string };
}

/**
 * One scripted model turn: a function of the request it answers. A turn that throws is
 * answered with a 500 `api_error` naming the error.
 *
 * @example
 * ```ts
 * // Search first, then call what the search found, then answer.
 * const turns: ScriptedTurn[] = [
 *   () => reply.toolUse({ name: "search_tools", input: { query: "post to slack" } }),
 *   () => reply.toolUse({ name: "slack__post_message", input: { channel: "#ops", text: "done" } }),
 *   (request) => reply.text(`done after ${lastToolResults(request).length} result(s)`),
 * ];
 * ```
 */
export type ScriptedTurn = (request: RecordedRequest) => ScriptedReply;

/**
 * Options of {@link startMessagesApiServer}.
 *
 * @example
 * ```ts
 * // Accept anything, to see what a client sends even when the real API would refuse it.
 * const server = await startMessagesApiServer(turns, { validate: false });
 * ```
 */
export interface MessagesApiServerOptions {
  /**
   * Reject, as the real API does, requests that break its documented rules: more than 4
   * cache breakpoints, cache_control on a deferred tool, every tool deferred, a
   * tool_reference anywhere in the history to a tool that is not a deferred tool of this
   * request (the tool search documentation: every referenced tool needs a definition in
   * `tools` with `defer_loading: true`, and references throughout the history are expanded
   * on every request), tool_use blocks without their tool_result; and `role: "system"` messages
   * and their tool changes as the mid-conversation system messages page says (see
   * `checkToolChanges`: block shapes, the beta header each kind needs, an addition by reference
   * naming a deferred tool, a removal naming a loaded tool, the models that take them). @defaultValue true
   */
  validate?: boolean;
  /** The prompt cache's clock and minimum cacheable length (see {@link UsageEntry}). */
  promptCache?: PromptCacheOptions;
}

/**
 * The usage of one answered request: what the reply reported (`input_tokens`,
 * `cache_creation_input_tokens`, `cache_read_input_tokens`, `cache_creation`), the tool
 * definitions the model saw (`toolTokens`), and which of `requests` it answered.
 *
 * @example
 * ```ts
 * const readShare = server.usage.map((entry) => entry.cache_read_input_tokens / (entry.input_tokens + entry.cache_creation_input_tokens + entry.cache_read_input_tokens));
 * ```
 */
export interface UsageEntry extends UsageRecord {
  /** The index in `requests` of the request it answered. */
  request: number;
  output_tokens: number;
}

/**
 * A running {@link startMessagesApiServer} server.
 *
 * @example
 * ```ts
 * const server = await startMessagesApiServer([() => reply.text("hi")]);
 * try {
 *   await new Anthropic({ apiKey: "test", baseURL: server.url }).messages.create({ model: "m", max_tokens: 10, messages: [{ role: "user", content: "hello" }] });
 *   expect(server.requests).toHaveLength(1);
 * } finally {
 *   await server.close();
 * }
 * ```
 */
export interface MessagesApiServer {
  /** The base URL to give the Anthropic client. */
  url: string;
  /** Every request received, in order (rejected ones included). */
  requests: RecordedRequest[];
  /** The usage of every request answered with a message, in order. */
  usage: UsageEntry[];
  /** Stops the server and drops open connections; closing again is a no-op. */
  close(): Promise<void>;
}

/**
 * A local stand-in for POST /v1/messages that plays scripted turns in order, so the real SDK can
 * be driven without a network or a key. It records every request. A request with
 * `stream: true` is answered with the reply as server-sent events, the way the API streams it
 * (text in several deltas, tool input as partial JSON), with the same final message and usage.
 * Usage comes from a model of prompt caching (see `promptCache`): the prefix up to each
 * `cache_control` breakpoint, or the last block under a top-level `cache_control` (tools, then
 * system, then messages; deferred tools left out until a reference or addition loads them), is
 * stored for its TTL when it reaches the model's minimum, and a later request reads the longest
 * live prefix found at a breakpoint or up to 20 blocks before it. Token counts are JSON
 * characters / 3.5, toolsift's own estimate. Every reply's usage is kept in `usage`.
 *
 * @example
 * ```ts
 * const server = await startMessagesApiServer([() => reply.text("hi")]);
 * const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
 * ```
 */
export async function startMessagesApiServer(
  turns: ScriptedTurn[],
  options: MessagesApiServerOptions = {},
): Promise<MessagesApiServer> {
  const validate = options.validate ?? true;
  const requests: RecordedRequest[] = [];
  const usage: UsageEntry[] = [];
  const cache = promptCache(options.promptCache);
  let answered = 0;
  let ids = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || !request.url?.startsWith("/v1/messages")) {
        return sendError(response, 404, "not_found_error", `No route for ${request.method} ${request.url}.`);
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: WireRequest;
      try {
        body = JSON.parse(raw) as WireRequest;
      } catch {
        return sendError(response, 400, "invalid_request_error", "The request body is not valid JSON.");
      }
      const recorded: RecordedRequest = { body, raw, headers: request.headers };
      requests.push(recorded);
      const problem = validate ? checkRequest(body) : undefined;
      if (problem) return sendError(response, 400, "invalid_request_error", problem);
      const changes = checkToolChanges(body, request.headers);
      if (validate && changes.problem) return sendError(response, 400, "invalid_request_error", changes.problem);
      const index = requests.length - 1;
      const turn = turns[answered++];
      if (!turn)
        return sendError(
          response,
          400,
          "invalid_request_error",
          `The script has ${turns.length} turns; request ${answered} has none.`,
        );
      let reply: ScriptedReply;
      try {
        reply = turn(recorded);
      } catch (error) {
        return sendError(
          response,
          500,
          "api_error",
          `The scripted turn threw: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if ("fault" in reply)
        return playFault(
          reply.fault,
          response,
          JSON.stringify(messageBody(body.model, [{ type: "text", text: "This reply is cut off half way." }])),
          "application/json",
        );
      if ("raw" in reply) {
        response.writeHead(reply.status, { "content-type": reply.contentType, "request-id": `req_raw_${answered}` });
        return response.end(reply.raw);
      }
      if ("error" in reply)
        return sendError(response, reply.status, reply.error.type, reply.error.message, reply.headers);
      const content = reply.content.map((block) =>
        block.type === "tool_use" && !block.id ? { ...block, id: `toolu_${++ids}` } : block,
      );
      const stopReason =
        reply.stop_reason ?? (content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn");
      const { toolTokens, model: _, ...modelled } = cache(body, changes.rendered);
      const reported = { ...modelled, ...reply.usage, output_tokens: reply.output_tokens ?? 10 };
      usage.push({ request: index, model: body.model, toolTokens, ...reported });
      const message = { ...messageBody(body.model, content, stopReason), id: `msg_${++ids}`, usage: reported };
      if (body.stream === true) return void streamMessage(response, message, reply.stream ?? {});
      send(response, 200, message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    usage,
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A hung reply keeps its connection open; close() would wait for it forever.
        server.closeAllConnections();
      })),
  };
}

/**
 * A well-formed assistant message: the envelope the real API answers with. Break one field of
 * it to test a malformed 200.
 *
 * @example
 * ```ts
 * const noUsage = { ...messageBody("claude-test", [{ type: "text", text: "hi" }]), usage: undefined };
 * const server = await startMessagesApiServer([() => reply.raw(noUsage)]);
 * ```
 */
export function messageBody(model: string, content: WireBlock[], stopReason = "end_turn"): Record<string, unknown> {
  return {
    id: "msg_0",
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
}

/** A message as the API streams it: its events in order, each as `event:` and `data:` lines. */
async function streamMessage(
  response: ServerResponse,
  message: Record<string, unknown>,
  script: StreamScript,
): Promise<void> {
  const content = message.content as WireBlock[];
  const usage = message.usage as Record<string, number>;
  const events: Record<string, unknown>[] = [
    {
      type: "message_start",
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    },
  ];
  content.forEach((block, index) => {
    if (block.type === "text") {
      events.push({ type: "content_block_start", index, content_block: { ...block, text: "" } });
      for (const piece of pieces(String(block.text), 6))
        events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text: piece } });
    } else if (block.type === "tool_use") {
      events.push({ type: "content_block_start", index, content_block: { ...block, input: {} } });
      for (const piece of pieces(JSON.stringify(block.input), 12))
        events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: piece } });
    } else {
      events.push({ type: "content_block_start", index, content_block: block });
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push({
    type: "message_delta",
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  events.push({ type: "message_stop" });

  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    "request-id": `req_stream_${Date.now()}`,
  });
  for (const [sent, event] of events.entries()) {
    if (script.error && sent === script.error.after) {
      const error = { type: "error", error: { type: script.error.type, message: script.error.message } };
      return void response.end(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
    }
    if (script.pause && sent === script.pause.after) await script.pause.until;
    if (response.destroyed) return;
    response.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
  }
  response.end();
}

/**
 * For a test file: a function that starts a {@link startMessagesApiServer} server, each closed
 * after the test that started it. Pass your test framework's `afterEach`.
 *
 * @example
 * ```ts
 * import { afterEach, it } from "vitest";
 * const serve = serverPerTest(afterEach);
 * it("answers", async () => {
 *   const server = await serve([() => reply.text("hi")]);
 *   const client = new Anthropic({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
 * });
 * ```
 */
export function serverPerTest(
  afterEach: AfterEachHook,
): (turns: ScriptedTurn[], options?: MessagesApiServerOptions) => Promise<MessagesApiServer> {
  return closedAfterEach(afterEach, startMessagesApiServer);
}

/**
 * Builders for scripted replies: `text`, `toolUse` (a tool_use block per call, ids given when
 * left out), `error` (an HTTP error with an Anthropic error body), `raw` (a body sent as it is)
 * and `fault` (a broken connection, see {@link TransportFault}).
 *
 * @example
 * ```ts
 * const server = await startMessagesApiServer([
 *   () => reply.toolUse({ name: "search_tools", input: { query: "weather" } }),
 *   () => reply.error(429, "rate_limit_error", "Slow down", { "retry-after-ms": "5" }),
 *   () => reply.raw("<html>a proxy's error page</html>", 502, "text/html"),
 * ]);
 * ```
 */
export const reply = {
  // No `citations` field: the API sends one only when the reply cites a document, and strict
  // clients (the AI SDK's Anthropic provider) refuse a null there.
  text: (text: string): ScriptedReply => ({ content: [{ type: "text", text }] }),
  toolUse: (...calls: { name: string; input: unknown; id?: string }[]): ScriptedReply => ({
    content: calls.map(({ name, input, id }) => ({ type: "tool_use", name, input, ...(id ? { id } : {}) })),
  }),
  error: (status: number, type: string, message: string, headers?: Record<string, string>): ScriptedReply => ({
    status,
    error: { type, message },
    ...(headers ? { headers } : {}),
  }),
  /** A body sent as it is: a string byte for byte, anything else as JSON. */
  raw: (body: unknown, status = 200, contentType = "application/json"): ScriptedReply => ({
    raw: typeof body === "string" ? body : JSON.stringify(body),
    status,
    contentType,
  }),
  fault: (fault: TransportFault): ScriptedReply => ({ fault }),
};

/**
 * The last `tool_result` blocks of a request (the answer to the previous turn's tool calls).
 *
 * @example
 * ```ts
 * const turn: ScriptedTurn = (request) => reply.text(lastToolResults(request).some((block) => block.is_error) ? "it failed" : "it worked");
 * ```
 */
export function lastToolResults(request: RecordedRequest): WireBlock[] {
  const last = request.body.messages.at(-1);
  if (!last || typeof last.content === "string") return [];
  return last.content.filter((block) => block.type === "tool_result");
}

/**
 * The `tool_use` blocks of the assistant message before the last message: the calls that the
 * request's tool results answer.
 *
 * @example
 * ```ts
 * const names = previousToolUses(server.requests[1]!).map((block) => block.name);
 * ```
 */
export function previousToolUses(request: RecordedRequest): WireBlock[] {
  const assistant = request.body.messages.at(-2);
  if (!assistant || typeof assistant.content === "string") return [];
  return assistant.content.filter((block) => block.type === "tool_use");
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "request-id": `req_${status}_${Date.now()}`,
    ...headers,
  });
  response.end(text);
}

function sendError(
  response: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers?: Record<string, string>,
): void {
  send(response, status, { type: "error", error: { type, message }, request_id: `req_${status}` }, headers);
}

/** The documented rules this server enforces, with the API's wording where it is known. */
function checkRequest(body: WireRequest): string | undefined {
  if (typeof body.model !== "string" || body.model === "") return "model: Field required";
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return "max_tokens: Field required";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages: at least one message is required";
  const tools = body.tools ?? [];
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) return `tools: Tool names must be unique. Found duplicate: ${tool.name}`;
    names.add(tool.name);
    if (tool.defer_loading === true && tool.cache_control) {
      return `Tool '${tool.name}' cannot have both defer_loading=true and cache_control set. Tools with defer_loading cannot use prompt caching.`;
    }
  }
  if (tools.length > 0 && tools.every((tool) => tool.defer_loading === true)) {
    return "All tools have defer_loading set. At least one tool must be non-deferred.";
  }
  const deferred = new Set(tools.filter((tool) => tool.defer_loading === true).map((tool) => tool.name));
  let breakpoints = tools.filter((tool) => tool.cache_control).length;
  if (Array.isArray(body.system)) breakpoints += body.system.filter((block) => block.cache_control).length;
  let pendingToolUses: string[] = [];
  for (const [index, message] of body.messages.entries()) {
    const blocks = typeof message.content === "string" ? [] : message.content;
    const results = new Set<string>();
    for (const block of blocks) {
      if (block.cache_control) {
        breakpoints++;
        if (block.type === "text" && block.text === "")
          return `messages.${index}: cache_control cannot be set for empty text blocks`;
        if (block.type === "thinking" || block.type === "redacted_thinking")
          return `messages.${index}: cache_control cannot be set on thinking blocks`;
      }
      if (block.type !== "tool_result") continue;
      results.add(String(block.tool_use_id));
      for (const inner of Array.isArray(block.content) ? (block.content as WireBlock[]) : []) {
        if (inner.cache_control) breakpoints++;
        if (inner.type === "tool_reference" && !deferred.has(String(inner.tool_name))) {
          return `Tool reference '${String(inner.tool_name)}' has no corresponding tool definition`;
        }
      }
    }
    const missing = pendingToolUses.filter((id) => !results.has(id));
    if (missing.length > 0) {
      return `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}`;
    }
    const unexpected = [...results].filter((id) => !pendingToolUses.includes(id));
    if (unexpected.length > 0)
      return `messages.${index}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${unexpected.join(", ")}`;
    pendingToolUses =
      message.role === "assistant"
        ? blocks.filter((block) => block.type === "tool_use").map((block) => String(block.id))
        : [];
  }
  if ((body as { cache_control?: unknown }).cache_control) breakpoints++;
  if (breakpoints > 4) return `A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints}.`;
  return undefined;
}
