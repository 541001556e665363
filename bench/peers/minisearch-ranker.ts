import MiniSearch from "minisearch";
import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/index.js";

interface IndexedTool {
  id: string;
  name: string;
  description: string;
}

/**
 * Peer (d): MiniSearch with its default settings, indexing each tool's name and description.
 *
 * Defaults mean: tokenise on whitespace and Unicode punctuation (so `get_weather` splits, a
 * camel-cased name does not), lower-case, no stemming or stop words, OR-combined terms, no
 * prefix or fuzzy matching, no field boosts, BM25+ with k = 1.2, b = 0.7, d = 0.5.
 */
export class MiniSearchRanker implements Ranker {
  readonly name = "peer-minisearch";
  private index = new MiniSearch<IndexedTool>({ fields: ["name", "description"] });

  update(documents: readonly RankDocument[]): void {
    // A peer baseline rebuilds from scratch; the bench measures one full build per catalogue.
    this.index = new MiniSearch<IndexedTool>({ fields: ["name", "description"] });
    this.index.addAll(
      documents.map((document) => ({ id: document.name, name: document.name, description: document.description })),
    );
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const filter = options.filter;
    const results = this.index.search(query, filter ? { filter: (result) => filter(String(result.id)) } : {});
    return results.slice(0, options.limit).map((result) => ({ name: String(result.id), score: result.score }));
  }
}
