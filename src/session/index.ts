export { absentNote, absentProducts } from "./absent-products.js";
export { buildToolBlock } from "./build-tool-block.js";
export { capToolBlock } from "./cap-tool-block.js";
export { estimateBlockTokens, estimateTokens, guardedEstimator, type TokenEstimator } from "./estimate-tokens.js";
export { firstSentence } from "./first-sentence.js";
export { Hydration, type HydrationChange } from "./hydration.js";
export { permittedTools, type PermittedTools } from "./permitted-tools.js";
export {
  NO_MATCH_HINT,
  NO_TOOLS_HINT,
  WEAK_MATCH_HINT,
  searchAnswer,
  type AnsweredMatch,
  type SearchAnswer,
} from "./search-answer.js";
export type { SearchCompanion, SearchMatch } from "./search-match.js";
export type { AnsweredServer } from "./server-answer.js";
export { withCompanions, type AnsweredCompanion } from "./companion-answer.js";
export { MAX_LISTED_SERVERS, type ServerUnit } from "./server-search.js";
export { MAX_SERVER_TERMS, normalizeServerName, parseServerScope, type ServerScope } from "./server-scope.js";
export type { UnavailableSource } from "./unavailable-sources.js";
export { withSearchNotes, type SearchNotes } from "./search-notes.js";
export {
  MAX_TAUGHT_QUERY_LENGTH,
  MAX_REQUEST_LENGTH,
  MAX_SEARCH_LIMIT,
  SEARCH_TOOLS_NAME,
  checkQuery,
  parseSearchInput,
  searchToolsDefinition,
  type StubPresentation,
} from "./search-tools-tool.js";
export type { DeferrableTool, SessionView } from "./session-view.js";
export { PERMISSIVE_SCHEMA, STUB_HINT, stubOf } from "./stub.js";
export { ToolSearchSession } from "./tool-search-session.js";
export {
  DEFAULT_PREFETCH_LIMIT,
  readPrefetch,
  MAX_PREFETCH_TEXT_LENGTH,
  type PrefetchOptions,
  type PrefetchOutcome,
  type PrefetchSkipReason,
} from "./prefetch.js";
export type { LaidOutTools, NativeSearch, ToolPresentation, ToolsOptions } from "./native-presentation-options.js";
export { OPENAI_TOOL_SEARCH_DESCRIPTION, openAINativeBlock, toolSearchOutputOf } from "./openai-native-block.js";
export type { SearchToolsOutcome, SessionServices, SessionState } from "./session-services.js";
export type { ExecuteOptions, RequestScope } from "./request-scope.js";
export { noSuchTool } from "./no-such-tool.js";
export { searchResultBlock } from "./tool-result.js";
export { tracedToolCall } from "./tool-call-spans.js";
export { isAbortSignalLike, untilAborted, type Raced } from "./until-aborted.js";
export { resolveTuning, type ResolvedTuning, type Tuning } from "./tuning.js";
export { UsageTrail } from "./usage-trail.js";
export {
  DEFAULT_TOOL_CHANGE_MODE,
  changesSearchResult,
  changesToolBlock,
  matchesToLoad,
  readToolChangesOptions,
  toolChangesFor,
  type ToolChanges,
  type ToolChangesOptions,
} from "./working-set.js";
