export type { Confidence, RankDocument, RankedTool, Ranker, RankOptions } from "./ranker.js";
export { rankDocumentOf, type RankableTool } from "./rank-document.js";
export { Bm25Ranker, type AbstentionOptions, type Bm25Field, type Bm25Options } from "./bm25/index.js";
export { ExactNames, type QueryHandling } from "./query/index.js";
export {
  BUNDLED_MODEL_DIR,
  catalogueQuantile,
  EmbeddingRanker,
  defaultCacheDir,
  embeddingTextOf,
  loadEmbedder,
  MAX_JOINED_MODELS,
  type Embedder,
  type EmbedderOptions,
  type EmbeddingRankerOptions,
  type EmbeddingRuntime,
  type Pooling,
  type VectorIndexOptions,
} from "./embedding/index.js";
export {
  HybridRanker,
  STRONG_QUANTILE,
  STRONG_SIMILARITY,
  fuse,
  type Fusion,
  type FusionOptions,
  type HybridRankerOptions,
} from "./hybrid/index.js";
