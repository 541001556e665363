import type { StreamedPart } from "../model-provider.js";
import { readArguments } from "../openai-shared.js";
import { MAX_STREAMED_CHARACTERS, OversizedStreamError } from "../send-model-call.js";

/** A failure the stream itself reported (an `error` event, or `response.failed`), shaped as the SDK's errors are read. */
export class StreamedResponseError extends Error {
  override name = "StreamedResponseError";
  constructor(
    message: string,
    /** The error's code or type, e.g. `server_error`. */
    readonly type: string,
  ) {
    super(message);
  }
}

/**
 * Reads a streamed Responses API reply (its semantic events) into the response it ends with:
 * the `response` of `response.completed` (or `response.incomplete`), for the same check as any
 * reply. Text deltas (`response.output_text.delta`) go to `onPart` as they arrive, and each
 * function call when its item is done (`response.output_item.done`).
 *
 * @throws {@link StreamedResponseError} on an `error` event or `response.failed`;
 *   {@link OversizedStreamError} past {@link MAX_STREAMED_CHARACTERS}; whatever the stream throws.
 */
export async function readResponsesStream(
  stream: AsyncIterable<unknown>,
  onPart: (part: StreamedPart) => void,
): Promise<unknown> {
  let size = 0;
  for await (const event of stream) {
    if (typeof event !== "object" || event === null) continue;
    const read = event as {
      type?: unknown;
      delta?: unknown;
      item?: unknown;
      response?: unknown;
      message?: unknown;
      code?: unknown;
      error?: unknown;
    };
    if (read.type === "response.output_text.delta" && typeof read.delta === "string") {
      size += read.delta.length;
      onPart({ type: "text", text: read.delta });
    } else if (read.type === "response.function_call_arguments.delta" && typeof read.delta === "string") {
      size += read.delta.length;
    } else if (read.type === "response.output_item.done") {
      const item = (read.item ?? {}) as { type?: unknown; call_id?: unknown; name?: unknown; arguments?: unknown };
      const args = readArguments(item.arguments);
      if (
        item.type === "function_call" &&
        typeof item.call_id === "string" &&
        typeof item.name === "string" &&
        !("unreadable" in args)
      )
        onPart({ type: "tool-use", id: item.call_id, name: item.name, input: args.input });
    } else if (read.type === "response.completed" || read.type === "response.incomplete") {
      return read.response;
    } else if (read.type === "response.failed") {
      const error = ((read.response as { error?: unknown } | undefined)?.error ?? {}) as {
        code?: unknown;
        message?: unknown;
      };
      throw new StreamedResponseError(
        String(error.message ?? "the response failed"),
        String(error.code ?? "response_failed"),
      );
    } else if (read.type === "error") {
      // OpenAI's reference puts code and message on the event; some of its backends nest them
      // in an `error` object, as the Chat stream does.
      const nested = (typeof read.error === "object" && read.error !== null ? read.error : {}) as {
        code?: unknown;
        type?: unknown;
        message?: unknown;
      };
      throw new StreamedResponseError(
        String(read.message ?? nested.message ?? "the stream reported an error"),
        String(read.code ?? nested.code ?? nested.type ?? "error"),
      );
    }
    if (size > MAX_STREAMED_CHARACTERS) throw new OversizedStreamError();
  }
  throw new StreamedResponseError("the stream ended before response.completed", "incomplete_stream");
}
