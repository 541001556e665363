import { ExactNames, PART_DEPTH, QueryPlan, ToolFamilies, type QueryHandling } from "../query/index.js";
import type { RankDocument, RankedTool, Ranker, RankOptions } from "../ranker.js";
import { analyzeText, type LongForms, longForms } from "../text/index.js";
import { bestSlots, type FilterOutlook } from "../top-k.js";
import { abstains, DEFAULT_ABSTENTION, foreignWords, type AbstentionOptions } from "./abstention.js";
import {
  BM25_FIELDS,
  DEFAULT_FIELD_WEIGHTS,
  DESCRIPTION_TERMS,
  idfOf,
  knownSynonyms,
  queryTermsOf,
  type Bm25Field,
} from "./bm25-terms.js";
import { checkBm25Options } from "./check-bm25-options.js";
import { Bm25Index, type Bm25Slot } from "./bm25-index.js";
import { FIELD_COUNT, type TermPostings } from "./term-postings.js";

export { DEFAULT_FIELD_WEIGHTS, type Bm25Field } from "./bm25-terms.js";
export type { AbstentionOptions } from "./abstention.js";

export interface Bm25Options extends QueryHandling {
  /**
   * How much a term hit in each field counts. The defaults make a name hit outrank a
   * description hit, and keep parameter text as a weak tie-breaker (parameter names such as
   * `id` or `limit` are everywhere). `examples` is a tool's enrichment (the requests and
   * synonyms `toolsift enrich` wrote, see `createToolSearch`'s `enrichment`); 0 ignores it.
   * @defaultValue `{ name: 3, tags: 2, description: 1, parameters: 0.3, examples: 0.25 }`
   */
  fieldWeights?: Partial<Record<Bm25Field, number>>;
  /**
   * How many terms of a description are indexed: its opening, where a tool says what it does.
   * Catalogues that append a long product blurb to every endpoint (RapidAPI-style) otherwise
   * match incidental words of the blurb; 32 lifted StableToolBench's recall@5 by 0.6 points
   * (bench/results/description-terms-leave-one-out.md). Not the default: real MCP servers write
   * long descriptions whose later sentences matter (the example catalogue's, 80–100 words, lost a
   * chained request's tool under 32). Only for blurbs that come after the endpoint's own text:
   * where the blurb comes first (ToolBench's `This is the subfunction for tool …`, the API's
   * description, then the endpoint's), the cap keeps the blurb and drops what the endpoint does
   * (−4.6 points of recall@5 on such a variant of StableToolBench, bench/results/plain-bm25-gap.md).
   * @example `new Bm25Ranker({ descriptionTerms: 32 })`
   * @defaultValue `Infinity`: every description whole
   */
  descriptionTerms?: number;
  /** Term-frequency saturation. @defaultValue 1.2 */
  k1?: number;
  /** Field-length normalisation, 0 (none) to 1 (full). @defaultValue 0.75 */
  b?: number;
  /**
   * When a match counts as `weak` (see {@link abstains} for the rule): its score is a coincidence
   * of common words and the query has a word no tool uses. Weak matches are listed and marked
   * `confidence: "weak"`; `true`, or limits of your own, makes BM25 answer nothing instead when
   * its best match is weak.
   *
   * Off by default since 0.2: tuned on the bench's datasets, answering nothing cost up to 10
   * points of recall@5 on public catalogues it was not tuned on, and an empty answer tells the
   * model the task is impossible.
   * @defaultValue `false` (limits `{ maxEvidence: 0.75, maxExplained: 0.25, maxNameCoverage: 0.2, maxSingleWordEvidence: 0.55 }`)
   * @example
   * ```ts
   * new Bm25Ranker({ abstention: true });                    // answer nothing rather than weak matches
   * new Bm25Ranker({ abstention: { maxEvidence: 0.5 } });    // and call fewer matches weak
   * ```
   */
  abstention?: AbstentionOptions | boolean;
  /**
   * Short forms read as their long form when the catalogue never uses the short form but uses
   * the long one: "open a PR" finds "Create a pull request". About 50 are built in (`pr`, `repo`,
   * `k8s`, `db`, `msg`, … in `src/ranking/text/abbreviations.ts`); add your own (a key is one
   * word, matched in any case), or `false` to read every word as it is.
   * @defaultValue `{}`: the built-in short forms only
   * @example
   * ```ts
   * new Bm25Ranker({ shortForms: { svc: "service", infra: "infrastructure" } });
   * new Bm25Ranker({ shortForms: false }); // no short form read as another word
   * ```
   */
  shortForms?: Readonly<Record<string, string>> | false;
  /**
   * Read a request's word that no tool uses as its synonyms in tool requests, where tools use
   * those: "erase the cache entry" finds "Delete a key", "any new mail" finds "List email". The
   * groups are built in (`src/ranking/text/tool-synonyms.ts`: get/fetch/retrieve, find/search/
   * locate, delete/remove/erase, password/passcode, …); words with another common reading
   * (`open`, `ticket`, `issue`, `link`, …) are never read as others. A match found only through a
   * synonym ranks as found but is never marked strong by it, so a request the catalogue cannot
   * answer still says so.
   * @defaultValue true
   * @example
   * ```ts
   * new Bm25Ranker({ synonyms: false }); // every word read as it is (short forms aside)
   * ```
   */
  synonyms?: boolean;
}

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

