import { errorText } from "../errors.js";
import type { AgentStage } from "./agent-error.js";
import type { AbortSignalLike } from "../catalogue/index.js";
import type { MessagesClient, MessagesRequest } from "../wire/index.js";
import { parseAssistantMessage, type AcceptedReply } from "./parse-assistant-message.js";
import { readStream, type StreamedPart } from "./read-stream.js";

/** Why a turn stopped, before the transcript is attached to it (see `AgentError`). */
export interface TurnFailure {
  code: string;
  stage: AgentStage;
  /** What happened and what to do, without the note about the transcript. */
  message: string;
  status?: number | undefined;
  apiErrorType?: string | undefined;
  requestId?: string | undefined;
  cause?: unknown;
}

/** The HTTP answer behind a model call, when the client exposes it (the SDK's `APIPromise.asResponse()`). */
interface Answer {
  status: number;
  requestId: string | undefined;
}

/** How one model call is made: with the run's signal, and streamed when `onPart` is given. */
export interface CallModelOptions {
  signal?: AbortSignalLike | undefined;
  /** Stream the reply through `messages.stream()`, reporting each part as it arrives. */
  onPart?: ((part: StreamedPart) => void) | undefined;
}

/**
 * One Messages API call: sends the request through the client and checks its reply. Never
 * throws: a failure says at which stage it happened. With the Anthropic SDK, whether an HTTP
 * answer had arrived when the call failed is read from the SDK's raw response, so a reply that
 * broke while it was read (`response`) is told apart from a call that got no answer (`request`).
 */
export async function callModel(
  client: MessagesClient,
  request: MessagesRequest,
  turn: number,
  options: CallModelOptions = {},
): Promise<AcceptedReply | { ok: false; failure: TurnFailure }> {
  let pending: PromiseLike<unknown> | undefined;
  let body: unknown;
  const callOptions = options.signal ? { signal: options.signal } : undefined;
  try {
    if (options.onPart) {
      body = await readStream(client.messages.stream!(request, callOptions), options.onPart);
    } else {
      pending = callOptions ? client.messages.create(request, callOptions) : client.messages.create(request);
      body = await pending;
    }
  } catch (error) {
    const answer = pending && (await answerOf(pending));
    return { ok: false, failure: answer ? brokenReply(error, answer, turn) : requestFailure(error, turn) };
  }
  const parsed = parseAssistantMessage(body);
  if (parsed.ok) return parsed;
  const answer = pending && (await answerOf(pending));
  return {
    ok: false,
    failure: {
      code: "malformed_response",
      stage: "response",
      message:
        `The Messages API answered ${answer ? answer.status : "with success"} on turn ${turn}, but the reply is not a message runAgent can use: ${parsed.problem}. ` +
        "Nothing of it was added to the transcript and none of its tool calls ran; check the client's baseURL (a proxy?) and run again to retry the turn.",
      status: answer?.status,
      apiErrorType: parsed.apiErrorType,
      requestId: answer?.requestId,
    },
  };
}

/** The status and request id of the HTTP answer, or `undefined` when none arrived or the client does not say. */
async function answerOf(pending: PromiseLike<unknown>): Promise<Answer | undefined> {
  const asResponse = (pending as { asResponse?: unknown }).asResponse;
  if (typeof asResponse !== "function") return undefined;
  try {
    // Settles with the response the SDK already has (or its error): no second request.
    const response: unknown = await asResponse.call(pending);
    const { status, headers } = response as { status?: unknown; headers?: { get?: (name: string) => string | null } };
    if (typeof status !== "number") return undefined;
    const requestId = typeof headers?.get === "function" ? (headers.get("request-id") ?? undefined) : undefined;
    return { status, requestId };
  } catch {
    return undefined;
  }
}

