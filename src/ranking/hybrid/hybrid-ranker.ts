import { Bm25Ranker } from "../bm25/index.js";
import { errorText } from "../../errors.js";
import type { Embedder } from "../embedding/embedder.js";
import { EmbeddingRanker, type EmbeddingRankerOptions } from "../embedding/embedding-ranker.js";
import { catalogueQuantile } from "../embedding/catalogue-similarity.js";
import { ExactNames, PART_DEPTH, QueryPlan, ToolFamilies, type QueryHandling } from "../query/index.js";
import type { RankDocument, RankedTool, Ranker, RankOptions } from "../ranker.js";
import { RankerWarnings } from "../ranker-warnings.js";
import { checkHybridOptions } from "./check-hybrid-options.js";
import { fuse, type Fusion, weakListScale } from "./fuse.js";

/**
 * A semantic match this similar is strong whatever the lexical side says, when the semantic side
 * cannot profile the catalogue (see {@link STRONG_QUANTILE}): the level tuned on the GloVe model.
 */
export const STRONG_SIMILARITY = 0.5;

/**
 * A semantic match is strong on its own when it is as similar as the catalogue's closest pairs of
 * tools are to each other: this quantile of the similarities between its tools, in the model's
 * own scale, so a model whose similarities run low or high needs no new level. Chosen leave one
 * dataset out over quantiles 0.6–0.999 of that profile, of each tool's nearest neighbour, and fixed
 * levels 0.4–0.7, with both GloVe and USE-lite, judged by how well the best match's flag tells
 * useful answers from misses and out-of-scope queries
 * (`bench/tuning/tune-similarity-levels.ts`, `bench/results/similarity-levels-leave-one-out.md`):
 * 7 of the 8 folds chose it; against the fixed 0.5 it loses at most 0.2 points on any set with
 * either model and gains up to 4.8.
 */
export const STRONG_QUANTILE = 0.999;

/**
 * The semantic floor is this quantile of the similarities between the catalogue's tools, in the
 * model's own scale: a model whose unrelated texts sit near 0 and one whose sit near 0.7 both
 * keep their say, where a fixed 0.3 cut the first one's matches and let the second one's noise in.
 * Chosen leave one dataset out over quantiles 0.05–0.7 and fixed floors 0.1–0.3
 * (`bench/tuning/tune-semantic-floor.ts`, `bench/results/semantic-floor-leave-one-out.md`): 8 of
 * the 9 folds chose 0.1 (−0.08 to 0.18 with the bundled model); against the old fixed 0.3 it
 * gains up to 2.6 points of recall@5 (HWU64) and loses at most 0.12 (Seal-Tools, about one query).
 */
export const FLOOR_QUANTILE = 0.1;
/** The floor when the semantic side cannot profile the catalogue (a ranker of the caller's, a tiny catalogue). */
const FIXED_FLOOR = 0.3;

const DEFAULT_ABSTENTION = { maxCoverage: 0.2, minSimilarity: 0.5, minSimilarityWithoutLexical: 0.4 } as const;

