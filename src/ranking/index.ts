export type { RankDocument, RankedTool, Ranker, RankOptions } from "./ranker.js";
export { rankDocumentOf, type RankableTool } from "./rank-document.js";
export { Bm25Ranker, type Bm25Field, type Bm25Options } from "./bm25/index.js";
