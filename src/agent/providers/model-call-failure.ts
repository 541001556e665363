import { errorText } from "../../errors.js";
import type { AgentStage } from "../turn-types.js";

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

/** How failures name the API they came from, so one classification serves every provider. */
export interface ApiLabel {
  /** The subject of a failure's sentence, e.g. "The Messages API". */
  name: string;
  /** Whose client's `maxRetries` a retry hint names, e.g. "Anthropic". */
  client: string;
  /** The response header that carries the API's request id. */
  requestIdHeader: string;
}

/** The HTTP answer behind a model call, when the client exposes it (the SDKs' `APIPromise.asResponse()`). */
export interface Answer {
  status: number;
  requestId: string | undefined;
}

/**
 * The error object of an SDK's APIError: Anthropic's SDK keeps the whole body (`{ type: "error",
 * error: { type, message } }`), OpenAI's keeps the body's `error` (`{ message, type, code }`).
 */
function errorBodyOf(value: unknown): ErrorBody | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const inner = (value as { error?: unknown }).error;
  if (typeof inner === "object" && inner !== null) return inner as ErrorBody;
  return value as ErrorBody;
}

interface ErrorBody {
  type?: unknown;
  code?: unknown;
  message?: unknown;
}

/**
 * The error types and codes an API reports without a status, in the middle of a stream, for what
 * would have been a 429, 529 or 5xx: Anthropic's rate limit, overload and internal error, and
 * OpenAI's server error, overload, unavailability and rate limit.
 */
const OUTAGE_ERROR_TYPES: ReadonlySet<string> = new Set([
  "rate_limit_error",
  "overloaded_error",
  "api_error",
  "server_error",
  "server_is_overloaded",
  "service_unavailable_error",
  "rate_limit_exceeded",
]);

/** Whether a failure is worth one more try on another provider: overload, rate limits and server errors. */
export function isProviderOutage(failure: TurnFailure): boolean {
  if (failure.code === "aborted") return false;
  const status = failure.status;
  if (status !== undefined) return status === 429 || status === 529 || status >= 500;
  if (failure.code === "connection_error" || failure.code === "timeout") return true;
  return (
    failure.stage === "response" && failure.apiErrorType !== undefined && OUTAGE_ERROR_TYPES.has(failure.apiErrorType)
  );
}

/** The status and request id of the HTTP answer, or `undefined` when none arrived or the client does not say. */
export async function answerOf(pending: PromiseLike<unknown>, api: ApiLabel): Promise<Answer | undefined> {
  const asResponse = (pending as { asResponse?: unknown }).asResponse;
  if (typeof asResponse !== "function") return undefined;
  try {
    // Settles with the response the SDK already has (or its error): no second request.
    const response: unknown = await asResponse.call(pending);
    const { status, headers } = response as { status?: unknown; headers?: { get?: (name: string) => string | null } };
    if (typeof status !== "number") return undefined;
    const requestId = typeof headers?.get === "function" ? (headers.get(api.requestIdHeader) ?? undefined) : undefined;
    return { status, requestId };
  } catch {
    return undefined;
  }
}

/** An HTTP answer arrived, but reading or decoding its body failed. */
export function brokenReply(error: unknown, answer: Answer, turn: number, label: ApiLabel): TurnFailure {
  const base = { stage: "response" as const, status: answer.status, requestId: answer.requestId, cause: error };
  if (error instanceof SyntaxError) {
    return {
      ...base,
      code: "malformed_response",
      message:
        `${label.name} answered ${answer.status} on turn ${turn}, but the body is not JSON (${error.message}). ` +
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
export function requestFailure(error: unknown, turn: number, label: ApiLabel): TurnFailure {
  // Duck-typed so toolsift does not load the SDK: its APIError carries status and the error body.
  const api = (typeof error === "object" && error !== null ? error : {}) as {
    status?: unknown;
    type?: unknown;
    code?: unknown;
    apiMessage?: unknown;
    requestID?: unknown;
    error?: unknown;
    name?: unknown;
  };
  const text = errorText(error);
  if (typeof api.status === "number") {
    const body = errorBodyOf(api.error);
    const type = typeof api.type === "string" ? api.type : typeof body?.type === "string" ? body.type : undefined;
    const detail =
      typeof api.apiMessage === "string" ? api.apiMessage : typeof body?.message === "string" ? body.message : text;
    return {
      code: "api_error",
      stage: "request",
      message: `${label.name} answered ${api.status}${type ? ` (${type})` : ""} on turn ${turn}: ${detail}. ${hintFor(api.status, label)}`,
      status: api.status,
      apiErrorType: type,
      requestId: typeof api.requestID === "string" ? api.requestID : undefined,
      cause: error,
    };
  }
  const name = typeof api.name === "string" ? api.name : "";
  // An error event in the middle of a stream: the API answered, then reported a failure.
  const streamed = errorBodyOf(api.error);
  const type = streamedErrorType(api, streamed);
  if (type !== undefined) {
    const detail = typeof streamed?.message === "string" ? streamed.message : text;
    return {
      code: "api_error",
      stage: "response",
      message:
        `${label.name} reported ${type} in the middle of the streamed reply on turn ${turn}: ${detail}. ` +
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
      message: `${label.name} did not answer within the client's timeout on turn ${turn} (${text}). Raise the client's timeout (a long reply takes a while), or run again.`,
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
      message: `${label.name} could not be reached on turn ${turn}: ${text}. Check the network and the client's baseURL.`,
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

/**
 * What a mid-stream failure says went wrong: its type, or its code where the type only says
 * "error" (openai 7 throws a Responses `error` event as it came, `{ type: "error", code }`).
 */
function streamedErrorType(api: ErrorBody, streamed: ErrorBody | undefined): string | undefined {
  const named = [api.type, streamed?.type].find((type): type is string => typeof type === "string");
  if (named === undefined) return undefined;
  if (named !== "error") return named;
  const code = [api.code, streamed?.code].find((value): value is string => typeof value === "string" && value !== "");
  return code ?? named;
}

function hintFor(status: number, label: ApiLabel): string {
  if (status === 400) return "The request was rejected as invalid; the message says which field.";
  if (status === 401 || status === 403) return "Check the API key and its permissions.";
  if (status === 404) return "Check the model name.";
  if (status === 413) return "The request is too large: fewer or shorter messages or tools.";
  if (status === 429 || status === 529 || status >= 500) {
    return `The API is rate-limiting or overloaded and the client's own retries (its maxRetries) were used up; try again later, raise maxRetries on the ${label.client} client, or give runAgent a fallback.`;
  }
  return "";
}

/** A success status whose body is not a reply runAgent can use. */
export function malformedReply(
  label: ApiLabel,
  problem: string,
  turn: number,
  answer: Answer | undefined,
  apiErrorType?: string,
): TurnFailure {
  return {
    code: "malformed_response",
    stage: "response",
    message:
      `${label.name} answered ${answer ? answer.status : "with success"} on turn ${turn}, but the reply is not one runAgent can use: ${problem}. ` +
      "Nothing of it was added to the transcript and none of its tool calls ran; check the client's baseURL (a proxy?) and run again to retry the turn.",
    status: answer?.status,
    apiErrorType,
    requestId: answer?.requestId,
  };
}
