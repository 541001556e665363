import type { SearchMatch } from "./search-match.js";

/** The hint of an answer with no match at all (nothing in the catalogue relates to the query). */
export const NO_MATCH_HINT =
  "No tool matched. Rephrase with other words for the action or the thing it acts on " +
  '(e.g. "send message" instead of "ping someone"), or try a shorter query.';

/**
 * The hint of an empty answer when the session may use no tool at all (an empty catalogue, or a
 * policy that allows nothing): other words cannot help, so the model is told to stop searching.
 */
export const NO_TOOLS_HINT =
  "There are no tools to search: none is available in this session. Do not search again; tell the user that no tool is available for this.";

/** The hint of an answer whose best match is weak: one sentence, so the model can judge. */
export const WEAK_MATCH_HINT =
  "The best match is weak: if no description fits the task, the catalogue probably lacks this capability, so say so rather than guess.";

/** One match as the model reads it; `confidence` appears only when weak, since strong is the rule. */
export interface AnsweredMatch {
  name: string;
  description: string;
  confidence?: "weak";
  [field: string]: unknown;
}

/** A `search_tools` answer as the model reads it (as JSON). */
export interface SearchAnswer {
  matches: AnsweredMatch[];
  hint?: string;
}

/**
 * The JSON body every presentation of a search answer shares: the matches (with whatever
 * `present` adds to each, such as a schema), each weak one marked, and a hint when there is no
 * match or the best is weak. Marking only weak matches keeps the common answer as short as it
 * was before confidence existed.
 *
 * @example
 * ```ts
 * searchAnswer([{ name: "news__search", description: "Search news.", score: 0.4, confidence: "weak" }]);
 * // { matches: [{ name: "news__search", description: "Search news.", confidence: "weak" }], hint: WEAK_MATCH_HINT }
 * ```
 */
export function searchAnswer(
  matches: readonly SearchMatch[],
  present: (match: SearchMatch) => Record<string, unknown> = () => ({}),
): SearchAnswer {
  if (matches.length === 0) return { matches: [], hint: NO_MATCH_HINT };
  const answered = matches.map(
    (match): AnsweredMatch => ({
      name: match.name,
      description: match.description,
      ...present(match),
      ...(match.confidence === "weak" ? { confidence: "weak" as const } : {}),
    }),
  );
  return matches[0]!.confidence === "weak" ? { matches: answered, hint: WEAK_MATCH_HINT } : { matches: answered };
}