export interface HybridRankerOptions extends QueryHandling {
  /**
   * The lexical side. @defaultValue a {@link Bm25Ranker} that leaves exact names and multi-part
   * queries to the hybrid, which handles both over the fused ranking; it abstains as BM25 does,
   * and the hybrid then ranks by meaning alone (see `abstention`)
   */
  lexical?: Ranker;
  /**
   * The semantic side: a ranker, or options for the default {@link EmbeddingRanker} (whose
   * `exactNames`, `multiPart` and `siblings` the hybrid turns off: it handles both itself).
   * @defaultValue an {@link EmbeddingRanker} on the bundled model
   */
  semantic?: Ranker | EmbeddingRankerOptions;
  /**
   * How the two lists merge:
   * - `adaptive`: normalised scores, weighted per query by how much of the query the lexical
   *   index knows (its `coverage`): a query in the catalogue's own words is ranked lexically,
   *   one in other words semantically. A lexical list whose best match is weak counts against
   *   the lexical side's `strongScore` rather than as a full match. Needs a lexical ranker with
   *   `coverage` (BM25 has it); otherwise it acts as `weighted`.
   * - `weighted`: normalised scores, one fixed weight.
   * - `rrf`: reciprocal-rank fusion.
   * @defaultValue "adaptive", chosen by `bench/tune-fusion.ts`: it alone beat BM25 on
   * paraphrases while staying within a point of it on every public set (bench/results/fusion-tuning.md)
   */
  fusion?: Fusion;
  /** RRF's rank offset. @defaultValue 60 */
  rrfK?: number;
  /** `weighted`: the lexical share, 0 to 1. @defaultValue 0.9 */
  lexicalWeight?: number;
  /**
   * `adaptive`: the lexical share when the query shares no word with the catalogue, and when
   * it shares all of them; in between it is interpolated by coverage.
   * @defaultValue `[0.5, 1]`
   */
  lexicalWeightRange?: readonly [low: number, high: number];
  /**
   * Semantic similarities below this are not fused, and at it add nothing: only what a match
   * has above the level unrelated texts reach counts.
   * @defaultValue read from the catalogue at each update: the {@link FLOOR_QUANTILE} quantile of
   * the similarities between its tools, as the semantic side measures them
   * (`EmbeddingRanker.catalogueSimilarity`); 0.3 when the side cannot say (a ranker of your own
   * without that method, or under ten tools)
   */
  semanticFloor?: number;
  /** How deep each list is read before fusing. @defaultValue 50 */
  candidates?: number;
  /**
   * When the semantic side cannot load or run (a missing model, say), rank lexically and
   * report a `ranker_fallback` warning instead of failing.
   * @defaultValue false
   */
  fallbackToLexical?: boolean;
  /**
   * Answer nothing, rather than weak matches, when the query looks like it is about something
   * the catalogue does not have: the lexical side knows less than `maxCoverage` of the query and
   * no semantic match reaches `minSimilarity`, or the lexical side (which then abstains too)
   * finds nothing and no semantic match reaches `minSimilarityWithoutLexical`. `true` uses the
   * default limits.
   *
   * Off by default since 0.2: answering nothing cost recall on catalogues the limits were not
   * tuned on, and an empty answer tells the model the task is impossible. Without it, a match is
   * marked `weak` unless its lexical match is strong or its similarity reaches the catalogue's
   * {@link STRONG_QUANTILE}; when neither list has a match worth fusing, the semantic side's
   * nearest tools are returned, weak.
   * @defaultValue `false` (limits `{ maxCoverage: 0.2, minSimilarity: 0.5, minSimilarityWithoutLexical: 0.4 }`)
   */
  abstention?: { maxCoverage: number; minSimilarity: number; minSimilarityWithoutLexical?: number } | boolean;
  /** Told about fallbacks and cache problems. */
  onWarning?: (code: string, message: string) => void;
}

/**
 * Lexical and semantic ranking fused: BM25 keeps exact names and rare words on top, the
 * embeddings find tools described in other words than the query's.
 *
 * @example
 * ```ts
 * const ranker = new HybridRanker({ fusion: "rrf", rrfK: 30, fallbackToLexical: true });
 * const toolSearch = await createToolSearch({ tools, ranker });
 * ```
 */
export class HybridRanker implements Ranker {
  readonly name: string;
  private readonly lexical: Ranker;
  private readonly semantic: Ranker;
  private semanticFailed = false;
  /** The semantic floor for the current catalogue (see {@link HybridRankerOptions.semanticFloor}). */
  private floor: number;
  /** The strong similarity for the current catalogue (see {@link STRONG_QUANTILE}). */
  private strong = STRONG_SIMILARITY;
  /** Tools by every form of their name, for queries that name one; absent when `exactNames` is off. */
  private readonly names: ExactNames | undefined;
  /** The catalogue's servers and APIs, for a best match's sibling; absent when `siblings` is off. */
  private readonly families: ToolFamilies | undefined;
  private readonly listeners = new RankerWarnings();
  /** Stops hearing the warnings of sides the caller built (and listens to them, through this ranker). */
  private readonly unlistenSides: (() => void)[] = [];

