import type { AnthropicTool, ToolResultBlock, ToolUseBlock } from "./anthropic.js";
import {
  chatToolMessageOf,
  openAIChatToolOf,
  type OpenAIChatTool,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
} from "./openai-chat.js";
import {
  openAIResponsesToolOf,
  responsesOutputOf,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesTool,
} from "./openai-responses.js";
import type { ToolFormat } from "./tool-format.js";

/** What `execute` accepts: a call in any of the formats a session answers. */
export type ToolCall = ToolUseBlock | OpenAIChatToolCall | OpenAIResponsesFunctionCall;

/** What `execute` answers: the result in the call's own format. */
export type ToolCallAnswer = ToolResultBlock | OpenAIChatToolMessage | OpenAIResponsesFunctionCallOutput;

/** A tool in any format's layout. */
export type FormattedTool = AnthropicTool | OpenAIChatTool | OpenAIResponsesTool;

/** A tool block (built in the Anthropic shape, a session's own) laid out in `format`. */
export function layOutTools(block: readonly AnthropicTool[], format: ToolFormat): FormattedTool[] {
  if (format === "openai-chat") return block.map(openAIChatToolOf);
  if (format === "openai-responses") return block.map(openAIResponsesToolOf);
  // Copies, so a caller that adds cache_control to its block cannot alter later blocks.
  return block.map((tool) => ({ ...tool }));
}

/** A call's answer (built as a `tool_result`, a session's own shape) in the call's own format. */
export function answerIn(format: ToolFormat, block: ToolResultBlock): ToolCallAnswer {
  if (format === "openai-chat") return chatToolMessageOf(block);
  if (format === "openai-responses") return responsesOutputOf(block);
  return block;
}
