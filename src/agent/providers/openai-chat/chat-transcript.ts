import {
  chatToolMessageOf,
  type MessageParam,
  type OpenAIChatMessage,
  type OpenAIChatToolCall,
} from "../../../wire/index.js";
import { appendBlocks, argumentsOf, blocksOf, textOf, textOfBlocks, toolResultsOf } from "../canonical-blocks.js";
import { readArguments } from "../openai-shared.js";

/**
 * A Chat Completions transcript in the canonical form: user text, assistant text and
 * `tool_use` blocks (arguments parsed; `{}` when they are not an object), and each `tool`
 * message as a `tool_result`. System and developer messages are left out: instructions are the
 * run's `system` option, not part of the transcript.
 */
export function chatToCanonical(messages: readonly OpenAIChatMessage[]): MessageParam[] {
  const canonical: MessageParam[] = [];
  for (const message of messages) {
    if (message.role === "user") appendBlocks(canonical, "user", textBlocks(message.content));
    else if (message.role === "tool")
      appendBlocks(canonical, "user", [
        { type: "tool_result", tool_use_id: message.tool_call_id, content: textOf(message.content) },
      ]);
    else if (message.role === "assistant") {
      const calls = (message.tool_calls ?? []).map((call) => ({
        type: "tool_use",
        id: call.id,
        name: call.type === "custom" ? call.custom.name : call.function.name,
        input: call.type === "custom" ? {} : readArguments(call.function.arguments).input,
      }));
      appendBlocks(canonical, "assistant", [...textBlocks(message.content ?? ""), ...calls]);
    }
  }
  return canonical;
}

/**
 * A canonical transcript as Chat Completions messages: text as content, `tool_use` blocks as
 * `tool_calls`, each `tool_result` as a `tool` message (before the user's own text of the same
 * turn, as the API wants answers right after their calls). Blocks with no counterpart
 * (thinking, server tools) are left out.
 */
export function chatFromCanonical(messages: readonly MessageParam[]): OpenAIChatMessage[] {
  const chat: OpenAIChatMessage[] = [];
  for (const message of messages) {
    const blocks = blocksOf(message);
    if (message.role === "assistant") {
      const calls: OpenAIChatToolCall[] = blocks
        .filter((block) => block.type === "tool_use")
        .map((block) => ({
          id: String(block.id),
          type: "function",
          function: { name: String(block.name), arguments: argumentsOf(block.input) },
        }));
      const text = textOfBlocks(blocks);
      chat.push({
        role: "assistant",
        content: text === "" ? null : text,
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      });
    } else if (message.role === "user") {
      for (const result of toolResultsOf(blocks)) chat.push(chatToolMessageOf(result));
      const text = textOfBlocks(blocks);
      if (text !== "") chat.push({ role: "user", content: text });
    }
  }
  return chat;
}

function textBlocks(content: unknown): { type: "text"; text: string }[] {
  const text = textOf(content);
  return text === "" ? [] : [{ type: "text", text }];
}
