import { OptionsError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import { Bm25Ranker, type Ranker } from "../ranking/index.js";

/** What a ranker built by name may use from its tool search. */
export interface RankerEnvironment {
  emit(event: ToolSearchEvent): void;
}

/** The rankers toolsift builds by name. */
export const RANKER_NAMES = ["bm25"] as const;
export type RankerName = (typeof RANKER_NAMES)[number];

/** Builds a ranker from its name, or checks and returns a user's own {@link Ranker}. */
export async function createRanker(ranker: RankerName | Ranker | undefined, _environment: RankerEnvironment): Promise<Ranker> {
  if (ranker === undefined || ranker === "bm25") return new Bm25Ranker();
  if (typeof ranker === "object" && ranker !== null && typeof ranker.update === "function" && typeof ranker.search === "function") {
    return ranker;
  }
  throw new OptionsError(
    "unknown_ranker",
    `Unknown ranker ${JSON.stringify(typeof ranker === "string" ? ranker : typeof ranker)}. Use one of ` +
      `${RANKER_NAMES.map((name) => `"${name}"`).join(", ")}, or an object implementing Ranker (update and search).`,
  );
}
