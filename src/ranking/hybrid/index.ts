export { fuse, type Fusion, type FusionOptions } from "./fuse.js";
export { HybridRanker, STRONG_QUANTILE, STRONG_SIMILARITY, type HybridRankerOptions } from "./hybrid-ranker.js";
