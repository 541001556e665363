export { ToolSearch, createToolSearch, RANKER_NAMES, type RankerName, type ToolSearchOptions } from "./tool-search/index.js";
export {
  ToolSearchSession,
  estimateBlockTokens,
  estimateTokens,
  SEARCH_TOOLS_NAME,
  type AnthropicTool,
  type SearchMatch,
  type SearchToolsOutcome,
  type SessionView,
  type TokenEstimator,
  type ToolResultBlock,
  type ToolUseBlock,
  type Tuning,
} from "./session/index.js";
export {
  toolOutput,
  type JsonSchemaObject,
  type ToolContext,
  type ToolDefinition,
  type ToolHost,
  type ToolOutput,
  type ToolResultContentBlock,
} from "./catalogue/index.js";
export {
  Bm25Ranker,
  EmbeddingRanker,
  HybridRanker,
  loadEmbedder,
  rankDocumentOf,
  BUNDLED_MODEL_DIR,
  type Bm25Options,
  type Embedder,
  type EmbedderOptions,
  type EmbeddingRankerOptions,
  type Fusion,
  type HybridRankerOptions,
  type RankDocument,
  type RankedTool,
  type Ranker,
  type RankOptions,
} from "./ranking/index.js";
export type { ToolSearchEvent, ToolSearchEventHandler } from "./events.js";
export { CatalogueError, ModelError, OptionsError, QueryError, ToolsiftError } from "./errors.js";
export * from "./mcp/index.js";
