// Over 300 lines: one local stand-in for two APIs (Chat Completions and Responses), each endpoint's wire shapes beside its scripting.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { checkToolSearchItems, keyOf, readResponsesTools, type ToolSearchSurface } from "./openai-tool-search-rules.js";
import { closedAfterEach, type AfterEachHook } from "./per-test.js";

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
 * What a scripted turn answers: an assistant turn (text, function calls or both), rendered in
 * the endpoint's own shape, or an HTTP error with an OpenAI-shaped body.
 *
 * @example
 * ```ts
 * const answers: OpenAIReply[] = [
 *   { calls: [{ name: "search_tools", arguments: { query: "weather" } }] },
 *   { status: 429, error: { message: "Slow down", type: "rate_limit_error" }, headers: { "retry-after-ms": "50" } },
 * ];
 * ```
 */
export type OpenAIReply =
  | { text?: string; calls?: ScriptedCall[]; toolSearches?: ScriptedToolSearch[] }
  | { status: number; error: { message: string; type: string; code?: string }; headers?: Record<string, string> };

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

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A local stand-in for OpenAI's POST /v1/chat/completions and POST /v1/responses
 * (non-streaming), playing scripted turns in order so the real `openai` SDK can be driven
 * without a network or a key. Like the real API, it rejects requests that break the rules a
 * tool-calling client can break: bad tool names or schemas, a strict tool whose schema strict
 * mode cannot take (the Responses API makes a tool strict unless it says `strict: false`),
 * tool calls left without an answer, answers to calls that were never made, and non-text
 * parts in a Chat Completions tool message. On /responses it also enforces tool search
 * (`openai-tool-search-rules.ts`): namespaces well formed, every `tool_search_output` matched to
 * its `tool_search_call`, and no call to a deferred function (in the input, or from the script)
 * before a `tool_search_output` loaded it.
 *
 * @example
 * ```ts
 * const server = await startOpenAIApiServer([() => ({ text: "hi" })]);
 * const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
 * ```
 */
export async function startOpenAIApiServer(turns: ScriptedOpenAITurn[]): Promise<OpenAIApiServer> {
  const requests: RecordedOpenAIRequest[] = [];
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
      const calls: Call[] = (reply.calls ?? []).map((call) => ({
        id: call.id ?? `call_${++callIds}`,
        name: call.name,
        arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
        ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
      }));
      const model = String(body.model);
      if (endpoint === "chat") {
        if (reply.toolSearches) return sendError(response, 500, "Chat Completions has no tool search.", "server_error");
        return send(response, chatCompletion(model, reply.text, calls, ++replyIds));
      }
      const searched = toolSearchItems(reply.toolSearches ?? [], checked ?? emptySurface(), () => ++callIds);
      if (typeof searched === "string") return sendError(response, 500, searched, "server_error");
      const refused = checkScriptedCalls(calls, checked ?? emptySurface(), searched.revealed);
      if (refused) return sendError(response, 400, refused, "invalid_request_error");
      send(response, responseObject(model, reply.text, calls, ++replyIds, searched.items));
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
 *   const server = await serve([() => ({ text: "hi" })]);
 *   const client = new OpenAI({ apiKey: "test", baseURL: server.url, maxRetries: 0 });
 * });
 * ```
 */
export function openAIServerPerTest(
  afterEach: AfterEachHook,
): (turns: ScriptedOpenAITurn[]) => Promise<OpenAIApiServer> {
  return closedAfterEach(afterEach, startOpenAIApiServer);
}

interface Call {
  id: string;
  name: string;
  arguments: string;
  namespace?: string;
}

/** What a request's tools and input make callable, with the keys its tool search outputs loaded. */
type CheckedResponses = ToolSearchSurface & { revealed: Set<string> };

function emptySurface(): CheckedResponses {
  return {
    loaded: new Set(),
    deferred: new Set(),
    namespaceOf: new Map(),
    search: undefined,
    definitions: new Map(),
    revealed: new Set(),
  };
}

/** The items of the script's tool searches, and what a hosted search among them loaded; a string for a script the request cannot take. */
function toolSearchItems(
  searches: readonly ScriptedToolSearch[],
  checked: CheckedResponses,
  nextId: () => number,
): { items: unknown[]; revealed: Set<string> } | string {
  const items: unknown[] = [];
  const revealed = new Set(checked.revealed);
  for (const search of searches) {
    if (checked.search === undefined) return "The script searches tools, but the request has no tool_search tool.";
    const id = nextId();
    if (checked.search === "client") {
      const callId = search.id ?? `call_${id}`;
      items.push({
        type: "tool_search_call",
        id: `tsc_${id}`,
        call_id: callId,
        execution: "client",
        status: "completed",
        arguments: search.arguments,
      });
      continue;
    }
    const loaded: unknown[] = [];
    for (const wanted of search.load ?? []) {
      const key = wanted.includes("/")
        ? wanted
        : [...checked.definitions.keys()].find((known) => known.endsWith(`/${wanted}`));
      const definition = key === undefined ? undefined : checked.definitions.get(key);
      if (!key || !definition)
        return `The script's hosted search loads '${wanted}', which is no deferred tool of the request.`;
      revealed.add(key);
      loaded.push(definition.namespace ? { ...definition.namespace, tools: [definition.tool] } : definition.tool);
    }
    items.push(
      {
        type: "tool_search_call",
        id: `tsc_${id}`,
        call_id: null,
        execution: "server",
        status: "completed",
        arguments: search.arguments,
      },
      {
        type: "tool_search_output",
        id: `tso_${id}`,
        call_id: null,
        execution: "server",
        status: "completed",
        tools: loaded,
      },
    );
  }
  return { items, revealed };
}

