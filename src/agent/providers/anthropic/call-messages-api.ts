import type { AbortSignalLike } from "../../../catalogue/index.js";
import type { MessagesClient, MessagesRequest } from "../../../wire/index.js";
import {
  answerOf,
  brokenReply,
  malformedReply,
  requestFailure,
  type ApiLabel,
  type TurnFailure,
} from "../model-call-failure.js";
import type { StreamedPart } from "../model-provider.js";
import { parseAssistantMessage, type AcceptedReply } from "./parse-assistant-message.js";
import { readStream } from "./read-stream.js";

/** How one model call is made: with the run's signal, and streamed when `onPart` is given. */
export interface CallModelOptions {
  signal?: AbortSignalLike | undefined;
  /** Stream the reply through `messages.stream()`, reporting each part as it arrives. */
  onPart?: ((part: StreamedPart) => void) | undefined;
}

export const MESSAGES_API: ApiLabel = { name: "The Messages API", client: "Anthropic", requestIdHeader: "request-id" };

/**
 * One Messages API call: sends the request through the client and checks its reply. Never
 * throws: a failure says at which stage it happened. With the Anthropic SDK, whether an HTTP
 * answer had arrived when the call failed is read from the SDK's raw response, so a reply that
 * broke while it was read (`response`) is told apart from a call that got no answer (`request`).
 */
export async function callMessagesApi(
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
    const answer = pending && (await answerOf(pending, MESSAGES_API));
    return {
      ok: false,
      failure: answer ? brokenReply(error, answer, turn, MESSAGES_API) : requestFailure(error, turn, MESSAGES_API),
    };
  }
  const parsed = parseAssistantMessage(body);
  if (parsed.ok) return parsed;
  const answer = pending && (await answerOf(pending, MESSAGES_API));
  return { ok: false, failure: malformedReply(MESSAGES_API, parsed.problem, turn, answer, parsed.apiErrorType) };
}
