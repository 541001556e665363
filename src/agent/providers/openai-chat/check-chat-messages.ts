import { describeValue } from "../../../describe-value.js";
import { OptionsError } from "../../../errors.js";
import type { OpenAIChatMessage } from "../../../wire/index.js";

const ROLES: ReadonlySet<string> = new Set(["system", "developer", "user", "assistant", "tool"]);

/**
 * Checks a Chat Completions conversation passed to `runAgent` as `messages`: a non-empty array of
 * `{ role, … }` messages, and no assistant `tool_calls` left without their `tool` message (the
 * API would reject the first request). Anything else is for the API to judge.
 *
 * @throws {@link OptionsError} `invalid_messages`, naming the message and field.
 */
export function checkChatMessages(messages: unknown): readonly OpenAIChatMessage[] {
  if (!Array.isArray(messages) || messages.length === 0)
    throw invalid("messages must be a non-empty array of Chat Completions messages ({ role, content }).");
  const open = new Map<string, number>();
  messages.forEach((message: unknown, index) => {
    const at = `messages[${index}]`;
    if (typeof message !== "object" || message === null || Array.isArray(message))
      throw invalid(`${at} is ${describeValue(message)}; each message is { role, content }.`);
    const { role, tool_calls: calls, tool_call_id: answered } = message as Record<string, unknown>;
    if (typeof role !== "string" || !ROLES.has(role))
      throw invalid(
        `${at}.role is ${describeValue(role)}; it must be one of ${[...ROLES].map((known) => `"${known}"`).join(", ")}.`,
      );
    if (role === "tool") {
      if (typeof answered !== "string")
        throw invalid(`${at} is a tool message without a tool_call_id; it must name the call it answers.`);
      open.delete(answered);
    }
    if (role === "assistant" && Array.isArray(calls))
      for (const call of calls as { id?: unknown }[]) if (typeof call?.id === "string") open.set(call.id, index);
  });
  if (open.size > 0) {
    const [id, index] = [...open.entries()][0]!;
    throw invalid(
      `messages[${index}] has the tool call ${id}, which no tool message answers, so the API would reject it. ` +
        "Answer it first (session.execute(call) gives the tool message) or leave it out.",
    );
  }
  return messages as readonly OpenAIChatMessage[];
}

function invalid(message: string): OptionsError {
  return new OptionsError("invalid_messages", message);
}
