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
export async function createRanker(
  ranker: RankerName | Ranker | undefined,
  environment: RankerEnvironment,
): Promise<Ranker> {
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
  if (
    typeof ranker === "object" &&
    ranker !== null &&
    typeof ranker.update === "function" &&
    typeof ranker.search === "function"
  ) {
    return ranker;
  }
  throw new OptionsError(
    "unknown_ranker",
    `Unknown ranker ${JSON.stringify(typeof ranker === "string" ? ranker : typeof ranker)}. Use one of ` +
      `${RANKER_NAMES.map((name) => `"${name}"`).join(", ")}, or an object implementing Ranker (update and search).`,
  );
}

/**
 * Hears the warnings of a ranker the tool search was given (one built by name was handed an
 * `onWarning` already) as `warning` events, through the ranker's optional `listen`: a
 * `HybridRanker({ fallbackToLexical: true })` of the caller's otherwise reports its fallback only
 * to its own `onWarning`. Returns what stops listening, for the tool search's `close()`: a ranker
 * outlives the tool searches it is shared by, and must not keep reporting to closed ones.
 */
export function listenToRanker(ranker: Ranker, environment: RankerEnvironment): (() => void) | undefined {
  return ranker.listen?.((code, message) => environment.emit({ type: "warning", code, message }));
}
