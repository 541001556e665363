import { codecOfCall } from "./codecs.js";
import type { ReadToolCall, UnreadableToolCall } from "./read-fields.js";

export type { ReadToolCall, UnreadableToolCall } from "./read-fields.js";

/**
 * Reads a tool call defensively, in any of the formats a session answers (each codec reads its
 * own: an Anthropic `tool_use` block, a Chat Completions tool call, a Responses `function_call`
 * item or a Gemini `functionCall` part). `execute` is documented never to throw, and a caller may
 * hand it anything (null, a call without a name, a getter that throws), so every field is read
 * under a guard, once.
 */
export function readToolCall(call: unknown): ReadToolCall | UnreadableToolCall {
  if (typeof call !== "object" || call === null) {
    return {
      ok: false,
      format: "anthropic",
      id: "",
      error: `This is not a tool_use block (got ${call === null ? "null" : typeof call}), so nothing was run.`,
    };
  }
  return codecOfCall(call).readCall(call);
}
