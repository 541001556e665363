/**
 * `toolsift/agent`: the bundled agent loop over the Anthropic Messages API (`runAgent`), its
 * strategies for laying out tools, prompt-cache breakpoints, and the Messages API shapes it
 * speaks. Anthropic's SDK is an optional peer: `new Anthropic()` fits {@link MessagesClient}.
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
  MAX_CACHE_BREAKPOINTS,
  MAX_DEFERRED_TOOLS,
  STRATEGIES,
  UNAVAILABLE_TOOL_DESCRIPTION,
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
  type RunAgentBase,
  type RunAgentOptions,
  type StrategyName,
  type TurnUsage,
} from "../agent/index.js";
export type {
  AssistantMessage,
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
  NativeSearch,
  PrefetchOptions,
  PrefetchOutcome,
  PrefetchSkipReason,
  ToolPresentation,
} from "../session/index.js";
