import { errorText } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import {
  catalogueQuantile,
  type Embedder,
  EmbeddingRanker,
  STRONG_QUANTILE,
  STRONG_SIMILARITY,
  type RankDocument,
  type RankedTool,
  type Ranker,
  type RankOptions,
} from "../ranking/index.js";

/**
 * The last resort of a ranker that matches words only (BM25, or your own): when it answers
 * nothing, the bundled embedding model ranks the catalogue by meaning, and every match it gives
 * is marked `weak`. An empty `search_tools` answer tells the model the task is impossible; a
 * weak one lets it read the nearest tools and decide.
 *
 * The model and the catalogue's vectors load on the first empty answer, not before, so a
 * catalogue whose queries always share a word with some tool never pays for them. A model that
 * cannot load is reported once as a `ranker_fallback_failed` warning; searches then answer as
 * the ranker did.
 */
export class SemanticFallback {
  private ranker: Ranker | undefined;
  private indexedVersion = -1;
  /** A match this similar is strong: the catalogue's level, as the hybrid reads it (see `STRONG_QUANTILE`). */
  private strong = STRONG_SIMILARITY;
  private failed = false;

  constructor(
    private readonly emit: (event: ToolSearchEvent) => void,
    /** Makes the ranker by meaning; the bundled model by default. */
    private readonly createRanker: () => Ranker = () =>
      new EmbeddingRanker({
        onWarning: (code, message) => emit({ type: "warning", code, message }),
        // Ranking only: the query handling (names, multi-part requests) was the ranker's job.
        exactNames: false,
        multiPart: false,
        siblings: false,
      }),
  ) {}

  /** The nearest tools by meaning; empty when the model cannot load or knows no word of the query. */
  async search(
    query: string,
    catalogue: { version: number; documents: () => readonly RankDocument[] },
    options: RankOptions,
  ): Promise<RankedTool[]> {
    if (this.failed) return [];
    try {
      this.ranker ??= this.createRanker();
      if (catalogue.version !== this.indexedVersion) {
        await this.ranker.update(catalogue.documents());
        this.strong = (await catalogueQuantile(this.ranker, STRONG_QUANTILE)) ?? STRONG_SIMILARITY;
        this.indexedVersion = catalogue.version;
      }
      const hits = await this.ranker.search(query, options);
      return hits.map((hit) => ({
        name: hit.name,
        score: hit.score,
        confidence: hit.score >= this.strong ? "strong" : "weak",
      }));
    } catch (error) {
      this.failed = true;
      this.emit({
        type: "warning",
        code: "ranker_fallback_failed",
        message: `The ranker found nothing and the bundled embedding model could not rank by meaning instead (${errorText(error)}); empty answers stay empty.`,
      });
      return [];
    }
  }

  /**
   * The fallback's model, loaded (on first call): learning compares learned queries by meaning
   * with it when the ranker has no model of its own, so one model serves both. `undefined` once
   * the fallback has failed or its model cannot load.
   */
  async embedder(): Promise<Embedder | undefined> {
    if (this.failed) return undefined;
    this.ranker ??= this.createRanker();
    return this.ranker.embedder?.();
  }

  async close(): Promise<void> {
    await this.ranker?.close?.();
  }
}
