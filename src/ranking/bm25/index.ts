export {
  Bm25Ranker,
  DEFAULT_FIELD_WEIGHTS,
  type AbstentionOptions,
  type Bm25Field,
  type Bm25Options,
} from "./bm25-ranker.js";
export { queryTermsOf } from "./bm25-terms.js";
