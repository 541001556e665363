/**
 * `Bm25Ranker` (src/ranking/bm25/bm25-ranker.ts) with a choice of how a match in a tool's name is
 * weighted, for `tune-name-weight-rule.ts` only. A copy of the ranker, not an option of it: the
 * rules measured here did not earn a place in src (bench/results/name-weight-rule.md), and the
 * ranker's scoring loop and saturated weights are private. Everything but `rank`, `rankWith` and
 * `plainSaturatedOf` is the ranker's own code as of that measurement; `fixed` ranks exactly as
 * `Bm25Ranker` does, which the measurement checks on every set.
 */
import { ExactNames, PART_DEPTH, QueryPlan, ToolFamilies, type QueryHandling } from "../../src/ranking/query/index.js";
import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/ranker.js";
import { analyzeText } from "../../src/ranking/text/index.js";
import { TopK } from "../../src/ranking/top-k.js";
import {
  abstains,
  DEFAULT_ABSTENTION,
  foreignWords,
  type AbstentionOptions,
} from "../../src/ranking/bm25/abstention.js";
import {
  BM25_FIELDS,
  DEFAULT_FIELD_WEIGHTS,
  DESCRIPTION_TERMS,
  idfOf,
  queryTermsOf,
} from "../../src/ranking/bm25/bm25-terms.js";
import { checkBm25Options } from "../../src/ranking/bm25/check-bm25-options.js";
import { Bm25Index, type Bm25Slot } from "../../src/ranking/bm25/bm25-index.js";
import { FIELD_COUNT, type TermPostings } from "../../src/ranking/bm25/term-postings.js";
import type { Bm25Options } from "../../src/ranking/bm25/bm25-ranker.js";

/**
 * How a match in a tool's name is weighted (see the file's comment):
 * - `fixed`: at the name weight, always (toolsift's rule; a check that this copy ranks as `Bm25Ranker` does);
 * - `weak-retry`: a request whose best match is weak is ranked again with name weight 1;
 * - `two-names`: a tool's name counts at its weight only when the request holds two or more of
 *   its name's terms, else at 1;
 * - `half-name`: only when the request holds at least half its name's terms.
 */
export const NAME_RULES = ["fixed", "weak-retry", "two-names", "half-name"] as const;
export type NameRule = (typeof NAME_RULES)[number];

const NAME_FIELD = BM25_FIELDS.indexOf("name");

/** What {@link abstains} reads of a query, whichever match it is asked about. */
interface QueryFacts {
  /** Everyday words of the query no tool uses ({@link foreignWords}). */
  readonly foreign: number;
  readonly inQuery: ReadonlySet<string>;
  /** Each query term's id (when some tool has it) and idf weight, in query order. */
  readonly weighted: readonly { id: number | undefined; weight: number }[];
  readonly queryWeight: number;
  /** The ids of the query's terms some live tool has. */
  readonly queryIds: ReadonlySet<number>;
}

/** BM25F as `Bm25Ranker`, with the name weight applied by a {@link NameRule}. */
export class NameRuleBm25Ranker implements Ranker {
  readonly name: string;
  private readonly weights: Float64Array;
  private readonly k1: number;
  private readonly handling: QueryHandling;
  /** The limits under which a match is weak. */
  private readonly weakLimits: Required<AbstentionOptions>;
  /** Answer nothing, rather than weak matches. */
  private readonly abstain: boolean;
  /** Tools by every form of their name, for queries that name one; absent when `exactNames` is off. */
  private readonly names: ExactNames | undefined;
  /** The catalogue's servers and APIs, for a best match's sibling; absent when `siblings` is off. */
  private readonly families: ToolFamilies | undefined;
  private readonly index: Bm25Index;

  /** Each indexed tool's server words, for abstention ({@link Bm25Ranker.serverTermsOf}). */
  private readonly serverTerms = new WeakMap<Bm25Slot, readonly string[]>();

  /** Reused by every search: one score per slot, and the slots scored so far. */
  private scores = new Float64Array(0);
  private touched = new Int32Array(0);
  /** The field weights with the name's at 1, and each term's saturated weights under them. */
  private readonly plainWeights: Float64Array;
  private readonly altSaturated = new WeakMap<TermPostings, { epoch: number; values: Float64Array }>();
  /** Per slot, under the rules that weigh each tool's name apart: its score at name weight 1, and the query terms in its name. */
  private altScores = new Float64Array(0);
  private nameHits = new Uint8Array(0);

