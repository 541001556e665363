import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/index.js";
import { analyzeIdentifier, analyzeText } from "../../src/ranking/text/index.js";

export interface ReferenceBm25Options {
  /** Term-frequency saturation. @defaultValue 1.2 */
  k1?: number;
  /** Length normalisation, 0 to 1. @defaultValue 0.75 */
  b?: number;
}

/**
 * The near-limit yardstick of issue 13: a plain BM25 over a tool's name (split into words)
 * and description as one bag of terms, kept in flat typed arrays. It uses toolsift's own text
 * analysis (`analyzeIdentifier`, `analyzeText`), so a comparison with toolsift's `bm25`
 * isolates the data structures, not the tokenising.
 *
 * - `update` builds everything once: a term → id map, per-term postings as one `Int32Array`
 *   of tool ids and one `Float32Array` of precomputed BM25 weights (idf × saturated,
 *   length-normalised tf), addressed through an offsets array.
 * - `search` adds each query term's weights into one reusable `Float64Array` accumulator,
 *   remembering which tools it touched, then keeps the best `limit` in a linear pass with a
 *   small sorted buffer, resetting the accumulator as it goes. The filter is asked only for
 *   tools that would enter the top k.
 *
 * Rebuilt from scratch on every `update` (no incremental updates: it is a yardstick of
 * search speed, not a ranker for changing catalogues). Ties go to the earlier tool.
 *
 * @example
 * ```ts
 * const reference = new ReferenceBm25();
 * reference.update(documents);
 * reference.search("update the invoice of a customer", { limit: 10 });
 * ```
 */
export class ReferenceBm25 implements Ranker {
  readonly name = "reference-bm25";
  private readonly k1: number;
  private readonly b: number;
  private names: string[] = [];
  private termIds = new Map<string, number>();
  /** Postings of term t are `postingTools[offsets[t] .. offsets[t + 1])`. */
  private offsets = new Int32Array(1);
  private postingTools = new Int32Array(0);
  private postingWeights = new Float32Array(0);
  private scores = new Float64Array(0);
  private touched = new Int32Array(0);

  constructor(options: ReferenceBm25Options = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
  }

  update(documents: readonly RankDocument[]): void {
    const count = documents.length;
    const termIds = new Map<string, number>();
    const documentFrequency: number[] = [];
    const termsOf: Int32Array[] = new Array(count);
    let totalLength = 0;
    for (let tool = 0; tool < count; tool++) {
      const document = documents[tool]!;
      const terms = [...analyzeIdentifier(document.name), ...analyzeText(document.description)];
      const ids = new Int32Array(terms.length);
      for (let i = 0; i < terms.length; i++) {
        let id = termIds.get(terms[i]!);
        if (id === undefined) {
          id = termIds.size;
          termIds.set(terms[i]!, id);
          documentFrequency.push(0);
        }
        ids[i] = id;
      }
      // Sorted, so equal terms sit together: one run per distinct term, its length the tf.
      ids.sort();
      for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) documentFrequency[ids[i]!]!++;
      termsOf[tool] = ids;
      totalLength += ids.length;
    }

    const offsets = new Int32Array(termIds.size + 1);
    for (let term = 0; term < termIds.size; term++) offsets[term + 1] = offsets[term]! + documentFrequency[term]!;
    const postingTools = new Int32Array(offsets[termIds.size]!);
    const postingWeights = new Float32Array(postingTools.length);
    const cursor = offsets.slice(0, termIds.size);
    const averageLength = Math.max(totalLength / Math.max(count, 1), 1);
    const idf = documentFrequency.map((df) => Math.log(1 + (count - df + 0.5) / (df + 0.5)));
    for (let tool = 0; tool < count; tool++) {
      const ids = termsOf[tool]!;
      const norm = this.k1 * (1 - this.b + (this.b * ids.length) / averageLength);
      for (let start = 0; start < ids.length; ) {
        const term = ids[start]!;
        let end = start + 1;
        while (end < ids.length && ids[end] === term) end++;
        const tf = end - start;
        const slot = cursor[term]!++;
        postingTools[slot] = tool;
        postingWeights[slot] = (idf[term]! * tf * (this.k1 + 1)) / (tf + norm);
        start = end;
      }
    }
    this.names = documents.map((document) => document.name);
    this.termIds = termIds;
    this.offsets = offsets;
    this.postingTools = postingTools;
    this.postingWeights = postingWeights;
    this.scores = new Float64Array(count);
    this.touched = new Int32Array(count);
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const limit = Math.min(options.limit, this.names.length);
    if (limit <= 0) return [];
    const { scores, touched, postingTools, postingWeights, offsets } = this;
    const terms = new Set<number>();
    for (const term of analyzeText(query)) {
      const id = this.termIds.get(term);
      if (id !== undefined) terms.add(id);
    }
    let touchedCount = 0;
    for (const term of terms) {
      for (let slot = offsets[term]!, end = offsets[term + 1]!; slot < end; slot++) {
        const tool = postingTools[slot]!;
        // Every weight is positive, so 0 means "not touched yet by this query".
        if (scores[tool] === 0) touched[touchedCount++] = tool;
        scores[tool]! += postingWeights[slot]!;
      }
    }

    const bestTools = new Int32Array(limit);
    const bestScores = new Float64Array(limit);
    let kept = 0;
    for (let i = 0; i < touchedCount; i++) {
      const tool = touched[i]!;
      const score = scores[tool]!;
      scores[tool] = 0;
      if (kept === limit && !outranks(score, tool, bestScores[kept - 1]!, bestTools[kept - 1]!)) continue;
      if (options.filter && !options.filter(this.names[tool]!)) continue;
      let position = kept < limit ? kept++ : kept - 1;
      while (position > 0 && outranks(score, tool, bestScores[position - 1]!, bestTools[position - 1]!)) {
        bestScores[position] = bestScores[position - 1]!;
        bestTools[position] = bestTools[position - 1]!;
        position--;
      }
      bestScores[position] = score;
      bestTools[position] = tool;
    }
    const results: RankedTool[] = new Array(kept);
    for (let i = 0; i < kept; i++) results[i] = { name: this.names[bestTools[i]!]!, score: bestScores[i]! };
    return results;
  }
}

function outranks(score: number, tool: number, otherScore: number, otherTool: number): boolean {
  return score > otherScore || (score === otherScore && tool < otherTool);
}
