// Chat Completions' wire shapes for a scripted reply: the `chat.completion` object, and the `chat.completion.chunk`s that stream it.
import { pieces } from "./transport-fault.js";
import type { RenderedTurn, Usage } from "./openai-script.js";

const CREATED = 1_700_000_000;

/** `usage` as Chat Completions names it: the prompt counts the cached tokens among its own. */
export function chatUsage(usage: Usage) {
  return {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
    prompt_tokens_details: { cached_tokens: usage.cached },
    completion_tokens_details: { reasoning_tokens: 0 },
  };
}

export function chatCompletion({ model, id, text, calls, usage }: RenderedTurn) {
  return {
    id: `chatcmpl-${id}`,
    object: "chat.completion",
    created: CREATED,
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
    usage: chatUsage(usage),
  };
}

/**
 * The chunks that stream `completion`, as OpenAI sends them: the role first, the text in
 * several `delta.content` pieces, each tool call's id, type and name (`delta.tool_calls[{ index,
 * id, type, function }]`) then its arguments in several pieces, a chunk with the
 * `finish_reason`, and, when the request asked for `stream_options.include_usage`, `usage: null`
 * on all of them and a last chunk with empty `choices` and the usage.
 */
export function chatChunks(completion: ReturnType<typeof chatCompletion>, includeUsage: boolean): unknown[] {
  const { choices, usage, object: _object, ...envelope } = completion;
  const [choice] = choices;
  const message = choice!.message;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    ...envelope,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: unknown[] = [
    chunk({ role: "assistant", content: message.content === null ? null : "", refusal: null }),
  ];
  if (message.content !== null) for (const piece of pieces(message.content, 6)) chunks.push(chunk({ content: piece }));
  for (const [index, call] of (message.tool_calls ?? []).entries()) {
    chunks.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }],
      }),
    );
    for (const piece of pieces(call.function.arguments, 12))
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  }
  chunks.push(chunk({}, choice!.finish_reason));
  if (includeUsage) chunks.push({ ...envelope, object: "chat.completion.chunk", choices: [], usage });
  return chunks;
}

/** The `data:` line OpenAI ends a Chat Completions stream with when it fails mid-reply. */
export function chatStreamError(error: { message: string; type?: string; code?: string }): unknown {
  return {
    error: { message: error.message, type: error.type ?? "server_error", param: null, code: error.code ?? null },
  };
}
