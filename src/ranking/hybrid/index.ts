export { fuse, type Fusion, type FusionOptions } from "./fuse.js";
export { HybridRanker, type HybridRankerOptions } from "./hybrid-ranker.js";