  /** @throws OptionsError (`invalid_options`, or `loadEmbedder`'s codes for `semantic.embedder`) for a bad option or one it does not know. */
  constructor(private readonly options: HybridRankerOptions = {}) {
    checkHybridOptions(options);
    // The sides rank one request each; the hybrid itself pins named tools and merges requests.
    const single = { exactNames: false, multiPart: false, siblings: false } as const;
    this.lexical = options.lexical ?? new Bm25Ranker({ ...single, abstention: Boolean(options.abstention) });
    const semantic = options.semantic;
    // The hybrid cuts the semantic list itself, at the catalogue's floor: the side returns every neighbour.
    // The default side's warnings go where they always did (its own onWarning, else the hybrid's)
    // and to the hybrid's listeners; a side of the caller's is heard through its own listen.
    const sideWarning = isRanker(semantic) ? undefined : (semantic?.onWarning ?? options.onWarning);
    this.semantic = isRanker(semantic)
      ? semantic
      : new EmbeddingRanker({
          minSimilarity: -1,
          ...semantic,
          ...single,
          onWarning: (code, message) => {
            sideWarning?.(code, message);
            this.listeners.warn(code, message);
          },
        });
    for (const side of [options.lexical, isRanker(semantic) ? semantic : undefined]) {
      const unlisten = side?.listen?.((code, message) => this.listeners.warn(code, message));
      if (unlisten) this.unlistenSides.push(unlisten);
    }
    this.floor = options.semanticFloor ?? FIXED_FLOOR;
    this.name = `hybrid-${options.fusion ?? "adaptive"}`;
    this.names = options.exactNames === false ? undefined : new ExactNames();
    this.families = options.siblings === false ? undefined : new ToolFamilies();
  }

  async update(documents: readonly RankDocument[]): Promise<void> {
    await this.lexical.update(documents);
    await this.guard(() => this.semantic.update(documents));
    this.names?.sync(documents);
    this.families?.sync(documents);
    this.floor = this.options.semanticFloor ?? (await this.calibrated(FLOOR_QUANTILE)) ?? FIXED_FLOOR;
    this.strong = (await this.calibrated(STRONG_QUANTILE)) ?? STRONG_SIMILARITY;
  }

  /** A quantile of the catalogue's similarities as the semantic side measures them; `undefined` when it cannot. */
  private async calibrated(quantile: number): Promise<number | undefined> {
    if (this.semanticFailed) return undefined;
    return this.guard(() => catalogueQuantile(this.semantic, quantile));
  }

  /**
   * Both sides' rankings fused, best first. A tool the query names comes first; a query that
   * chains requests is also ranked request by request (see {@link QueryHandling}).
   */
  async search(query: string, options: RankOptions): Promise<RankedTool[]> {
    const plan = QueryPlan.of(query, options, this.options, this.names, this.families);
    const whole = await this.rankOne(query, { ...options, limit: plan.depth });
    const parts: RankedTool[][] = [];
    for (const part of plan.parts) parts.push(await this.rankOne(part, { ...options, limit: PART_DEPTH }));
    return plan.finish(whole, parts);
  }

  /** One request: both sides ranked, then fused (or nothing, when abstaining). */
  private async rankOne(query: string, options: RankOptions): Promise<RankedTool[]> {
    const depth = { ...options, limit: Math.max(options.limit, this.options.candidates ?? 50) };
    const lexical = await this.lexical.search(query, depth);
    const neighbours = this.semanticFailed ? [] : ((await this.guard(() => this.semantic.search(query, depth))) ?? []);
    const semantic = neighbours.filter((hit) => hit.score >= this.floor);
    const coverage = this.lexical.coverage?.(query);
    if (this.abstains(coverage, lexical, semantic)) return [];
    const fused = fuse(lexical, semantic, {
      fusion: this.options.fusion ?? "adaptive",
      rrfK: this.options.rrfK ?? 60,
      ...this.lexicalShare(coverage, lexical),
      semanticFloor: this.floor,
    }).slice(0, options.limit);
    // Nothing worth fusing: the nearest meanings are the best guess there is, and say so. A tool
    // no closer than unrelated text (cosine 0 or below) is not even a guess.
    if (fused.length === 0)
      return neighbours
        .filter((hit) => hit.score > 0)
        .slice(0, options.limit)
        .map((hit) => ({ name: hit.name, score: hit.score, confidence: "weak" }));
    return withConfidence(fused, lexical, semantic, this.strong);
  }

  /** The semantic side's embedder; `undefined` once it has failed and the ranker fell back to lexical. */
  async embedder(): Promise<Embedder | undefined> {
    return this.semanticFailed ? undefined : this.semantic.embedder?.();
  }