/**
 * BM25F over a tool's name, tags, description, parameters and examples (its enrichment), with
 * stemming and stop words.
 *
 * The index ({@link Bm25Index}) is incremental: `update` re-indexes only tools whose fingerprint
 * changed, so a catalogue that gains a tool mid-session costs one document, not a rebuild. Length
 * statistics are read at query time, so scores are always those of the current catalogue.
 *
 * Scores accumulate in one reused array, and the best `limit` tools are kept in a small heap
 * ({@link TopK}): a query costs the length of its terms' postings, and the permission filter is
 * asked only about tools that would make the results.
 *
 * @example
 * ```ts
 * const ranker = new Bm25Ranker({ fieldWeights: { name: 4 } });
 * await ranker.update(documents);
 * ranker.search("open a pull request", { limit: 5 });
 * ```
 */
export class Bm25Ranker implements Ranker {
  readonly name = "bm25";
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
  /** Whether the last search's filter refused a tool it was asked about ({@link bestSlots}). */
  private readonly filterOutlook: FilterOutlook = { refused: false };
  /** How a query word the catalogue does not know is read as a long form (see `shortForms`). */
  private readonly readLong: LongForms;
  /** Whether such a word is also read as its synonyms (see `synonyms`). */
  private readonly readSynonyms: boolean;

  /** Each indexed tool's server words, for abstention ({@link Bm25Ranker.serverTermsOf}). */
  private readonly serverTerms = new WeakMap<Bm25Slot, readonly string[]>();

  /** Reused by every search: one score per slot, and the slots scored so far. */
  private scores = new Float64Array(0);
  /** The part of each score from the query's own words and short forms, not its synonyms. */
  private ownScores = new Float64Array(0);
  private touched = new Int32Array(0);

  /** @throws OptionsError (`invalid_options`) for an option of the wrong type or range, or one it does not know. */
  constructor(options: Bm25Options = {}) {
    checkBm25Options(options);
    const weights = { ...DEFAULT_FIELD_WEIGHTS, ...options.fieldWeights };
    this.weights = Float64Array.from(BM25_FIELDS, (field) => weights[field]);
    this.k1 = options.k1 ?? 1.2;
    this.readLong = longForms(options.shortForms ?? {});
    this.readSynonyms = options.synonyms ?? true;
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
    const { index } = this;
    if (this.scores.length < index.capacity) {
      // Zeroed, as scores are between searches.
      this.scores = new Float64Array(index.capacity);
      this.ownScores = new Float64Array(index.capacity);
      this.touched = new Int32Array(index.capacity);
    }
    const { scores, ownScores, touched } = this;
    const alive = index.alive;
    let touchedCount = 0;
    const isKnown = (candidate: string) => index.frequencyOf(candidate) > 0;
    const terms = [...new Set(queryTermsOf(query, isKnown, this.readLong))];
    const synonyms = this.readSynonyms ? knownSynonyms(query, isKnown, new Set(terms)) : [];
    for (const [termIds, own] of [
      [index.knownIds(terms), true],
      [index.knownIds(synonyms), false],
    ] as const) {
      for (const termId of termIds) {
        const postings = index.postingsOf(termId);
        const idf = idfOf(index.live, index.documentFrequency(termId));
        const saturated = this.saturatedOf(postings);
        const { slots, length } = postings;
        for (let i = 0; i < length; i++) {
          const slot = slots[i]!;
          // A term only in fields weighted 0 scores nothing: the tool is not a match by it.
          if (alive[slot] === 0 || saturated[i] === 0) continue;
          if (scores[slot] === 0) touched[touchedCount++] = slot;
          scores[slot] = scores[slot]! + idf * saturated[i]!;
          if (own) ownScores[slot] = ownScores[slot]! + idf * saturated[i]!;
        }
      }
    }
    const best = this.best(touchedCount, options);
    for (let i = 0; i < touchedCount; i++) {
      scores[touched[i]!] = 0;
      ownScores[touched[i]!] = 0;
    }
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

  /** The query's side of {@link abstains}: the same for every match it is asked about. */
  private queryFacts(query: string, terms: readonly string[]): QueryFacts {
    const { index } = this;
    const foreign = foreignWords(query, (term) => index.frequencyOf(term) > 0, this.readLong);
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
  private isWeak(match: RankedTool & { ownScore: number }, factsOf: () => QueryFacts): boolean {
    const { weakLimits: limits, index } = this;
    // In units of a word only one tool has: a catalogue of any size reads the same. What a
    // synonym matched is no evidence: "search the web" is not about the find_phone tool.
    const evidence = match.ownScore / idfOf(index.live, 1);
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
    const terms = new Set(queryTermsOf(query, (term) => index.frequencyOf(term) > 0, this.readLong));
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

  /**
   * The score from which a match is strong whatever else it shows: `maxEvidence` (of the
   * abstention limits) times the idf of a word only one tool has. Every weak match scores under it.
   */
  strongScore(): number {
    return this.weakLimits.maxEvidence * idfOf(this.index.live, 1);
  }

  /** The `limit` best scored slots the filter allows, best first; ties in catalogue order. */
  private best(touchedCount: number, options: RankOptions): (RankedTool & { ownScore: number })[] {
    const { scores, touched, index } = this;
    const order = index.order;
    const weaker = (a: number, b: number) =>
      scores[a]! < scores[b]! || (scores[a] === scores[b] && order[a]! > order[b]!);
    const { filter } = options;
    const permitted = filter && ((slot: number) => filter(index.slot(slot).name));
    const scan = { count: touchedCount, slots: touched };
    return bestSlots(scores, scan, options.limit, weaker, permitted, this.filterOutlook).map((slot) => ({
      name: index.slot(slot).name,
      score: scores[slot]!,
      ownScore: this.ownScores[slot]!,
    }));
  }
}
