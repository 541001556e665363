import { describeValue } from "../../../describe-value.js";
import { OptionsError } from "../../../errors.js";
import type { MessageParam } from "../../../wire/index.js";

const ROLES: ReadonlySet<string> = new Set(["user", "assistant", "system"]);

/**
 * Checks the conversation passed to `runAgent` as `messages`: a non-empty array of
 * `{ role, content }` whose content is a string or an array of blocks with a string `type`,
 * not ending with calls that have no result (the API would reject the first request).
 * Anything else about the blocks is for the API to judge.
 *
 * @throws {@link OptionsError} `invalid_messages`, naming the message and field.
 */
export function checkMessages(messages: unknown): readonly MessageParam[] {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new OptionsError(
      "invalid_messages",
      "messages must be a non-empty array of { role, content } message params.",
    );
  }
  messages.forEach((message: unknown, index) => {
    const at = `messages[${index}]`;
    if (typeof message !== "object" || message === null || Array.isArray(message)) {
      throw invalid(`${at} is ${shown(message)}; each message is { role, content }.`);
    }
    const { role, content } = message as { role?: unknown; content?: unknown };
    if (typeof role !== "string" || !ROLES.has(role))
      throw invalid(`${at}.role is ${shown(role)}; it must be "user", "assistant" or "system".`);
    if (typeof content === "string") return;
    if (!Array.isArray(content))
      throw invalid(`${at}.content is ${shown(content)}; it must be a string or an array of content blocks.`);
    content.forEach((block: unknown, blockIndex) => {
      if (typeof block !== "object" || block === null || typeof (block as { type?: unknown }).type !== "string") {
        throw invalid(
          `${at}.content[${blockIndex}] has no type; a content block is an object such as { type: "text", text: "…" }.`,
        );
      }
    });
  });
  const last = messages.at(-1) as MessageParam;
  const open =
    last.role === "assistant" && Array.isArray(last.content)
      ? last.content.filter((block) => block.type === "tool_use")
      : [];
  if (open.length > 0) {
    const ids = open.map((block) => String((block as { id?: unknown }).id)).join(", ");
    throw invalid(
      `messages[${messages.length - 1}] ends the transcript with tool_use ${ids}, which has no tool_result, so the API would reject it. ` +
        "Answer it first (session.execute(block) gives the tool_result, in a user message after it) or leave it out.",
    );
  }
  return messages as readonly MessageParam[];
}

function invalid(message: string): OptionsError {
  return new OptionsError("invalid_messages", message);
}

/** A field's value for an error message: a field left out is `missing`. */
function shown(value: unknown): string {
  return value === undefined ? "missing" : describeValue(value);
}
