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
import {
  geminiResponseOf,
  geminiToolsOf,
  type GeminiFunctionCallPart,
  type GeminiFunctionResponsePart,
  type GeminiTool,
} from "./gemini.js";
import type { ToolFormat } from "./tool-format.js";

/** What `execute` accepts: a call in any of the formats a session answers. */
export type ToolCall = ToolUseBlock | OpenAIChatToolCall | OpenAIResponsesFunctionCall | GeminiFunctionCallPart;

/** What `execute` answers: the result in the call's own format. */
export type ToolCallAnswer =
  | ToolResultBlock
  | OpenAIChatToolMessage
  | OpenAIResponsesFunctionCallOutput
  | GeminiFunctionResponsePart;

/** A tool in any format's layout. */
export type FormattedTool = AnthropicTool | OpenAIChatTool | OpenAIResponsesTool | GeminiTool;

/** A tool block laid out in `format`: Gemini's is one `{ functionDeclarations }` entry holding them all. */

export function layOutTools(block: readonly AnthropicTool[], format: ToolFormat): FormattedTool[] {
  if (format === "openai-chat") return block.map(openAIChatToolOf);
  if (format === "openai-responses") return block.map(openAIResponsesToolOf);
  if (format === "gemini") return geminiToolsOf(block);
  // Copies, so a caller that adds cache_control to its block cannot alter later blocks.
  return block.map((tool) => ({ ...tool }));
}

/**
 * A call's answer (built as a `tool_result`, a session's own shape) in the call's own format;
 * `callName` is the name a Gemini call used, which its answer repeats.
 */
export function answerIn(format: ToolFormat, block: ToolResultBlock, callName = ""): ToolCallAnswer {
  if (format === "openai-chat") return chatToolMessageOf(block);
  if (format === "openai-responses") return responsesOutputOf(block);
  if (format === "gemini") return geminiResponseOf(block, callName, block.tool_use_id);
  return block;
}
