import { describeValue } from "../../../describe-value.js";
import type { OpenAIResponse, StopReason } from "../../../wire/index.js";
import type { ProviderCall } from "../model-provider.js";
import { readArguments } from "../openai-shared.js";
import { isRecord } from "../../../util/is-record.js";

/** A response runAgent can use, or what is wrong with it. */
export type ParsedResponse =
  | { ok: true; response: OpenAIResponse; calls: ProviderCall[]; stopReason: StopReason | null }
  | { ok: false; problem: string; apiErrorType?: string };

/**
 * Checks a Responses API body: an `output` array whose `function_call` items each have a unique,
 * non-empty `call_id` and a name. A call whose `arguments` are not a JSON object is one bad call,
 * listed with what it held for an error answer. A client-executed `tool_search_call` is a call
 * too, for the session to answer with a `tool_search_output`; OpenAI's own (hosted) searches
 * are answered in the response already.
 *
 * The status is put in the Messages API's words: `incomplete` for `max_output_tokens` is
 * `max_tokens` and for `content_filter` is `refusal`; a completed response with calls is
 * `tool_use`, without them `end_turn`.
 */
export function parseResponse(body: unknown): ParsedResponse {
  if (!isRecord(body)) return { ok: false, problem: `the body is ${describeValue(body)}, not a response` };
  if (body.status === "failed" || (isRecord(body.error) && !Array.isArray(body.output))) {
    const error = isRecord(body.error) ? body.error : {};
    const type = typeof error.code === "string" ? error.code : typeof error.type === "string" ? error.type : undefined;
    return {
      ok: false,
      problem: `the response failed (${type ?? "no code"}: ${String(error.message ?? "no message")})`,
      ...(type ? { apiErrorType: type } : {}),
    };
  }
  if (!Array.isArray(body.output))
    return { ok: false, problem: `output is ${describeValue(body.output)}, expected an array of output items` };
  const calls: ProviderCall[] = [];
  const ids = new Set<string>();
  for (const [index, item] of (body.output as unknown[]).entries()) {
    const at = `output[${index}]`;
    if (!isRecord(item) || typeof item.type !== "string")
      return { ok: false, problem: `${at} is ${describeValue(item)}, expected an output item with a type` };
    const client = item.type === "tool_search_call" && item.execution === "client";
    if (item.type !== "function_call" && !client) continue;
    if (typeof item.call_id !== "string" || item.call_id === "")
      return { ok: false, problem: `${at} is a ${item.type} without a call_id, so it could not be answered` };
    if (ids.has(item.call_id))
      return { ok: false, problem: `${at} has the call_id "${item.call_id}", which appears more than once` };
    ids.add(item.call_id);
    if (client) {
      calls.push({ id: item.call_id, name: "tool_search", input: {}, nativeSearch: item });
      continue;
    }
    if (typeof item.name !== "string" || item.name === "")
      return { ok: false, problem: `${at}.name is ${describeValue(item.name)}, expected a non-empty string` };
    calls.push({ id: item.call_id, name: item.name, ...readArguments(item.arguments) });
  }
  return { ok: true, response: body as OpenAIResponse, calls, stopReason: stopReasonOf(body, calls.length > 0) };
}

function stopReasonOf(body: Record<string, unknown>, hasCalls: boolean): StopReason | null {
  if (body.status === "incomplete") {
    const reason = isRecord(body.incomplete_details) ? body.incomplete_details.reason : undefined;
    if (reason === "max_output_tokens") return "max_tokens";
    if (reason === "content_filter") return "refusal";
    return typeof reason === "string" ? (reason as StopReason) : "max_tokens";
  }
  return hasCalls ? "tool_use" : "end_turn";
}