  /** @throws OptionsError (`invalid_options`) for an option of the wrong type or range, or one it does not know. */
  constructor(
    options: Bm25Options = {},
    private readonly nameRule: NameRule = "fixed",
  ) {
    this.name = `bm25-${nameRule}`;
    checkBm25Options(options);
    const weights = { ...DEFAULT_FIELD_WEIGHTS, ...options.fieldWeights };
    this.weights = Float64Array.from(BM25_FIELDS, (field) => weights[field]);
    this.plainWeights = Float64Array.from(BM25_FIELDS, (field) => (field === "name" ? 1 : weights[field]));
    this.k1 = options.k1 ?? 1.2;
    this.handling = {
      exactNames: options.exactNames ?? true,
      multiPart: options.multiPart ?? true,
      siblings: options.siblings ?? true,
    };
    this.names = this.handling.exactNames ? new ExactNames() : undefined;
    this.families = this.handling.siblings ? new ToolFamilies() : undefined;
    this.index = new Bm25Index(
      options.b ?? 0.75,
      this.names,
      weights.examples > 0,
      options.descriptionTerms ?? DESCRIPTION_TERMS,
    );
    const { abstention } = options;
    this.abstain = abstention !== undefined && abstention !== false;
    this.weakLimits = {
      ...DEFAULT_ABSTENTION,
      ...(typeof abstention === "object" && abstention !== null ? abstention : {}),
    };
  }

  update(documents: readonly RankDocument[]): void {
    this.index.update(documents);
    this.families?.sync(documents);
  }

  /**
   * The best `limit` tools for the query, best first. A tool the query names comes first; a
   * query that chains requests is also ranked request by request (see {@link QueryHandling}).
   */
  search(query: string, options: RankOptions): RankedTool[] {
    if (this.index.live === 0 || options.limit <= 0) return [];
    const plan = QueryPlan.of(query, options, this.handling, this.names, this.families);
    const whole = this.rank(query, { ...options, limit: plan.depth });
    // Nothing matches the whole query, or it is about something the catalogue lacks: its parts,
    // made of the same words, are not asked again.
    if (whole.length === 0) return plan.finish(whole);
    return plan.finish(
      whole,
      plan.parts.map((part) => this.rank(part, { ...options, limit: PART_DEPTH })),
    );
  }

  /** BM25F: the `limit` best scored tools the filter allows, each marked strong or weak; none when abstaining on a weak best. */
  private rank(query: string, options: RankOptions): RankedTool[] {
    const rule = this.nameRule;
    if (rule === "fixed") return this.rankWith(query, options, "main");
    if (rule === "weak-retry") {
      const first = this.rankWith(query, options, "main");
      if (first.length > 0 && first[0]!.confidence === "weak") return this.rankWith(query, options, "plain");
      return first;
    }
    return this.rankWith(query, options, rule);
  }

