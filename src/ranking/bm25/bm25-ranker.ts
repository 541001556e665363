import type { RankDocument, RankedTool, Ranker, RankOptions } from "../ranker.js";
import { analyzeIdentifier, analyzeText } from "../text/index.js";
import { topK } from "../top-k.js";

/** The parts of a tool the lexical index keeps apart, each with its own weight and length norm. */
export type Bm25Field = "name" | "tags" | "description" | "parameters";

const FIELDS: readonly Bm25Field[] = ["name", "tags", "description", "parameters"];

export interface Bm25Options {
  /**
   * How much a term hit in each field counts. The defaults make a name hit outrank a
   * description hit, and keep parameter text as a weak tie-breaker (parameter names such as
   * `id` or `limit` are everywhere).
   * @defaultValue `{ name: 3, tags: 2, description: 1, parameters: 0.3 }`
   */
  fieldWeights?: Partial<Record<Bm25Field, number>>;
  /** Term-frequency saturation. @defaultValue 1.2 */
  k1?: number;
  /** Field-length normalisation, 0 (none) to 1 (full). @defaultValue 0.75 */
  b?: number;
}

interface IndexedTool {
  readonly name: string;
  readonly fingerprint: string;
  /** Position in the latest catalogue: breaks score ties in catalogue order. */
  order: number;
  /** Per field: term → count. */
  readonly termCounts: readonly Map<string, number>[];
  readonly fieldLengths: readonly number[];
}

const DEFAULT_WEIGHTS: Record<Bm25Field, number> = { name: 3, tags: 2, description: 1, parameters: 0.3 };

/**
 * BM25F over a tool's name, tags, description and parameters, with stemming and stop words.
 *
 * The index is incremental: `update` re-indexes only tools whose fingerprint changed, so a
 * catalogue that gains a tool mid-session costs one document, not a rebuild. Length
 * statistics are read at query time, so they are always those of the current catalogue.
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
  private readonly weights: readonly number[];
  private readonly k1: number;
  private readonly b: number;
  private readonly tools = new Map<string, IndexedTool>();
  private readonly postings = new Map<string, Set<IndexedTool>>();
  private readonly lengthTotals = FIELDS.map(() => 0);

  constructor(options: Bm25Options = {}) {
    const weights = { ...DEFAULT_WEIGHTS, ...options.fieldWeights };
    this.weights = FIELDS.map((field) => weights[field]);
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
  }

  update(documents: readonly RankDocument[]): void {
    const current = new Set<string>();
    documents.forEach((document, order) => {
      current.add(document.name);
      const existing = this.tools.get(document.name);
      if (existing?.fingerprint === document.fingerprint) {
        existing.order = order;
        return;
      }
      if (existing) this.remove(existing);
      this.add(document, order);
    });
    for (const tool of [...this.tools.values()]) {
      if (!current.has(tool.name)) this.remove(tool);
    }
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const total = this.tools.size;
    if (total === 0 || options.limit <= 0) return [];
    const averageLengths = this.lengthTotals.map((sum) => Math.max(sum / total, 1));
    const scores = new Map<IndexedTool, number>();
    const allowed = new Map<IndexedTool, boolean>();
    for (const term of new Set(this.queryTerms(query))) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const idf = idfOf(total, postings.size);
      for (const tool of postings) {
        let isAllowed = allowed.get(tool);
        if (isAllowed === undefined) {
          isAllowed = options.filter ? options.filter(tool.name) : true;
          allowed.set(tool, isAllowed);
        }
        if (!isAllowed) continue;
        const weighted = this.weightedFrequency(tool, term, averageLengths);
        scores.set(tool, (scores.get(tool) ?? 0) + (idf * weighted) / (this.k1 + weighted));
      }
    }
    return topK(
      [...scores].map(([tool, score]) => ({ name: tool.name, score, order: tool.order })),
      options.limit,
    ).map(({ name, score }) => ({ name, score }));
  }

  /**
   * How much of the query the catalogue's vocabulary covers: the idf-weighted share of the
   * query's terms that occur in any tool, 0 (none) to 1 (all). A term no tool has counts with
   * the largest possible idf. A hybrid ranker reads it as the lexical side's confidence.
   */
  coverage(query: string): number {
    const total = this.tools.size;
    const terms = new Set(this.queryTerms(query));
    if (total === 0 || terms.size === 0) return 0;
    let matched = 0;
    let all = 0;
    for (const term of terms) {
      const postings = this.postings.get(term)?.size ?? 0;
      const weight = idfOf(total, postings);
      all += weight;
      if (postings > 0) matched += weight;
    }
    return matched / all;
  }

  /**
   * A query's terms. A word written in camelCase (a model repeating `listPullRequests` from
   * a stub) is split like a tool name unless the index knows it whole, so `GitHub` stays
   * `github` while `getFileContents` becomes `get file content`.
   */
  private queryTerms(query: string): string[] {
    const terms: string[] = [];
    for (const word of query.split(/[^\p{L}\p{N}]+/u)) {
      if (word === "") continue;
      const whole = analyzeText(word);
      const camel = /\p{Ll}\p{Lu}|\p{Lu}{2}\p{Ll}/u.test(word);
      terms.push(...(camel && !whole.every((term) => this.postings.has(term)) ? analyzeIdentifier(word) : whole));
    }
    return terms;
  }

  /** BM25F: field frequencies are length-normalised and weighted before one saturation. */
  private weightedFrequency(tool: IndexedTool, term: string, averageLengths: readonly number[]): number {
    let sum = 0;
    for (let field = 0; field < FIELDS.length; field++) {
      const count = tool.termCounts[field]!.get(term);
      if (!count) continue;
      const norm = 1 - this.b + (this.b * tool.fieldLengths[field]!) / averageLengths[field]!;
      sum += (this.weights[field]! * count) / norm;
    }
    return sum;
  }

  private add(document: RankDocument, order: number): void {
    const fieldTerms = fieldTermsOf(document);
    const tool: IndexedTool = {
      name: document.name,
      fingerprint: document.fingerprint,
      order,
      termCounts: fieldTerms.map(countTerms),
      fieldLengths: fieldTerms.map((terms) => terms.length),
    };
    this.tools.set(tool.name, tool);
    tool.fieldLengths.forEach((length, field) => (this.lengthTotals[field]! += length));
    for (const counts of tool.termCounts) {
      for (const term of counts.keys()) {
        let postings = this.postings.get(term);
        if (!postings) this.postings.set(term, (postings = new Set()));
        postings.add(tool);
      }
    }
  }

  private remove(tool: IndexedTool): void {
    this.tools.delete(tool.name);
    tool.fieldLengths.forEach((length, field) => (this.lengthTotals[field]! -= length));
    for (const counts of tool.termCounts) {
      for (const term of counts.keys()) {
        const postings = this.postings.get(term);
        postings?.delete(tool);
        if (postings?.size === 0) this.postings.delete(term);
      }
    }
  }
}

function fieldTermsOf(document: RankDocument): string[][] {
  const tags = document.tags.flatMap(analyzeText);
  if (document.server && !document.name.startsWith(`${document.server}__`)) {
    tags.push(...analyzeIdentifier(document.server));
  }
  return [
    analyzeIdentifier(document.name),
    tags,
    analyzeText(document.description),
    document.parameters.flatMap((parameter) => [
      ...analyzeIdentifier(parameter.name),
      ...analyzeText(parameter.description ?? ""),
    ]),
  ];
}

/** The "+1" form of idf: positive even for a term in most tools, so a match never lowers a score. */
function idfOf(total: number, documentFrequency: number): number {
  return Math.log(1 + (total - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
