export { SubstringKeywordRanker } from "./substring-keyword-ranker.js";
export { RegistryBm25Ranker } from "./registry-bm25-ranker.js";
export { AiSdkToolSearchRanker } from "./ai-sdk-tool-search-ranker.js";
export { MiniSearchRanker } from "./minisearch-ranker.js";
export { TUNED_MINISEARCH, TunedMiniSearchRanker } from "./minisearch-tuned-ranker.js";
