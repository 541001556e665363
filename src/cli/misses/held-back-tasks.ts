import type { MissRecord } from "../../public/learning.js";
import type { EvalTask } from "../eval/evaluate-search.js";
import { missEvidence, skipLines } from "./miss-evidence.js";

/** The longest query a search takes (search_tools' bound); a longer request is cut to it. */
const MAX_QUERY_CHARS = 500;

/** The held-back misses as eval tasks, and why the others could not be. */
export interface HeldBackTasks {
  tasks: EvalTask[];
  /** Lines saying which misses were skipped and why. */
  skipped: string[];
}

/**
 * One task per held-back miss that has its request's text and a tool of the catalogue as its
 * answer: the request as the query (as long as a search takes), the answer expected.
 */
export function heldBackTasks(heldBack: readonly MissRecord[], has: (name: string) => boolean): HeldBackTasks {
  const tasks: EvalTask[] = [];
  for (const miss of heldBack) {
    const text = miss.kind === "unknown-tool" ? undefined : miss.request.text?.replace(/\s+/g, " ").trim();
    if (miss.answer === undefined || !has(miss.answer) || !text) continue;
    tasks.push({ query: text.slice(0, MAX_QUERY_CHARS), expected: [miss.answer] });
  }
  // The same reasons enrich gives, counted over the held-back share.
  return { tasks, skipped: skipLines(missEvidence(heldBack, has).skipped) };
}