  /** `main`: every name at its weight; `plain`: every name at 1; a rule: each tool's name as the rule says. */
  private rankWith(
    query: string,
    options: RankOptions,
    mode: "main" | "plain" | "two-names" | "half-name",
  ): RankedTool[] {
    const { index } = this;
    if (this.scores.length < index.capacity) {
      // Zeroed, as scores are between searches.
      this.scores = new Float64Array(index.capacity);
      this.touched = new Int32Array(index.capacity);
      this.altScores = new Float64Array(index.capacity);
      this.nameHits = new Uint8Array(index.capacity);
    }
    const { scores, touched, altScores, nameHits } = this;
    const alive = index.alive;
    let touchedCount = 0;
    const terms = [...new Set(queryTermsOf(query, (candidate) => index.frequencyOf(candidate) > 0))];
    const both = mode !== "main" && mode !== "plain";
    for (const termId of index.knownIds(terms)) {
      const postings = index.postingsOf(termId);
      const idf = idfOf(index.live, index.documentFrequency(termId));
      const saturated = mode === "plain" ? this.plainSaturatedOf(postings) : this.saturatedOf(postings);
      const plain = both ? this.plainSaturatedOf(postings) : saturated;
      const { slots, length, counts } = postings;
      for (let i = 0; i < length; i++) {
        const slot = slots[i]!;
        // A term only in fields weighted 0 scores nothing: the tool is not a match by it.
        if (alive[slot] === 0 || saturated[i] === 0) continue;
        if (scores[slot] === 0) touched[touchedCount++] = slot;
        scores[slot] = scores[slot]! + idf * saturated[i]!;
        if (both) {
          altScores[slot] = altScores[slot]! + idf * plain[i]!;
          if (counts[i * FIELD_COUNT + NAME_FIELD]! > 0) nameHits[slot] = nameHits[slot]! + 1;
        }
      }
    }
    if (both) {
      for (let i = 0; i < touchedCount; i++) {
        const slot = touched[i]!;
        const hits = nameHits[slot]!;
        const named = mode === "two-names" ? hits >= 2 : hits > 0 && hits * 2 >= index.slot(slot).nameTerms.length;
        if (!named) scores[slot] = altScores[slot]!;
        altScores[slot] = 0;
        nameHits[slot] = 0;
      }
    }
    const best = this.best(touchedCount, options);
    for (let i = 0; i < touchedCount; i++) scores[touched[i]!] = 0;
    if (best.length === 0) return best;
    // What the query is, read once and only when some match's score is weak enough for it to matter.
    let facts: QueryFacts | undefined;
    const factsOf = () => (facts ??= this.queryFacts(query, terms));
    const marked = best.map(
      (hit): RankedTool => ({
        name: hit.name,
        score: hit.score,
        confidence: this.isWeak(hit, factsOf) ? "weak" : "strong",
      }),
    );
    return this.abstain && marked[0]!.confidence === "weak" ? [] : marked;
  }

