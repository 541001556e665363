import type { StreamedPart } from "../model-provider.js";
import { readArguments } from "../openai-shared.js";
import { MAX_STREAMED_CHARACTERS, OversizedStreamError } from "../send-model-call.js";

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Reads a streamed Chat Completions reply (`chat.completion.chunk` objects) into the completion
 * the API would have sent without streaming, for the same check as any reply. Text deltas go to
 * `onPart` as they arrive, and each tool call once the reply is complete (a call's arguments
 * arrive in pieces and are whole only at its end). Tool calls are put together by their
 * `index`, as the API streams them; usage comes from the last chunk when the request asked for
 * it (`stream_options.include_usage`).
 *
 * @throws when the stream fails, or carries more than {@link MAX_STREAMED_CHARACTERS}.
 */
export async function readChatStream(stream: AsyncIterable<unknown>, onPart: (part: StreamedPart) => void) {
  let id = "";
  let model = "";
  let text = "";
  let refusal: string | undefined;
  let finish: unknown = null;
  let usage: unknown = null;
  let size = 0;
  const calls = new Map<number, PendingCall>();
  for await (const chunk of stream) {
    if (typeof chunk !== "object" || chunk === null) continue;
    const read = chunk as { id?: unknown; model?: unknown; choices?: unknown; usage?: unknown };
    if (typeof read.id === "string") id = read.id;
    if (typeof read.model === "string") model = read.model;
    if (read.usage != null) usage = read.usage;
    const choice = Array.isArray(read.choices) ? (read.choices[0] as Record<string, unknown> | undefined) : undefined;
    if (!choice) continue;
    if (choice.finish_reason != null) finish = choice.finish_reason;
    const delta = (choice.delta ?? {}) as { content?: unknown; refusal?: unknown; tool_calls?: unknown };
    if (typeof delta.content === "string" && delta.content !== "") {
      text += delta.content;
      size += delta.content.length;
      onPart({ type: "text", text: delta.content });
    }
    if (typeof delta.refusal === "string") refusal = (refusal ?? "") + delta.refusal;
    for (const piece of Array.isArray(delta.tool_calls) ? (delta.tool_calls as Record<string, unknown>[]) : []) {
      if (typeof piece?.index !== "number") continue;
      const fn = (piece.function ?? {}) as { name?: unknown; arguments?: unknown };
      let call = calls.get(piece.index);
      if (!call) calls.set(piece.index, (call = { id: "", name: "", arguments: "" }));
      if (typeof piece.id === "string") call.id = piece.id;
      if (typeof fn.name === "string") call.name += fn.name;
      if (typeof fn.arguments === "string") {
        call.arguments += fn.arguments;
        size += fn.arguments.length;
      }
    }
    if (size > MAX_STREAMED_CHARACTERS) throw new OversizedStreamError();
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, call]) => ({ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } }));
  for (const call of toolCalls) {
    const args = readArguments(call.function.arguments);
    if (!("unreadable" in args)) onPart({ type: "tool-use", id: call.id, name: call.function.name, input: args.input });
  }
  return {
    id,
    object: "chat.completion",
    model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text === "" && toolCalls.length > 0 ? null : text,
          ...(refusal === undefined ? {} : { refusal }),
          ...(toolCalls.length === 0 ? {} : { tool_calls: toolCalls }),
        },
        finish_reason: finish,
      },
    ],
    usage,
  };
}
