export { RANKER_NAMES, createRanker, type RankerEnvironment, type RankerName } from "./create-ranker.js";
export { ToolSearch, createToolSearch } from "./tool-search.js";
export type { SessionOptions, ToolSearchOptions } from "./tool-search-options.js";
