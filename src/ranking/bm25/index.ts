export { Bm25Ranker, type Bm25Field, type Bm25Options } from "./bm25-ranker.js";
