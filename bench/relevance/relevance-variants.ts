import { Bm25Ranker, EmbeddingRanker, HybridRanker, loadEmbedder, type Ranker } from "../../src/ranking/index.js";

/**
 * A toolsift ranker with one or all of issue 11's query handling turned off, to measure what
 * each part does: `plain` is the ranker as it was before them (no exact names, no multi-part
 * requests, BM25 never abstaining, the hybrid abstaining only on its coverage rule). Since
 * issue 17 no ranker abstains by default, so `withoutAbstention` measures as registered: the
 * rows show that the default costs nothing to abstention.
 */
export interface RelevanceVariants {
  plain(): Promise<Ranker>;
  withoutMultiPart(): Promise<Ranker>;
  /** Absent for a ranker that has no abstention of its own beyond `plain`'s (the embedding ranker). */
  withoutAbstention?: () => Promise<Ranker>;
}

const noCache = { cacheDir: false } as const;
const semantic = async () => ({ embedder: await loadEmbedder(), ...noCache });
/** The hybrid's own abstention as it was: the coverage rule only, never on BM25's silence. */
const coverageOnly = { maxCoverage: 0.2, minSimilarity: 0.5, minSimilarityWithoutLexical: Number.NEGATIVE_INFINITY };

/** The variants of the bench's toolsift rankers (by registry id); `undefined` for the others. */
export function relevanceVariants(rankerId: string): RelevanceVariants | undefined {
  switch (rankerId) {
    case "bm25":
      return {
        plain: async () => new Bm25Ranker({ exactNames: false, multiPart: false, siblings: false, abstention: false }),
        withoutMultiPart: async () => new Bm25Ranker({ multiPart: false }),
        withoutAbstention: async () => new Bm25Ranker({ abstention: false }),
      };
    case "embedding":
      return {
        plain: async () =>
          new EmbeddingRanker({
            embedder: await loadEmbedder(),
            ...noCache,
            exactNames: false,
            multiPart: false,
            siblings: false,
          }),
        withoutMultiPart: async () =>
          new EmbeddingRanker({ embedder: await loadEmbedder(), ...noCache, multiPart: false }),
      };
    case "hybrid-adaptive":
      return {
        plain: async () =>
          new HybridRanker({
            lexical: new Bm25Ranker({ exactNames: false, multiPart: false, siblings: false, abstention: false }),
            semantic: await semantic(),
            exactNames: false,
            multiPart: false,
            siblings: false,
            abstention: coverageOnly,
          }),
        withoutMultiPart: async () => new HybridRanker({ semantic: await semantic(), multiPart: false }),
        withoutAbstention: async () => new HybridRanker({ semantic: await semantic(), abstention: false }),
      };
    default:
      return undefined;
  }
}