/** An HTTP answer arrived, but reading or decoding its body failed. */
function brokenReply(error: unknown, answer: Answer, turn: number): TurnFailure {
  const base = { stage: "response" as const, status: answer.status, requestId: answer.requestId, cause: error };
  if (error instanceof SyntaxError) {
    return {
      ...base,
      code: "malformed_response",
      message:
        `The Messages API answered ${answer.status} on turn ${turn}, but the body is not JSON (${error.message}). ` +
        "Nothing of it was added to the transcript and none of its tool calls ran; check the client's baseURL (a proxy?) and run again to retry the turn.",
    };
  }
  return {
    ...base,
    code: "connection_error",
    message:
      `The connection was cut off while the response was read on turn ${turn} (HTTP ${answer.status} had arrived): ${errorText(error)}. ` +
      "Nothing of the reply was kept and none of its tool calls ran; run again to retry the turn.",
  };
}

/** No usable answer arrived: the API's error status, the network, a timeout, or the client itself. */
function requestFailure(error: unknown, turn: number): TurnFailure {
  // Duck-typed so toolsift does not load the SDK: its APIError carries status and the error body.
  const api = (typeof error === "object" && error !== null ? error : {}) as {
    status?: unknown;
    type?: unknown;
    apiMessage?: unknown;
    requestID?: unknown;
    error?: unknown;
    name?: unknown;
  };
  const text = errorText(error);
  if (typeof api.status === "number") {
    const body = (api.error as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
    const type = typeof api.type === "string" ? api.type : typeof body?.type === "string" ? body.type : undefined;
    const detail =
      typeof api.apiMessage === "string" ? api.apiMessage : typeof body?.message === "string" ? body.message : text;
    return {
      code: "api_error",
      stage: "request",
      message: `The Messages API answered ${api.status}${type ? ` (${type})` : ""} on turn ${turn}: ${detail}. ${hintFor(api.status)}`,
      status: api.status,
      apiErrorType: type,
      requestId: typeof api.requestID === "string" ? api.requestID : undefined,
      cause: error,
    };
  }
  const name = typeof api.name === "string" ? api.name : "";
  // An error event in the middle of a stream: the API answered, then reported a failure.
  const streamed = (api.error as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  if (typeof api.type === "string" || typeof streamed?.type === "string") {
    const type = typeof api.type === "string" ? api.type : String(streamed?.type);
    const detail = typeof streamed?.message === "string" ? streamed.message : text;
    return {
      code: "api_error",
      stage: "response",
      message:
        `The Messages API reported ${type} in the middle of the streamed reply on turn ${turn}: ${detail}. ` +
        "Nothing of the partial reply was kept and none of its tool calls ran; run again to retry the turn.",
      apiErrorType: type,
      cause: error,
    };
  }
  if (error instanceof SyntaxError) {
    return {
      code: "malformed_response",
      stage: "response",
      message: `The reply on turn ${turn} is not JSON (${text}). Nothing of it was added to the transcript; run again to retry the turn.`,
      cause: error,
    };
  }
  if (name === "APIConnectionTimeoutError" || /timed? ?out/i.test(`${name} ${text}`)) {
    return {
      code: "timeout",
      stage: "request",
      message: `The Messages API did not answer within the client's timeout on turn ${turn} (${text}). Raise the client's timeout (a long reply takes a while), or run again.`,
      cause: error,
    };
  }
  if (name === "APIUserAbortError") {
    return {
      code: "aborted",
      stage: "request",
      message: `The model call on turn ${turn} was aborted: ${text}.`,
      cause: error,
    };
  }
  if (name === "APIConnectionError" || /connection|fetch failed|ECONN|socket|network/i.test(`${name} ${text}`)) {
    return {
      code: "connection_error",
      stage: "request",
      message: `The Messages API could not be reached on turn ${turn}: ${text}. Check the network and the client's baseURL.`,
      cause: error,
    };
  }
  return {
    code: "client_error",
    stage: "request",
    message: `The client refused the model call on turn ${turn} before any answer arrived: ${text}.`,
    cause: error,
  };
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
