import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/index.js";

/** Saturation constant of the blog post's term-frequency factor tf / (tf + 1.2). */
const TF_SATURATION = 1.2;

function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/**
 * Peer (b): the BM25-like `ToolRegistry.search` of the Anthropic-style "tool search" write-up.
 *
 * Each tool's name, description and tags are lower-cased and tokenised on `[a-z0-9]+` into
 * one bag of words. A query scores Σ over its terms of idf · tf / (tf + 1.2), with tf the
 * term's count in the tool and idf = ln(1 + n / df) over the n tools. No length
 * normalisation, no stemming, no field weights. Tools scoring 0 are not returned.
 */
export class RegistryBm25Ranker implements Ranker {
  readonly name = "peer-registry-bm25";
  private names: string[] = [];
  /** term → (tool index → count) */
  private postings = new Map<string, Map<number, number>>();

  update(documents: readonly RankDocument[]): void {
    this.names = documents.map((document) => document.name);
    this.postings = new Map();
    documents.forEach((document, index) => {
      const text = [document.name, document.description, ...document.tags].join(" ");
      for (const term of tokenize(text)) {
        let posting = this.postings.get(term);
        if (!posting) this.postings.set(term, (posting = new Map()));
        posting.set(index, (posting.get(index) ?? 0) + 1);
      }
    });
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const n = this.names.length;
    const scores = new Map<number, number>();
    for (const term of tokenize(query)) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = Math.log(1 + n / posting.size);
      for (const [index, tf] of posting) {
        scores.set(index, (scores.get(index) ?? 0) + (idf * tf) / (tf + TF_SATURATION));
      }
    }
    const ranked: { index: number; score: number }[] = [];
    for (const [index, score] of scores) {
      if (score <= 0) continue;
      if (options.filter && !options.filter(this.names[index] as string)) continue;
      ranked.push({ index, score });
    }
    ranked.sort((a, b) => b.score - a.score || a.index - b.index);
    return ranked.slice(0, options.limit).map(({ index, score }) => ({ name: this.names[index] as string, score }));
  }
}