  /** See {@link HybridRankerOptions.abstention}. */
  private abstains(
    coverage: number | undefined,
    lexical: readonly RankedTool[],
    semantic: readonly RankedTool[],
  ): boolean {
    const option = this.options.abstention ?? false;
    if (option === false || coverage === undefined) return false;
    const abstention = option === true ? DEFAULT_ABSTENTION : option;
    const similarity = semantic[0]?.score ?? 0;
    if (coverage < abstention.maxCoverage) return similarity < abstention.minSimilarity;
    return lexical.length === 0 && similarity < (abstention.minSimilarityWithoutLexical ?? 0.4);
  }

  /**
   * The lexical side's weight in the fusion (by coverage, when adaptive) and, when its best match
   * is weak, what its scores count against. Coverage is high for a paraphrase whose words all
   * occur somewhere in the catalogue, and scaling the list so its best is 1 made a coincidence of
   * common words a full lexical match: a weak list is measured against the lexical side's strong
   * score instead (`Ranker.strongScore`), so it counts as much as its evidence. Measured leave
   * one dataset out against coverage alone and five other rules without a tuned constant
   * (`bench/tuning/tune-weak-lexical-fusion.ts`, `bench/results/weak-lexical-fusion-leave-one-out.md`):
   * it is the one rule that loses nothing on any set and gains on three (toolsift's own, CLINC150,
   * HWU64), and the fold that leaves toolsift's paraphrases out chooses it; toolsift's paraphrases
   * go from 0.055 to 0.063 recall@5. Also taking the range's low end on a weak best, which the
   * other folds choose, gained more there (0.072) but lost a query on HWU64.
   */
  private lexicalShare(
    coverage: number | undefined,
    lexical: readonly RankedTool[],
  ): { lexicalWeight: number; lexicalScale?: number } {
    const fixed = this.options.lexicalWeight ?? 0.9;
    if ((this.options.fusion ?? "adaptive") !== "adaptive" || coverage === undefined) return { lexicalWeight: fixed };
    const [low, high] = this.options.lexicalWeightRange ?? [0.5, 1];
    const lexicalWeight = low + (high - low) * coverage;
    const lexicalScale = weakListScale(lexical, this.lexical.strongScore?.());
    return lexicalScale === undefined ? { lexicalWeight } : { lexicalWeight, lexicalScale };
  }

  /** Hears the ranker's warnings, and its sides', beside `onWarning`; returns a function that stops listening. */
  listen(listener: (code: string, message: string) => void): () => void {
    return this.listeners.listen(listener);
  }

  async close(): Promise<void> {
    for (const unlisten of this.unlistenSides.splice(0)) unlisten();
    await this.lexical.close?.();
    await this.semantic.close?.();
  }

  private async guard<T>(step: () => T | Promise<T>): Promise<T | undefined> {
    if (this.semanticFailed) return undefined;
    try {
      return await step();
    } catch (error) {
      if (!this.options.fallbackToLexical) throw error;
      this.semanticFailed = true;
      const message = `The semantic ranker failed (${errorText(error)}); ranking with ${this.lexical.name} alone from now on.`;
      this.options.onWarning?.("ranker_fallback", message);
      this.listeners.warn("ranker_fallback", message);
      return undefined;
    }
  }
}

/**
 * Marks each fused match: strong when its lexical match is (or the lexical ranker does not
 * say), or when its meaning is close (`strong`, see {@link STRONG_QUANTILE}); weak otherwise.
 */
function withConfidence(
  fused: readonly RankedTool[],
  lexical: readonly RankedTool[],
  semantic: readonly RankedTool[],
  strong: number,
): RankedTool[] {
  const lexicalOf = new Map(lexical.map((hit) => [hit.name, hit]));
  const similarityOf = new Map(semantic.map((hit) => [hit.name, hit.score]));
  return fused.map((hit) => {
    const lexicalHit = lexicalOf.get(hit.name);
    const lexicallyStrong = lexicalHit !== undefined && lexicalHit.confidence !== "weak";
    const close = (similarityOf.get(hit.name) ?? -1) >= strong;
    return { ...hit, confidence: lexicallyStrong || close ? "strong" : "weak" };
  });
}

function isRanker(value: Ranker | EmbeddingRankerOptions | undefined): value is Ranker {
  return typeof (value as Ranker | undefined)?.search === "function";
}
