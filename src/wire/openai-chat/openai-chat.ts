/**
 * OpenAI Chat Completions: a tool in `tools`, a call in an assistant message's `tool_calls`,
 * and the `tool` message that answers it. Strict mode and description length: see
 * `openai-shared.ts`.
 *
 * @module
 */
import type { ToolResultContentBlock } from "../../catalogue/index.js";
import type { AnthropicTool, ToolResultBlock } from "../anthropic/anthropic.js";
import { copySchema, markError, type OpenAIParameters } from "../openai-shared.js";

/**
 * The most tools one Chat Completions request takes: its API reference says "A max of 128
 * functions are supported".
 */
export const MAX_OPENAI_CHAT_TOOLS = 128;

/**
 * A tool as Chat Completions takes it in `tools` (the SDK's `ChatCompletionFunctionTool`).
 * `strict` is always `false`: see the module notes on strict mode.
 */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description: string; parameters: OpenAIParameters; strict: false };
}

/** A function call in a Chat Completions assistant message (`message.tool_calls[i]`). `arguments` is a JSON string. */
export interface OpenAIChatFunctionCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/**
 * A custom-tool call in a Chat Completions assistant message. toolsift declares only function
 * tools, so such a call is answered with an error and nothing runs; the type is here so that
 * `message.tool_calls` can be handed to `execute` as it is.
 */
export interface OpenAIChatCustomCall {
  id: string;
  type: "custom";
  custom: { name: string; input: string };
}

/** Any entry of a Chat Completions message's `tool_calls`. */
export type OpenAIChatToolCall = OpenAIChatFunctionCall | OpenAIChatCustomCall;

/** The answer to a Chat Completions tool call: a `tool` message for the next request's `messages`. */
export interface OpenAIChatToolMessage {
  role: "tool";
  tool_call_id: string;
  /** Text, or text parts (Chat Completions tool messages carry no images: an image is described in text). */
  content: string | { type: "text"; text: string }[];
}

/** A tool in the Chat Completions layout. */
export function openAIChatToolOf(tool: AnthropicTool): OpenAIChatTool {
  return {
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: copySchema(tool),
      strict: false,
    },
  };
}

/** The answer to a Chat Completions call, from the `tool_result` toolsift built for it. */
export function chatToolMessageOf(block: ToolResultBlock): OpenAIChatToolMessage {
  const parts = typeof block.content === "string" ? undefined : block.content.map(chatTextOf);
  const content =
    parts === undefined ? (block.content as string) : parts.map((text) => ({ type: "text" as const, text }));
  return {
    role: "tool",
    tool_call_id: block.tool_use_id,
    content: block.is_error ? markError(content, (text) => ({ type: "text" as const, text })) : content,
  };
}

function chatTextOf(block: ToolResultContentBlock): string {
  if (block.type === "text") return block.text;
  if (block.type === "image")
    return `[An image (${block.source.media_type}) was returned; Chat Completions tool messages carry text only.]`;
  return `[Tool available: ${block.tool_name}]`;
}
