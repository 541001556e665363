/**
 * `toolsift/agent`: the bundled agent loop (`runAgent`) and its providers (the Anthropic Messages
 * API, OpenAI Chat Completions and Responses), its strategies for laying out tools, prompt-cache
 * breakpoints, and the wire shapes it speaks. The SDKs are optional peers: `new Anthropic()` fits
 * {@link MessagesClient}, `new OpenAI()` the OpenAI providers' clients.
 * Gemini's function-calling shapes (what `session.tools({ format: "gemini" })` returns and
 * `session.execute` takes and answers) are here too: the root entry is kept to the core.
 *
 * @example
 * ```ts
 * import Anthropic from "@anthropic-ai/sdk";
 * import { createToolSearch } from "toolsift";
 * import { runAgent } from "toolsift/agent";
 *
 * const toolSearch = await createToolSearch({ tools, ranker: "hybrid" });
 * const result = await runAgent({ client: new Anthropic(), model: "claude-sonnet-4-6", toolSearch, prompt: "Open an issue about the crash" });
 * ```
 * @module
 */
export {
  AgentError,
  anthropicProvider,
  convertTranscript,
  openAIChatProvider,
  openAIResponsesProvider,
  MAX_CACHE_BREAKPOINTS,
  MAX_DEFERRED_TOOLS,
  STRATEGIES,
  UNAVAILABLE_TOOL_DESCRIPTION,
  changesStrategy,
  nativeStrategy,
  placeCacheBreakpoints,
  referencedToolNames,
  runAgent,
  stableStrategy,
  strategyOf,
  stubsStrategy,
  type AgentEvent,
  type AgentResult,
  type AgentStage,
  type AgentStopReason,
  type AgentStrategy,
  type AgentTurn,
  type CacheableRequest,
  type CacheBreakpointOptions,
  type FallbackModel,
  type ModelProvider,
  type OpenAIResponsesProviderOptions,
  type ProviderAnswer,
  type ProviderCall,
  type ProviderCallOptions,
  type ProviderName,
  type ProviderReply,
  type ProviderTurn,
  type RunAgentBase,
  type RunAgentOptions,
  type RunAgentTarget,
  type StreamedPart,
  type TurnFailure,
  type StrategyName,
  type TurnUsage,
} from "../agent/index.js";
export type {
  AssistantMessage,
  OpenAIChatAssistantMessage,
  OpenAIChatClient,
  OpenAIChatCompletion,
  OpenAIChatFinishReason,
  OpenAIChatMessage,
  OpenAIChatRequest,
  OpenAIChatTextPart,
  OpenAIChatUsage,
  OpenAIResponse,
  OpenAIResponsesClient,
  OpenAIResponsesItem,
  OpenAIResponsesMessageItem,
  OpenAIResponsesRequest,
  OpenAIResponsesUsage,
  GeminiFunctionCallPart,
  GeminiFunctionDeclaration,
  GeminiFunctionResponsePart,
  GeminiSchema,
  GeminiTool,
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
} from "../wire/index.js";
// OpenAI's native tool search in the Responses API: what `session.tools({ format: "openai-responses",
// presentation: "native" })` returns and what `session.execute` takes and answers for it.
export type {
  OpenAIResponsesDeferredTool,
  OpenAIResponsesNamespaceTool,
  OpenAIResponsesNativeTool,
  OpenAIResponsesToolSearchCall,
  OpenAIResponsesToolSearchOutput,
  OpenAIToolSearchTool,
} from "../wire/index.js";
export type {
  LaidOutTools,
  NativeSearch,
  PrefetchOptions,
  PrefetchOutcome,
  PrefetchSkipReason,
  ToolChanges,
  ToolChangesOptions,
  ToolPresentation,
  ToolsOptions,
} from "../session/index.js";
// The Messages API's mid-conversation tool changes: what `session.toolChanges()` returns, and the
// betas a request that holds them needs.
export { INLINE_TOOLS_BETA, TOOL_CHANGES_BETA } from "../wire/index.js";
export type {
  ToolAdditionBlock,
  ToolChangeDefinition,
  ToolChangeMessage,
  ToolChangeMode,
  ToolChangeReference,
  ToolRemovalBlock,
} from "../wire/index.js";
