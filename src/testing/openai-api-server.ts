// The local OpenAI server: routing, the script's turns and their replies; wire shapes, rules and streaming live beside it.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { chatChunks, chatCompletion, chatStreamError } from "./openai-chat-wire.js";
import { promptCache, promptOf } from "./openai-prompt-cache.js";
import { checkChatRequest, checkResponsesRequest, emptySurface } from "./openai-request-rules.js";
import { responseEvents, responseObject, responsesStreamError } from "./openai-responses-wire.js";
import { checkScriptedCalls, toolSearchItems } from "./openai-scripted-tool-search.js";
import type {
  Call,
  OpenAIApiServerOptions,
  OpenAIEndpoint,
  OpenAIReply,
  OpenAIStreamScript,
  RecordedOpenAIRequest,
  RenderedTurn,
  ScriptedOpenAITurn,
  Usage,
} from "./openai-script.js";
import { dataFrame, eventFrame, playStream } from "./openai-stream.js";
import { closedAfterEach, type AfterEachHook } from "./per-test.js";
import { playFault } from "./transport-fault.js";

export type {
  OpenAIApiServerOptions,
  OpenAIEndpoint,
  OpenAIReply,
  OpenAIScriptedUsage,
  OpenAIStreamScript,
  RecordedOpenAIRequest,
  ScriptedCall,
  ScriptedOpenAITurn,
  ScriptedToolSearch,
} from "./openai-script.js";

/**
 * A running {@link startOpenAIApiServer} server.
 *
 * @example
 * ```ts
 * const server = await startOpenAIApiServer([() => ({ text: "hi" })]);
 * try {
 *   await new OpenAI({ apiKey: "test", baseURL: server.url }).responses.create({ model: "m", input: "hello" });
 *   expect(server.requests[0]?.endpoint).toBe("responses");
 * } finally {
 *   await server.close();
 * }
 * ```
 */
export interface OpenAIApiServer {
  /** The base URL to give the OpenAI client (it ends in /v1). */
  url: string;
  requests: RecordedOpenAIRequest[];
  close(): Promise<void>;
}

/** The usage a reply reports: what the turn scripts, else what the prompt cache counted, else 10 in and 10 out. */
function usageOf(counted: { input: number; cached: number } | undefined, scripted: Partial<Usage>): Usage {
  return {
    input: scripted.input ?? counted?.input ?? 10,
    cached: scripted.cached ?? counted?.cached ?? 0,
    output: scripted.output ?? 10,
  };
}

/** A reply's scripted calls as the wire renders them, each with an id (`call_<n>` when the script gives none). */
function callsOf(reply: Extract<OpenAIReply, { calls?: unknown }>, nextId: () => number): Call[] {
  return (reply.calls ?? []).map((call) => ({
    id: call.id ?? `call_${nextId()}`,
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
    ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
  }));
}

/**
 * A local stand-in for OpenAI's POST /v1/chat/completions and POST /v1/responses, playing
 * scripted turns in order so the real `openai` SDK can be driven without a network or a key.
 * A request with `stream: true` is answered as server-sent events the way OpenAI streams them
 * (Chat: `chat.completion.chunk`s then `data: [DONE]`; Responses: typed events with a
 * `sequence_number`, ending in `response.completed`), with the same final result. Like the real
 * API, it rejects requests that break the rules a tool-calling client can break: bad tool
 * names or schemas, a strict tool whose schema strict mode cannot take (the Responses API
 * makes a tool strict unless it says `strict: false`), tool calls left without an answer,
 * answers to calls that were never made, and non-text parts in a Chat Completions tool
 * message. On /responses it also enforces tool search (`openai-tool-search-rules.ts`):
 * namespaces well formed, every `tool_search_output` matched to its `tool_search_call`, and no
 * call to a deferred function (in the input, or from the script) before a `tool_search_output`
 * loaded it. Usage is 10 tokens in, 10 out, unless the turn scripts it or
 * {@link OpenAIApiServerOptions.promptCache} simulates caching.
 *
 * @example
 * ```ts
 * const server = await startOpenAIApiServer([() => ({ text: "hi" })]);
 * const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
 * ```
 */
