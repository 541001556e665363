import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/index.js";
import { splitIdentifier } from "../../src/ranking/text/split-identifier.js";

export interface OkapiBm25Options {
  /** Term-frequency saturation. @defaultValue 1.5 */
  k1?: number;
  /** Length normalisation, 0 (none) to 1 (full). @defaultValue 0.75 */
  b?: number;
  /** Count each query word once, however often it is written. @defaultValue false */
  distinctQueryTerms?: boolean;
  /** Split names at camelCase too (`getUser` → `get user`), as well as at `_`, `-` and `.`. @defaultValue false */
  splitNames?: boolean;
}

/** Lower-cased runs of letters and digits: no stemming, no stop words, no identifier splitting. */
export function plainTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The textbook Okapi BM25 as a tutorial writes it, the floor toolsift's own BM25 must clear:
 * one bag of words per tool (its name, split only where it is not a letter or digit, then its
 * description; no schema, no tags), the "+1" idf `ln(1 + (n − df + 0.5) / (df + 0.5))`, and
 * `tf · (k1 + 1) / (tf + k1 · (1 − b + b · len / avgLen))` per term. Every query word counts,
 * a repeated one as often as it is written, as such implementations loop over the query's tokens
 * (`distinctQueryTerms` counts it once; with `splitNames` too it comes near the shared sets'
 * README figures for "a plain BM25").
 * Tools scoring 0 are not returned; ties go to the earlier tool.
 */
export class OkapiBm25Ranker implements Ranker {
  readonly name = "okapi-bm25";
  private readonly k1: number;
  private readonly b: number;
  private readonly distinct: boolean;
  private readonly splitNames: boolean;
  private names: string[] = [];
  private lengths: number[] = [];
  private averageLength = 0;
  /** term → (tool index → count) */
  private postings = new Map<string, Map<number, number>>();

  constructor(options: OkapiBm25Options = {}) {
    this.k1 = options.k1 ?? 1.5;
    this.b = options.b ?? 0.75;
    this.distinct = options.distinctQueryTerms ?? false;
    this.splitNames = options.splitNames ?? false;
  }

  update(documents: readonly RankDocument[]): void {
    this.names = documents.map((document) => document.name);
    this.postings = new Map();
    this.lengths = documents.map((document, index) => {
      const name = this.splitNames ? splitIdentifier(document.name).join(" ") : document.name;
      const tokens = plainTokens(`${name} ${document.description}`);
      for (const term of tokens) {
        let posting = this.postings.get(term);
        if (!posting) this.postings.set(term, (posting = new Map()));
        posting.set(index, (posting.get(index) ?? 0) + 1);
      }
      return tokens.length;
    });
    const total = this.lengths.reduce((sum, length) => sum + length, 0);
    this.averageLength = documents.length === 0 ? 0 : total / documents.length;
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const { k1, b, lengths, averageLength } = this;
    const n = this.names.length;
    const scores = new Map<number, number>();
    const terms = plainTokens(query);
    for (const term of this.distinct ? new Set(terms) : terms) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [index, tf] of posting) {
        const norm = 1 - b + (b * lengths[index]!) / averageLength;
        scores.set(index, (scores.get(index) ?? 0) + (idf * tf * (k1 + 1)) / (tf + k1 * norm));
      }
    }
    const ranked: { index: number; score: number }[] = [];
    for (const [index, score] of scores) {
      if (score <= 0) continue;
      if (options.filter && !options.filter(this.names[index]!)) continue;
      ranked.push({ index, score });
    }
    ranked.sort((x, y) => y.score - x.score || x.index - y.index);
    return ranked.slice(0, options.limit).map(({ index, score }) => ({ name: this.names[index]!, score }));
  }
}
