import type { Confidence } from "../ranking/index.js";

/** One `search_tools` / `toolSearch.search()` result. */
export interface SearchMatch {
  name: string;
  description: string;
  /** The ranker's score: higher is better, comparable only within one query. */
  score: number;
  /**
   * How sure the ranker is: `weak` when the tool shares only common words with the query, or a
   * distant meaning, so the catalogue may lack what was asked for. Rankers that do not say
   * count as `strong`.
   */
  confidence: Confidence;
}