export async function startOpenAIApiServer(
  turns: ScriptedOpenAITurn[],
  options: OpenAIApiServerOptions = {},
): Promise<OpenAIApiServer> {
  const requests: RecordedOpenAIRequest[] = [];
  const cache = options.promptCache ? promptCache() : undefined;
  let answered = 0;
  let callIds = 0;
  let replyIds = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const endpoint: OpenAIEndpoint | undefined =
        request.url === "/v1/chat/completions" ? "chat" : request.url === "/v1/responses" ? "responses" : undefined;
      if (request.method !== "POST" || !endpoint)
        return sendError(response, 404, `No route for ${request.method} ${request.url}.`, "invalid_request_error");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return sendError(response, 400, "We could not parse the JSON body of your request.", "invalid_request_error");
      }
      const recorded: RecordedOpenAIRequest = { endpoint, body, raw, headers: request.headers };
      requests.push(recorded);
      const checked = endpoint === "chat" ? checkChatRequest(body) : checkResponsesRequest(body);
      if (typeof checked === "string") return sendError(response, 400, checked, "invalid_request_error");
      const turn = turns[answered++];
      if (!turn)
        return sendError(
          response,
          400,
          `The script has ${turns.length} turns; request ${answered} has none.`,
          "invalid_request_error",
        );
      let reply: OpenAIReply;
      try {
        reply = turn(recorded);
      } catch (error) {
        // A failing script is the test's to see, as an answer; thrown here it would bring the server down.
        return sendError(
          response,
          500,
          `The scripted turn threw: ${error instanceof Error ? error.message : String(error)}`,
          "server_error",
        );
      }
      if ("error" in reply)
        return sendError(
          response,
          reply.status,
          reply.error.message,
          reply.error.type,
          reply.error.code,
          reply.headers,
        );
      const model = String(body.model);
      // Every request reaches the cache, a fault's too: the real API has read the prompt before the connection breaks.
      const usage = usageOf(cache?.(model, promptOf(endpoint, body)), "fault" in reply ? {} : (reply.usage ?? {}));
      const turnOf = (text: string | undefined, calls: Call[], searches: unknown[] = []): RenderedTurn => ({
        model,
        id: ++replyIds,
        text,
        calls,
        searches,
        usage,
      });
      if ("fault" in reply) {
        const whole = render(endpoint, turnOf("This reply is cut off half way.", []), body);
        return playFault(reply.fault, response, whole.text, whole.contentType);
      }
      const calls = callsOf(reply, () => ++callIds);
      const script = reply.stream ?? {};
      if (endpoint === "chat") {
        if (reply.toolSearches) return sendError(response, 500, "Chat Completions has no tool search.", "server_error");
        return play(response, render(endpoint, turnOf(reply.text, calls), body), script);
      }
      const searched = toolSearchItems(reply.toolSearches ?? [], checked ?? emptySurface(), () => ++callIds);
      if (typeof searched === "string") return sendError(response, 500, searched, "server_error");
      const refused = checkScriptedCalls(calls, checked ?? emptySurface(), searched.revealed);
      if (refused) return sendError(response, 400, refused, "invalid_request_error");
      play(response, render(endpoint, turnOf(reply.text, calls, searched.items), body), script);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A hung or paused reply keeps its connection open; close() would wait for it forever.
        server.closeAllConnections();
      })),
  };
}

/**
 * For a test file: a function that starts a {@link startOpenAIApiServer} server, each closed
 * after the test that started it. Pass your test framework's `afterEach`.
 *
 * @example
 * ```ts
 * import { afterEach, it } from "vitest";
 * const serve = openAIServerPerTest(afterEach);
 * it("answers", async () => {
 *   const server = await serve([() => ({ text: "hi" })], { promptCache: true });
 *   const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
 * });
 * ```
 */
export function openAIServerPerTest(
  afterEach: AfterEachHook,
): (turns: ScriptedOpenAITurn[], options?: OpenAIApiServerOptions) => Promise<OpenAIApiServer> {
  return closedAfterEach(afterEach, startOpenAIApiServer);
}

/** A reply ready to send: whole as JSON, or as the frames of a stream (with its end and its mid-stream error). */
interface Rendered {
  text: string;
  contentType: string;
  frames?: string[];
  end?: string;
  errorFrame?: (sent: number, error: NonNullable<OpenAIStreamScript["error"]>) => string;
}

/** The turn in the endpoint's shape, streamed when the request asks. */
function render(endpoint: OpenAIEndpoint, turn: RenderedTurn, body: Record<string, unknown>): Rendered {
  const whole = endpoint === "chat" ? chatCompletion(turn) : responseObject(turn);
  if (body.stream !== true) return { text: JSON.stringify(whole), contentType: "application/json" };
  let frames: string[];
  let end = "";
  let errorFrame: NonNullable<Rendered["errorFrame"]>;
  if (endpoint === "chat") {
    const options = body.stream_options as { include_usage?: unknown } | null | undefined;
    frames = chatChunks(whole as ReturnType<typeof chatCompletion>, options?.include_usage === true).map(dataFrame);
    end = "data: [DONE]\n\n";
    errorFrame = (_sent, error) => dataFrame(chatStreamError(error));
  } else {
    const response = whole as ReturnType<typeof responseObject>;
    frames = responseEvents(response).map(eventFrame);
    errorFrame = (sent, error) => eventFrame(responsesStreamError(response, error, sent));
  }
  return { text: frames.join("") + end, contentType: "text/event-stream", frames, end, errorFrame };
}

function play(response: ServerResponse, rendered: Rendered, script: OpenAIStreamScript): void {
  const { frames, errorFrame } = rendered;
  if (!frames || !errorFrame) {
    response.writeHead(200, { "content-type": rendered.contentType, "x-request-id": `req_${Date.now()}` });
    return void response.end(rendered.text);
  }
  void playStream(response, frames, rendered.end ?? "", script, (sent) => errorFrame(sent, script.error!));
}

function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  type: string,
  code?: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify({ error: { message, type, param: null, code: code ?? null } }));
}
