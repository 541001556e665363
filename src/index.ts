/**
 * `toolsift`: the core. A tool search over a catalogue (`createToolSearch`), its sessions (the
 * tool block for each model call, and the execution of the model's calls), the rankers, tool
 * definitions, and the errors. The agent loop, MCP, the Vercel AI SDK, learning from use, the
 * gateway and the test kit each have a subpath of their own (`toolsift/agent`, `toolsift/mcp`,
 * `toolsift/ai`, `toolsift/learning`, `toolsift/gateway`, `toolsift/testing`), so this entry
 * never loads or names their dependencies.
 *
 * `src/public/api.test.ts` pins every name exported here and checks that every type a public
 * signature names is exported somewhere.
 *
 * @module
 */
export {
  ToolSearch,
  createToolSearch,
  RANKER_NAMES,
  type RankerName,
  type SessionOptions,
  type ToolSearchOptions,
} from "./tool-search/index.js";
export type { ToolSearchEvent, ToolSearchEventHandler } from "./events.js";

// Sessions: the tool block, search_tools, execution.
export {
  ToolSearchSession,
  SEARCH_TOOLS_NAME,
  estimateTokens,
  type DeferrableTool,
  type ExecuteOptions,
  type RequestScope,
  type SearchMatch,
  type SearchToolsOutcome,
  type SessionView,
  type StubPresentation,
  type TokenEstimator,
  type Tuning,
  type UnavailableSource,
} from "./session/index.js";

// Wire formats: what tools() returns and execute() takes and answers.
export type {
  AnthropicTool,
  OpenAIChatCustomCall,
  OpenAIChatFunctionCall,
  OpenAIChatTool,
  OpenAIChatToolCall,
  OpenAIChatToolMessage,
  OpenAIParameters,
  OpenAIResponsesFunctionCall,
  OpenAIResponsesFunctionCallOutput,
  OpenAIResponsesOutputPart,
  OpenAIResponsesTool,
  ToolCall,
  ToolCallAnswer,
  ToolFormat,
  ToolResultBlock,
  ToolUseBlock,
  WireInputSchema,
} from "./wire/index.js";

// Tool definitions.
export {
  CATALOGUE_LIMITS,
  defineTool,
  toolOutput,
  type AbortSignalLike,
  type JsonSchemaObject,
  type ToolContext,
  type ToolDefinition,
  type ToolHost,
  type ToolOutput,
  type ToolResultContentBlock,
  type ToolResultImageType,
  type ToolSourceStatus,
  type ZodSchemaLike,
} from "./catalogue/index.js";

// Rankers.
export {
  Bm25Ranker,
  EmbeddingRanker,
  HybridRanker,
  loadEmbedder,
  type AbstentionOptions,
  type Bm25Field,
  type Bm25Options,
  type Confidence,
  type Embedder,
  type EmbedderOptions,
  type EmbeddingRankerOptions,
  type EmbeddingRuntime,
  type Fusion,
  type FusionOptions,
  type HybridRankerOptions,
  type Pooling,
  type QueryHandling,
  type RankableTool,
  type RankDocument,
  type RankedTool,
  type Ranker,
  type RankOptions,
  type VectorIndexOptions,
} from "./ranking/index.js";

export { CatalogueError, DependencyError, ModelError, OptionsError, QueryError, ToolsiftError } from "./errors.js";
