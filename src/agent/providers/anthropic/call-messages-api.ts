import type { AbortSignalLike } from "../../../catalogue/index.js";
import type { MessagesClient, MessagesRequest } from "../../../wire/index.js";
import type { ApiLabel, TurnFailure } from "../model-call-failure.js";
import { sendModelCall, type ModelSend } from "../send-model-call.js";
import type { StreamedPart } from "../model-provider.js";
import { parseAssistantMessage, type AcceptedReply } from "./parse-assistant-message.js";
import { readStream } from "./read-stream.js";

/** How one model call is made: with the run's signal, and streamed when `onPart` is given. */
export interface CallModelOptions {
  signal?: AbortSignalLike | undefined;
  /** Stream the reply through `messages.stream()`, reporting each part as it arrives. */
  onPart?: ((part: StreamedPart) => void) | undefined;
  /** Headers of this call (the `anthropic-beta` its tool changes need). */
  headers?: Record<string, string> | undefined;
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
  // The SDK's request options take headers beside the signal; MessagesClient names only the signal.
  const callOptions =
    options.signal || options.headers
      ? {
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.headers ? { headers: options.headers } : {}),
        }
      : undefined;
  const { onPart } = options;
  const send: ModelSend = onPart
    ? { stream: () => readStream(client.messages.stream!(request, callOptions), onPart) }
    : { create: () => (callOptions ? client.messages.create(request, callOptions) : client.messages.create(request)) };
  return sendModelCall(MESSAGES_API, turn, send, parseAssistantMessage);
}
