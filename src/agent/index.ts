export { runAgent } from "./run-agent.js";
export { AgentError, type AgentStage } from "./agent-error.js";
export { referencedToolNames } from "./referenced-tools.js";
export {
  MAX_CACHE_BREAKPOINTS,
  placeCacheBreakpoints,
  type CacheableRequest,
  type CacheBreakpointOptions,
} from "./cache-breakpoints.js";
export {
  MAX_DEFERRED_TOOLS,
  STRATEGIES,
  UNAVAILABLE_TOOL_DESCRIPTION,
  nativeStrategy,
  stableStrategy,
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
  TurnUsage,
} from "./run-agent-types.js";
