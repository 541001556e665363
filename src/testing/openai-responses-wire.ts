// The Responses API's wire shapes for a scripted reply: the `response` object, and the semantic events that stream it.
import { pieces } from "./transport-fault.js";
import type { RenderedTurn, Usage } from "./openai-script.js";

type Json = Record<string, unknown>;

/** `usage` as the Responses API names it: the input counts the cached tokens among its own. */
export function responsesUsage(usage: Usage) {
  return {
    input_tokens: usage.input,
    output_tokens: usage.output,
    total_tokens: usage.input + usage.output,
    input_tokens_details: { cached_tokens: usage.cached },
    output_tokens_details: { reasoning_tokens: 0 },
  };
}

export function responseObject({ model, id, text, calls, searches, usage }: RenderedTurn) {
  const output: Json[] = [...(searches as Json[])];
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
    error: null,
    incomplete_details: null,
    model,
    output,
    parallel_tool_calls: true,
    tool_choice: "auto",
    tools: [],
    usage: responsesUsage(usage),
  };
}

type ResponseObject = ReturnType<typeof responseObject>;

/**
 * The events that stream `response`, in the documented order, each with its `type` and
 * `sequence_number`: `response.created` and `response.in_progress` (an empty output), then for
 * each output item `response.output_item.added`, its content (a message's
 * `response.content_part.added`, `response.output_text.delta` pieces, `response.output_text.done`
 * and `response.content_part.done`; a function call's `response.function_call_arguments.delta`
 * pieces and `.done`; a tool search item has none) and `response.output_item.done`; last
 * `response.completed` with the whole response and its usage.
 */
export function responseEvents(response: ResponseObject): Json[] {
  const started = { ...response, status: "in_progress", output: [], usage: null };
  const events: Json[] = [
    { type: "response.created", response: started },
    { type: "response.in_progress", response: started },
  ];
  for (const [output_index, item] of response.output.entries()) {
    const item_id = item.id;
    if (item.type === "message") {
      const part = (item.content as Json[])[0]!;
      const text = String(part.text);
      // One push per event: spreading the deltas into a single push() call puts each on the stack.
      events.push(
        { type: "response.output_item.added", output_index, item: { ...item, status: "in_progress", content: [] } },
        { type: "response.content_part.added", item_id, output_index, content_index: 0, part: { ...part, text: "" } },
      );
      for (const delta of pieces(text, 6))
        events.push({
          type: "response.output_text.delta",
          item_id,
          output_index,
          content_index: 0,
          delta,
          logprobs: [],
        });
      events.push(
        { type: "response.output_text.done", item_id, output_index, content_index: 0, text, logprobs: [] },
        { type: "response.content_part.done", item_id, output_index, content_index: 0, part },
      );
    } else if (item.type === "function_call") {
      const args = String(item.arguments);
      events.push({
        type: "response.output_item.added",
        output_index,
        item: { ...item, arguments: "", status: "in_progress" },
      });
      for (const delta of pieces(args, 12))
        events.push({ type: "response.function_call_arguments.delta", item_id, output_index, delta });
      events.push({
        type: "response.function_call_arguments.done",
        item_id,
        output_index,
        name: item.name,
        arguments: args,
      });
    } else {
      events.push({ type: "response.output_item.added", output_index, item: { ...item, status: "in_progress" } });
    }
    events.push({ type: "response.output_item.done", output_index, item });
  }
  events.push({ type: "response.completed", response });
  return events.map((event, sequence_number) => ({ ...event, sequence_number }));
}

/** What a Responses stream sends when it fails mid-reply: an `error` event, or `response.failed`. */
export function responsesStreamError(
  response: ResponseObject,
  error: { message: string; code?: string; event?: "error" | "response.failed" },
  sequence_number: number,
): Json {
  const code = error.code ?? "server_error";
  if (error.event === "response.failed") {
    const failed = { ...response, status: "failed", output: [], error: { code, message: error.message } };
    return { type: "response.failed", response: failed, sequence_number };
  }
  return { type: "error", code, message: error.message, param: null, sequence_number };
}
