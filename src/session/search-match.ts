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

/**
 * A tool offered beside a confident match, not for the query itself: one the scope's sessions
 * used together with it (`used_together`), or one that gives an input it needs, such as the id
 * of a thing (`provides_input`). Companions are extra: they never take a match's place.
 */
export interface SearchCompanion {
  name: string;
  description: string;
  /** The match it goes with. */
  companionOf: string;
  reason: "used_together" | "provides_input";
}
