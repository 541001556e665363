export { fullToolOf, type AnthropicTool, type WireInputSchema } from "./anthropic-tool.js";
export { buildToolBlock } from "./build-tool-block.js";
export { estimateBlockTokens, estimateTokens, guardedEstimator, type TokenEstimator } from "./estimate-tokens.js";
export { firstSentence } from "./first-sentence.js";
export { Hydration, type HydrationChange } from "./hydration.js";
export { permittedTools, type PermittedTools } from "./permitted-tools.js";
export {
  MAX_OPENAI_DESCRIPTION,
  OPENAI_ERROR_PREFIX,
  fitDescription,
  TOOL_FORMATS,
  type OpenAIChatCustomCall,
  type OpenAIChatFunctionCall,
  type OpenAIChatTool,
  type OpenAIChatToolCall,
  type OpenAIChatToolMessage,
  type OpenAIParameters,
  type OpenAIResponsesFunctionCall,
  type OpenAIResponsesFunctionCallOutput,
  type OpenAIResponsesOutputPart,
  type OpenAIResponsesTool,
  type ToolFormat,
} from "./openai-format.js";
export { NO_MATCH_HINT, WEAK_MATCH_HINT, searchAnswer, type AnsweredMatch, type SearchAnswer } from "./search-answer.js";
export type { SearchMatch } from "./search-match.js";
export { withUnavailable, type UnavailableSource } from "./unavailable-sources.js";
export {
  MAX_QUERY_LENGTH,
  MAX_SEARCH_LIMIT,
  SEARCH_TOOLS_NAME,
  checkQuery,
  parseSearchInput,
  searchToolsDefinition,
  type StubPresentation,
} from "./search-tools-tool.js";
export type { DeferrableTool, SessionView } from "./session-view.js";
export { PERMISSIVE_SCHEMA, STUB_HINT, stubOf } from "./stub.js";
export {
  ToolSearchSession,
  noSuchTool,
  searchResultBlock,
  tracedToolCall,
  type SearchToolsOutcome,
  type SessionServices,
  type SessionState,
  type ExecuteOptions,
  type RequestScope,
  type ToolCall,
  type ToolCallAnswer,
  type ToolResultBlock,
  type ToolUseBlock,
} from "./tool-search-session.js";
export { MAX_TRANSCRIPT_CALLS, transcriptCalls, type TranscriptCall } from "./transcript-calls.js";
export { isAbortSignalLike, untilAborted, type Raced } from "./until-aborted.js";
export { resolveTuning, type ResolvedTuning, type Tuning } from "./tuning.js";
export { UsageTrail } from "./usage-trail.js";
