import type { RankDocument, RankedTool, RankOptions } from "../ranker.js";
import { BM25_FIELDS, fieldTermsOf, idfOf, queryTermsOf } from "./bm25-terms.js";

/**
 * BM25F written the plain way, with maps and sets, rebuilt from scratch on every update: the
 * reference the typed-array index is checked against. Test-only.
 */
export class StraightforwardBm25 {
  private documents: { name: string; order: number; counts: Map<string, number>[]; lengths: number[] }[] = [];

  constructor(
    private readonly weights = [3, 2, 1, 0.3, 0.25],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {}

  update(documents: readonly RankDocument[]): void {
    this.documents = documents.map((document, order) => {
      const { terms: fields, lengths } = fieldTermsOf(document, this.weights[4]! > 0);
      return {
        name: document.name,
        order,
        counts: fields.map((terms) =>
          terms.reduce((counts, term) => counts.set(term, (counts.get(term) ?? 0) + 1), new Map<string, number>()),
        ),
        lengths,
      };
    });
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const total = this.documents.length;
    const has = (term: string) => this.documents.some((document) => document.counts.some((counts) => counts.has(term)));
    // The examples field is averaged over the tools that have examples (see Bm25Index).
    const averages = BM25_FIELDS.map((name, field) => {
      const over =
        name === "examples" ? this.documents.filter((document) => document.lengths[field]! > 0) : this.documents;
      return Math.max(over.reduce((sum, document) => sum + document.lengths[field]!, 0) / Math.max(over.length, 1), 1);
    });
    const scores = new Map<string, { score: number; order: number }>();
    for (const term of new Set(queryTermsOf(query, has))) {
      const containing = this.documents.filter((document) => document.counts.some((counts) => counts.has(term)));
      if (containing.length === 0) continue;
      const idf = idfOf(total, containing.length);
      for (const document of containing) {
        let weighted = 0;
        for (let field = 0; field < BM25_FIELDS.length; field++) {
          const count = document.counts[field]!.get(term);
          if (!count) continue;
          weighted +=
            (this.weights[field]! * count) / (1 - this.b + (this.b * document.lengths[field]!) / averages[field]!);
        }
        const entry = scores.get(document.name) ?? { score: 0, order: document.order };
        entry.score += idf * (weighted / (this.k1 + weighted));
        scores.set(document.name, entry);
      }
    }
    return [...scores]
      .filter(([name]) => !options.filter || options.filter(name))
      .sort((a, b) => b[1].score - a[1].score || a[1].order - b[1].order)
      .slice(0, Math.max(0, options.limit))
      .map(([name, { score }]) => ({ name, score }));
  }
}
