import { describeValue } from "../../../describe-value.js";
import { OptionsError } from "../../../errors.js";
import type { OpenAIResponsesItem } from "../../../wire/index.js";

/** The items that are calls, and the items that answer them. */
const CALLS: Readonly<Record<string, string>> = {
  function_call: "function_call_output",
  tool_search_call: "tool_search_output",
};

/**
 * Checks a Responses API conversation passed to `runAgent` as `messages`: a non-empty array of
 * input items (a message has a `role`, any other item a `type`), and no `function_call` or
 * client-executed `tool_search_call` left without its output (the API would reject the first
 * request). Anything else is for the API to judge.
 *
 * @throws {@link OptionsError} `invalid_messages`, naming the item and field.
 */
export function checkResponsesInput(messages: unknown): readonly OpenAIResponsesItem[] {
  if (!Array.isArray(messages) || messages.length === 0)
    throw invalid(
      "messages must be a non-empty array of Responses API input items ({ role, content } or output items).",
    );
  const open = new Map<string, number>();
  messages.forEach((item: unknown, index) => {
    const at = `messages[${index}]`;
    if (typeof item !== "object" || item === null || Array.isArray(item))
      throw invalid(
        `${at} is ${describeValue(item)}; each item is a message { role, content } or an item with a type.`,
      );
    const { type, role, call_id: callId, execution } = item as Record<string, unknown>;
    if (typeof type !== "string" && typeof role !== "string")
      throw invalid(`${at} has neither a type nor a role; a message is { role, content }, other items say their type.`);
    if (typeof callId !== "string") return;
    if (Object.hasOwn(CALLS, String(type)) && execution !== "server") open.set(callId, index);
    if (Object.values(CALLS).includes(String(type))) open.delete(callId);
  });
  if (open.size > 0) {
    const [id, index] = [...open.entries()][0]!;
    throw invalid(
      `messages[${index}] is the call ${id}, which no output item answers, so the API would reject it. ` +
        "Answer it first (session.execute(item) gives the output item) or leave it out.",
    );
  }
  return messages as readonly OpenAIResponsesItem[];
}

function invalid(message: string): OptionsError {
  return new OptionsError("invalid_messages", message);
}
