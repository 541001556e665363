export { runAgent } from "./run-agent.js";
export { readPrefetchOption } from "./prefetch-turn.js";
export { convertTranscript, type FallbackModel } from "./fallback.js";
export { AgentError, type AgentStage } from "./agent-error.js";
export { referencedToolNames } from "./providers/anthropic/referenced-tools.js";
export {
  MAX_CACHE_BREAKPOINTS,
  placeCacheBreakpoints,
  type CacheableRequest,
  type CacheBreakpointOptions,
} from "./providers/anthropic/cache-breakpoints.js";
export {
  MAX_DEFERRED_TOOLS,
  STRATEGIES,
  UNAVAILABLE_TOOL_DESCRIPTION,
  nativeStrategy,
  stableStrategy,
  changesStrategy,
  strategyOf,
  stubsStrategy,
  type AgentStrategy,
  type StrategyName,
} from "./strategies/index.js";
export type {
  AgentEvent,
  AgentResult,
  AgentStopReason,
  AgentTurn,
  RunAgentBase,
  RunAgentOptions,
  RunAgentTarget,
  TurnUsage,
} from "./run-agent-types.js";
export {
  anthropicProvider,
  openAIChatProvider,
  openAIResponsesProvider,
  type ModelProvider,
  type OpenAIResponsesProviderOptions,
  type ProviderAnswer,
  type ProviderCall,
  type ProviderCallOptions,
  type ProviderName,
  type ProviderReply,
  type ProviderTurn,
  type StreamedPart,
  type TurnFailure,
} from "./providers/index.js";
