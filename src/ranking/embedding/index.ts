export { BUNDLED_MODEL_DIR } from "./bundled-model.js";
export {
  type Embedder,
  type EmbedderOptions,
  type EmbeddingRuntime,
  MAX_JOINED_MODELS,
  type Pooling,
} from "./embedder.js";
export { catalogueQuantile } from "./catalogue-similarity.js";
export { EmbeddingRanker, defaultCacheDir, type EmbeddingRankerOptions } from "./embedding-ranker.js";
export { embeddingTextOf } from "./embedding-text.js";
export { loadEmbedder } from "./load-embedder.js";
export type { VectorIndexOptions } from "./vector-index.js";