  /** As `saturatedOf`, with the name's weight 1; cached per term beside the ranker's own. */
  private plainSaturatedOf(postings: TermPostings): Float64Array {
    const { index, plainWeights: weights, k1 } = this;
    const norms = index.currentNorms();
    let cached = this.altSaturated.get(postings);
    if (cached !== undefined && cached.epoch === index.normsEpoch && cached.values.length >= postings.length)
      return cached.values;
    const { slots, counts, length } = postings;
    const saturated = new Float64Array(postings.slots.length);
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!;
      let weighted = 0;
      for (let field = 0; field < FIELD_COUNT; field++) {
        const count = counts[i * FIELD_COUNT + field]!;
        if (count !== 0) weighted += (weights[field]! * count) / norms[slot * FIELD_COUNT + field]!;
      }
      saturated[i] = weighted / (k1 + weighted);
    }
    cached = { epoch: index.normsEpoch, values: saturated };
    this.altSaturated.set(postings, cached);
    return saturated;
  }

  /** The query's side of {@link abstains}: the same for every match it is asked about. */
  private queryFacts(query: string, terms: readonly string[]): QueryFacts {
    const { index } = this;
    const foreign = foreignWords(query, (term) => index.frequencyOf(term) > 0);
    const weighted = terms.map((term) => ({
      id: index.termIdOf(term),
      weight: idfOf(index.live, index.frequencyOf(term)),
    }));
    return {
      foreign,
      inQuery: new Set(terms),
      weighted,
      queryWeight: weighted.reduce((sum, { weight }) => sum + weight, 0),
      queryIds: new Set(index.knownIds(terms)),
    };
  }

  /**
   * Gathers what {@link abstains} reads about the query and one match, cheapest first, and stops
   * as soon as one sign says the match is real. Runs on the matches returned only.
   */
  private isWeak(match: RankedTool, factsOf: () => QueryFacts): boolean {
    const { weakLimits: limits, index } = this;
    // In units of a word only one tool has: a catalogue of any size reads the same.
    const evidence = match.score / idfOf(index.live, 1);
    if (evidence >= limits.maxEvidence) return false;
    const { foreign, inQuery, weighted, queryWeight, queryIds } = factsOf();
    if (foreign === 0) return false;
    const slot = index.slotOf(match.name)!;
    const tool = index.slot(slot);
    const serverTerms = this.serverTermsOf(tool);
    // How much of the query's idf weight the tool contains.
    let matched = 0;
    let matchedTerms = 0;
    for (const { id, weight } of weighted) {
      if (id !== undefined && index.postingsOf(id).find(slot) >= 0) {
        matched += weight;
        matchedTerms++;
      }
    }
    // The tool's name terms, weighted by idf, and how much of that weight the query mentions.
    let nameWeight = 0;
    let mentioned = 0;
    for (const id of tool.nameTerms) {
      const weight = idfOf(index.live, index.documentFrequency(id));
      nameWeight += weight;
      if (queryIds.has(id)) mentioned += weight;
    }
    return abstains(
      {
        evidence,
        explained: queryWeight > 0 ? matched / queryWeight : 0,
        nameCoverage: nameWeight > 0 ? mentioned / nameWeight : 0,
        matchedTerms,
        inServer: serverTerms.length > 0,
        namesServer: serverTerms.some((term) => inQuery.has(term)),
        foreignWords: foreign,
      },
      limits,
    );
  }

  /**
   * The words of a tool's server (its `server`, else the `server__` of its name), read once per
   * indexed tool: a tool re-indexed or renumbered is a new slot object and is read again.
   */
  private serverTermsOf(tool: Bm25Slot): readonly string[] {
    let terms = this.serverTerms.get(tool);
    if (terms === undefined) {
      const { name, server } = tool;
      // Read as prose, so `s3` stays one word; a one-letter piece names nothing.
      terms = analyzeText(server ?? (name.includes("__") ? name.slice(0, name.indexOf("__")) : "")).filter(
        (term) => term.length > 1,
      );
      this.serverTerms.set(tool, terms);
    }
    return terms;
  }

  /**
   * The term's BM25F weight in each tool, saturated: `w / (k1 + w)` where `w` sums the field
   * counts, each length-normalised and weighted. It depends only on the index, not the query, so
   * it is computed once per term after each change and then read by every query.
   */
  private saturatedOf(postings: TermPostings): Float64Array {
    const { index, weights, k1 } = this;
    const norms = index.currentNorms();
    if (postings.saturatedEpoch === index.normsEpoch) return postings.saturated;
    const { slots, counts, length } = postings;
    if (postings.saturated.length < length) postings.saturated = new Float64Array(postings.slots.length);
    const saturated = postings.saturated;
    for (let i = 0; i < length; i++) {
      const slot = slots[i]!;
      let weighted = 0;
      for (let field = 0; field < FIELD_COUNT; field++) {
        const count = counts[i * FIELD_COUNT + field]!;
        if (count !== 0) weighted += (weights[field]! * count) / norms[slot * FIELD_COUNT + field]!;
      }
      saturated[i] = weighted / (k1 + weighted);
    }
    postings.saturatedEpoch = index.normsEpoch;
    return saturated;
  }

  /**
   * How much of the query the catalogue's vocabulary covers: the idf-weighted share of the
   * query's terms that occur in any tool, 0 (none) to 1 (all). A term no tool has counts with
   * the largest possible idf. A hybrid ranker reads it as the lexical side's confidence.
   */
  coverage(query: string): number {
    const { index } = this;
    const terms = new Set(queryTermsOf(query, (term) => index.frequencyOf(term) > 0));
    if (index.live === 0 || terms.size === 0) return 0;
    let matched = 0;
    let all = 0;
    for (const term of terms) {
      const frequency = index.frequencyOf(term);
      const weight = idfOf(index.live, frequency);
      all += weight;
      if (frequency > 0) matched += weight;
    }
    return matched / all;
  }

  /** The `limit` best scored slots the filter allows, best first; ties in catalogue order. */
  private best(touchedCount: number, options: RankOptions): RankedTool[] {
    const { scores, touched, index } = this;
    const order = index.order;
    const top = new TopK<number>(
      options.limit,
      (a, b) => scores[a]! < scores[b]! || (scores[a] === scores[b] && order[a]! > order[b]!),
    );
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i]!;
      if (top.admits(slot) && (!options.filter || options.filter(index.slot(slot).name))) top.add(slot);
    }
    return top.best().map((slot) => ({ name: index.slot(slot).name, score: scores[slot]! }));
  }
}
