import { OptionsError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import { Bm25Ranker, EmbeddingRanker, HybridRanker, type Ranker } from "../ranking/index.js";

/** What a ranker built by name may use from its tool search. */
export interface RankerEnvironment {
  emit(event: ToolSearchEvent): void;
}

/** The rankers toolsift builds by name. */
export const RANKER_NAMES = ["bm25", "embedding", "hybrid"] as const;
export type RankerName = (typeof RANKER_NAMES)[number];

/**
 * Builds a ranker from its name, with defaults (the bundled model, the default cache
 * directory), or checks and returns a user's own {@link Ranker}. To configure a built-in
 * ranker, construct it yourself: `new HybridRanker({ fusion: "rrf" })`.
 */
export async function createRanker(ranker: RankerName | Ranker | undefined, environment: RankerEnvironment): Promise<Ranker> {
  const onWarning = (code: string, message: string) => environment.emit({ type: "warning", code, message });
  switch (ranker) {
    case undefined:
    case "bm25":
      return new Bm25Ranker();
    case "embedding":
      return new EmbeddingRanker({ onWarning });
    case "hybrid":
      return new HybridRanker({ onWarning });
  }
  if (typeof ranker === "object" && ranker !== null && typeof ranker.update === "function" && typeof ranker.search === "function") {
    return ranker;
  }
  throw new OptionsError(
    "unknown_ranker",
    `Unknown ranker ${JSON.stringify(typeof ranker === "string" ? ranker : typeof ranker)}. Use one of ` +
      `${RANKER_NAMES.map((name) => `"${name}"`).join(", ")}, or an object implementing Ranker (update and search).`,
  );
}