/**
 * Fills in each scripted call's namespace and refuses a call to a deferred function no tool
 * search output has loaded: the real model cannot see such a function, so a script that calls
 * one stands for a client that did not load it. Names the request does not define pass as before.
 */
function checkScriptedCalls(calls: Call[], checked: CheckedResponses, revealed: Set<string>): string | undefined {
  for (const call of calls) {
    if (call.namespace === undefined && !checked.loaded.has(keyOf(undefined, call.name))) {
      const namespaces = checked.namespaceOf.get(call.name) ?? [];
      if (namespaces.length === 1) call.namespace = namespaces[0];
    }
    const key = keyOf(call.namespace, call.name);
    if (checked.deferred.has(key) && !revealed.has(key))
      return `The model cannot call '${call.name}': it is deferred ('defer_loading: true') and no tool_search_output in the input has loaded it.`;
  }
  return undefined;
}

function chatCompletion(model: string, text: string | undefined, calls: Call[], id: number) {
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text ?? null,
          refusal: null,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call) => ({
                  id: call.id,
                  type: "function",
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        },
        finish_reason: calls.length > 0 ? "tool_calls" : "stop",
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function responseObject(model: string, text: string | undefined, calls: Call[], id: number, searches: unknown[] = []) {
  const output: unknown[] = [...searches];
  if (text !== undefined) {
    output.push({
      type: "message",
      id: `msg_${id}`,
      status: "completed",
      role: "assistant",
      content: [{ type: "output_text", text, annotations: [] }],
    });
  }
  for (const call of calls)
    output.push({
      type: "function_call",
      id: `fc_${call.id}`,
      call_id: call.id,
      name: call.name,
      ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
      arguments: call.arguments,
      status: "completed",
    });
  return {
    id: `resp_${id}`,
    object: "response",
    created_at: 1_700_000_000,
    status: "completed",
    model,
    output,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: {
      input_tokens: 10,
      output_tokens: 10,
      total_tokens: 20,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    },
  };
}

function send(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { "content-type": "application/json", "x-request-id": `req_${Date.now()}` });
  response.end(JSON.stringify(body));
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

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function checkFunction(
  name: unknown,
  description: unknown,
  parameters: unknown,
  strict: boolean,
  at: string,
): string | undefined {
  if (typeof name !== "string" || !TOOL_NAME.test(name))
    return `Invalid '${at}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
  if (typeof description === "string" && description.length > 1024) {
    return `Invalid '${at}.description': string too long. Expected a string with maximum length 1024, but got a string with length ${description.length} instead.`;
  }
  if (!isObject(parameters) || parameters.type !== "object")
    return `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${isObject(parameters) ? String(parameters.type) : "None"}'.`;
  if (strict) {
    const problem = strictProblem(parameters, "()");
    if (problem) return `Invalid schema for function '${name}': In context=${problem}`;
  }
  return undefined;
}

/** The first rule of strict mode a schema breaks: every object closed, every property required. */
function strictProblem(schema: Json, context: string): string | undefined {
  if (schema.type === "object") {
    if (schema.additionalProperties !== false)
      return `${context}, 'additionalProperties' is required to be supplied and to be false.`;
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties).find((key) => !required.includes(key));
    if (missing !== undefined)
      return `${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    for (const [key, value] of Object.entries(properties)) {
      const problem = isObject(value) ? strictProblem(value, `('properties', '${key}')`) : undefined;
      if (problem) return problem;
    }
  }
  return undefined;
}

function checkTools(
  tools: unknown,
  read: (tool: Json) => { name: unknown; description: unknown; parameters: unknown; strict: boolean; at: string },
  at: string,
): string | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return `Invalid type for '${at}': expected an array.`;
  const names = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    if (!isObject(tool) || tool.type !== "function") return `Invalid value for '${at}[${index}].type'.`;
    const { name, description, parameters, strict, at: field } = read(tool);
    const problem = checkFunction(name, description, parameters, strict, `${at}[${index}]${field}`);
    if (problem) return problem;
    if (names.has(String(name))) return `Duplicate tool name: '${String(name)}'.`;
    names.add(String(name));
  }
  return undefined;
}

function checkChatRequest(body: Json): string | undefined {
  if (typeof body.model !== "string" || body.model === "") return "you must provide a model parameter";
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    return "Invalid 'messages': empty array. Expected an array with minimum length 1.";
  const tools = checkTools(
    body.tools,
    (tool) => {
      const fn = isObject(tool.function) ? tool.function : {};
      return {
        name: fn.name,
        description: fn.description,
        parameters: fn.parameters,
        strict: fn.strict === true,
        at: ".function",
      };
    },
    "tools",
  );
  if (tools) return tools;
  let pending: string[] = [];
  for (const [index, message] of messages.entries()) {
    if (!isObject(message)) return `Invalid type for 'messages[${index}]': expected an object.`;
    if (message.role === "tool") {
      const id = String(message.tool_call_id);
      if (!pending.includes(id))
        return "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.";
      pending = pending.filter((open) => open !== id);
      if (Array.isArray(message.content) && message.content.some((part) => !isObject(part) || part.type !== "text")) {
        return `Invalid value for 'messages[${index}].content': a tool message takes only text parts.`;
      }
      continue;
    }
    if (pending.length > 0) {
      return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${pending.join(", ")}`;
    }
    if (message.role === "assistant" && Array.isArray(message.tool_calls))
      pending = message.tool_calls.map((call) => String((call as Json).id));
  }
  if (pending.length > 0) {
    return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${pending.join(", ")}`;
  }
  return undefined;
}

function checkResponsesRequest(body: Json): CheckedResponses | string {
  if (typeof body.model !== "string" || body.model === "") return "Missing required parameter: 'model'.";
  // The Responses API makes a function tool strict unless it says otherwise.
  const surface = readResponsesTools(body.tools, (tool, at) =>
    checkFunction(tool.name, tool.description, tool.parameters, tool.strict !== false, at),
  );
  if (typeof surface === "string") return surface;
  if (typeof body.input === "string") return { ...surface, revealed: new Set() };
  if (!Array.isArray(body.input)) return "Invalid type for 'input': expected a string or an array of input items.";
  const calls = new Set<string>();
  const answered = new Set<string>();
  for (const item of body.input) {
    if (!isObject(item)) return "Invalid type for 'input[]': expected an object.";
    if (item.type === "function_call") calls.add(String(item.call_id));
    if (item.type === "function_call_output") {
      if (!calls.has(String(item.call_id)))
        return `No tool call found for function call output with call_id ${String(item.call_id)}.`;
      answered.add(String(item.call_id));
    }
  }
  const open = [...calls].find((id) => !answered.has(id));
  if (open !== undefined) return `No tool output found for function call ${open}.`;
  const revealed = checkToolSearchItems(body.input, surface, (tool, at) =>
    checkFunction(tool.name, tool.description, tool.parameters, tool.strict !== false, at),
  );
  return typeof revealed === "string" ? revealed : { ...surface, revealed };
}
