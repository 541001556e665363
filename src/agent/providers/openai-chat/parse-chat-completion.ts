import { describeValue } from "../../../describe-value.js";
import type { OpenAIChatAssistantMessage, OpenAIChatCompletion, StopReason } from "../../../wire/index.js";
import type { ProviderCall } from "../model-provider.js";
import { readArguments } from "../openai-shared.js";
import { isRecord } from "../../../util/is-record.js";

/** A completion runAgent can use, or what is wrong with it. */
export type ParsedCompletion =
  | {
      ok: true;
      completion: OpenAIChatCompletion;
      /** The assistant message as the next request takes it back: its documented fields only. */
      message: OpenAIChatAssistantMessage;
      calls: ProviderCall[];
      stopReason: StopReason | null;
    }
  | { ok: false; problem: string; apiErrorType?: string };

/**
 * Checks a Chat Completions body: a `choices[0].message` of role `assistant` whose `tool_calls`
 * each have a unique, non-empty `id` and a function name. A call whose `arguments` are not a JSON
 * object is one bad call, not a bad reply: it is listed with what it held, for an error answer.
 * A call of a custom tool (toolsift declares only functions) is answered the same way.
 *
 * The finish reason is put in the Messages API's words: `tool_calls` (or `stop` with calls, as
 * some compatible servers send) is `tool_use`, `stop` is `end_turn`, `length` is `max_tokens`,
 * `content_filter` is `refusal`; any other passes as it is.
 */
export function parseChatCompletion(body: unknown): ParsedCompletion {
  if (!isRecord(body)) return { ok: false, problem: `the body is ${describeValue(body)}, not a chat completion` };
  if (isRecord(body.error)) {
    const type = typeof body.error.type === "string" ? body.error.type : undefined;
    return {
      ok: false,
      problem: `the body is an error body (${type ?? "no type"}: ${String(body.error.message ?? "no message")})`,
      ...(type ? { apiErrorType: type } : {}),
    };
  }
  const choice = Array.isArray(body.choices) ? (body.choices[0] as unknown) : undefined;
  if (!isRecord(choice) || !isRecord(choice.message))
    return {
      ok: false,
      problem: `choices[0].message is ${describeValue(isRecord(choice) ? choice.message : choice)}, expected an assistant message`,
    };
  const message = choice.message;
  if (message.role !== "assistant")
    return { ok: false, problem: `choices[0].message.role is ${describeValue(message.role)}, expected "assistant"` };
  if (message.content != null && typeof message.content !== "string")
    return {
      ok: false,
      problem: `choices[0].message.content is ${describeValue(message.content)}, expected a string or null`,
    };
  const rawCalls = message.tool_calls ?? [];
  if (!Array.isArray(rawCalls))
    return { ok: false, problem: `choices[0].message.tool_calls is ${describeValue(rawCalls)}, expected an array` };
  const calls: ProviderCall[] = [];
  const ids = new Set<string>();
  for (const [index, raw] of rawCalls.entries()) {
    const at = `choices[0].message.tool_calls[${index}]`;
    if (!isRecord(raw) || typeof raw.id !== "string" || raw.id === "")
      return { ok: false, problem: `${at} has no id, so it could not be answered` };
    if (ids.has(raw.id)) return { ok: false, problem: `${at} has the id "${raw.id}", which appears more than once` };
    ids.add(raw.id);
    if (raw.type === "custom" && isRecord(raw.custom) && typeof raw.custom.name === "string") {
      calls.push({ id: raw.id, name: raw.custom.name, input: {}, unreadable: "free text for a custom tool" });
      continue;
    }
    if (!isRecord(raw.function) || typeof raw.function.name !== "string" || raw.function.name === "")
      return {
        ok: false,
        problem: `${at}.function.name is ${describeValue(isRecord(raw.function) ? raw.function.name : raw.function)}, expected a non-empty string`,
      };
    calls.push({ id: raw.id, name: raw.function.name, ...readArguments(raw.function.arguments) });
  }
  const finish = typeof choice.finish_reason === "string" ? choice.finish_reason : null;
  const kept: OpenAIChatAssistantMessage = {
    role: "assistant",
    content: (message.content as string | null | undefined) ?? null,
  };
  if (typeof message.refusal === "string") kept.refusal = message.refusal;
  if (rawCalls.length > 0) kept.tool_calls = rawCalls as OpenAIChatAssistantMessage["tool_calls"];
  return {
    ok: true,
    completion: body as OpenAIChatCompletion,
    message: kept,
    calls,
    stopReason: stopReasonOf(finish, calls.length > 0),
  };
}

function stopReasonOf(finish: string | null, hasCalls: boolean): StopReason | null {
  if (finish === "tool_calls" || finish === "function_call" || (finish === "stop" && hasCalls)) return "tool_use";
  if (finish === "stop") return "end_turn";
  if (finish === "length") return "max_tokens";
  if (finish === "content_filter") return "refusal";
  return finish as StopReason | null;
}
