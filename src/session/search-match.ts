/** One `search_tools` / `toolSearch.search()` result. */
export interface SearchMatch {
  name: string;
  description: string;
  /** The ranker's score: higher is better, comparable only within one query. */
  score: number;
}
