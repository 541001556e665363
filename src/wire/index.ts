export type { AnthropicTool, ToolResultBlock, ToolUseBlock, WireInputSchema } from "./anthropic/anthropic.js";
export { fullToolOf } from "./anthropic/anthropic.js";
export type {
  AssistantMessage,
  CacheControl,
  ContentBlockParam,
  MessageParam,
  MessagesCallOptions,
  MessagesClient,
  MessagesRequest,
  MessagesRequestParams,
  MessageStreamLike,
  OtherResponseBlock,
  ResponseBlock,
  ResponseTextBlock,
  ResponseToolUseBlock,
  ResponseUsage,
  StopReason,
  SystemTextBlock,
} from "./anthropic/anthropic-messages.js";
export { TOOL_FORMATS, readToolFormat, type ToolFormat } from "./tool-format.js";
export {
  OPENAI_ERROR_PREFIX,
  parseArgumentsText,
  type OpenAIParameters,
} from "./openai-shared.js";
export {
  MAX_OPENAI_CHAT_TOOLS,
  chatToolMessageOf,
  openAIChatToolOf,
  type OpenAIChatCustomCall,
  type OpenAIChatFunctionCall,
  type OpenAIChatTool,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
} from "./openai-chat/openai-chat.js";
export {
  openAIResponsesToolOf,
  responsesOutputOf,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesOutputPart,
  type OpenAIResponsesTool,
} from "./openai-responses/openai-responses.js";
export {
  DEFAULT_GEMINI_MAX_DECLARATIONS,
  geminiDeclarationOf,
  geminiResponseOf,
  geminiToolsOf,
  type GeminiFunctionCallPart,
  type GeminiFunctionDeclaration,
  type GeminiFunctionResponsePart,
  type GeminiTool,
} from "./gemini/gemini.js";
export { GEMINI_FUNCTION_NAME, GEMINI_PROPERTY_NAME, geminiFunctionName } from "./gemini/gemini-names.js";
export {
  restoreArguments,
  toGeminiParameters,
  type GeminiConversion,
  type GeminiFallback,
  type GeminiFallbackKind,
  type GeminiRenames,
  type GeminiSchema,
} from "./gemini/gemini-schema.js";
export { readToolCall, type ReadToolCall, type UnreadableToolCall } from "./read-tool-call.js";
export type { AnyWireCodec, WireCodec } from "./codec.js";
export { CODECS, codecFor, codecOfCall, toolOfCallName } from "./codecs.js";
export { MAX_TRANSCRIPT_CALLS, transcriptCalls, type TranscriptCall } from "./transcript-calls.js";
export { layOutTools, type FormattedTool, type ToolCall, type ToolCallAnswer } from "./lay-out-tools.js";
export {
  DEFAULT_NAMESPACE,
  isToolSearchCall,
  namespaceNameOf,
  readToolSearchCall,
  type OpenAIResponsesDeferredTool,
  type OpenAIResponsesNamespaceTool,
  type OpenAIResponsesNativeTool,
  type OpenAIResponsesToolSearchCall,
  type OpenAIResponsesToolSearchOutput,
  type OpenAIToolSearchTool,
} from "./openai-responses/openai-responses-native.js";
export type {
  OpenAIChatAssistantMessage,
  OpenAIChatClient,
  OpenAIChatCompletion,
  OpenAIChatFinishReason,
  OpenAIChatMessage,
  OpenAIChatRequest,
  OpenAIChatTextPart,
  OpenAIChatUsage,
} from "./openai-chat/openai-chat-completions.js";
export type {
  OpenAIResponse,
  OpenAIResponsesClient,
  OpenAIResponsesItem,
  OpenAIResponsesMessageItem,
  OpenAIResponsesRequest,
  OpenAIResponsesUsage,
} from "./openai-responses/openai-responses-api.js";
export {
  changesBetween,
  workingSetOf,
  type ToolChange,
  type ToolChangeCodec,
  type ToolChangeMode,
} from "./tool-changes.js";
export {
  INLINE_TOOLS_BETA,
  TOOL_CHANGES_BETA,
  anthropicToolChanges,
  betasOfMode,
  toolChangeBetas,
  toolChangesRefusal,
  type ToolAdditionBlock,
  type ToolChangeDefinition,
  type ToolChangeMessage,
  type ToolChangeReference,
  type ToolRemovalBlock,
} from "./anthropic/anthropic-tool-changes.js";
