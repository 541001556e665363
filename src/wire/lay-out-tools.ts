import type { AnthropicTool, ToolResultBlock, ToolUseBlock } from "./anthropic/anthropic.js";
import { codecFor } from "./codecs.js";
import type { GeminiFunctionCallPart, GeminiFunctionResponsePart, GeminiTool } from "./gemini/gemini.js";
import type { OpenAIChatTool, OpenAIChatToolCall, OpenAIChatToolMessage } from "./openai-chat/openai-chat.js";
import type {
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesTool,
} from "./openai-responses/openai-responses.js";
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

/** A tool block laid out in `format` by its codec: Gemini's is one `{ functionDeclarations }` entry holding them all. */
export function layOutTools(block: readonly AnthropicTool[], format: ToolFormat): FormattedTool[] {
  return codecFor(format).layOut(block);
}
