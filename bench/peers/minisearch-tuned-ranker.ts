import MiniSearch from "minisearch";
import { DEFAULT_FIELD_WEIGHTS } from "../../src/ranking/bm25/index.js";
import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/index.js";
import { analyzeText, splitIdentifier, splitWords } from "../../src/ranking/text/index.js";

interface IndexedTool {
  id: string;
  name: string;
  tags: string;
  description: string;
  parameterNames: string;
  parameterText: string;
}

/** Fields written as identifiers: split on `_`, `-`, `__` and camelCase. The rest is prose. */
const IDENTIFIER_FIELDS = new Set(["name", "parameterNames"]);

/**
 * The configuration that makes MiniSearch read tools as toolsift's BM25 does: the same fields,
 * field weights as boosts, identifier splitting, stop words and Porter2 stemmer, and BM25's
 * k1 1.2 and b 0.75. Exported so a test can check it against toolsift's own defaults.
 */
export const TUNED_MINISEARCH = {
  fields: ["name", "tags", "description", "parameterNames", "parameterText"],
  /** toolsift's BM25F field weights (`Bm25Options.fieldWeights` defaults), parameters in two fields. */
  boost: {
    name: DEFAULT_FIELD_WEIGHTS.name,
    tags: DEFAULT_FIELD_WEIGHTS.tags,
    description: DEFAULT_FIELD_WEIGHTS.description,
    parameterNames: DEFAULT_FIELD_WEIGHTS.parameters,
    parameterText: DEFAULT_FIELD_WEIGHTS.parameters,
  },
  bm25: { k: 1.2, b: 0.75, d: 0.5 },
} as const;

/** toolsift's text analysis for one token: stop words dropped (null), the rest stemmed. */
function processTerm(term: string): string | null {
  return analyzeText(term)[0] ?? null;
}

/**
 * Peer (e): MiniSearch **tuned**, to measure how much of toolsift's lead over MiniSearch with
 * defaults is configuration. It indexes what toolsift's BM25 indexes (name, tags and the
 * server when the name lacks it, description, parameter names and descriptions), splits names
 * like toolsift (`github__listPullRequests` → github list pull requests), drops toolsift's stop
 * words and stems with the same Porter2 stemmer, boosts fields by toolsift's field weights, and
 * reads a query's camelCase words both whole and split (toolsift keeps whichever the index
 * knows). What stays MiniSearch's own: its BM25+ scoring per field (δ 0.5), its field
 * combination, and OR-ed query terms. Nothing toolsift adds on top of scoring (exact names,
 * multi-part requests, abstention) is reproduced.
 */
export class TunedMiniSearchRanker implements Ranker {
  readonly name = "peer-minisearch-tuned";
  private index = TunedMiniSearchRanker.emptyIndex();

  private static emptyIndex(): MiniSearch<IndexedTool> {
    return new MiniSearch<IndexedTool>({
      fields: [...TUNED_MINISEARCH.fields],
      tokenize: (text, field) =>
        field !== undefined && IDENTIFIER_FIELDS.has(field) ? splitIdentifier(text) : splitWords(text),
      processTerm,
      searchOptions: {
        boost: { ...TUNED_MINISEARCH.boost },
        bm25: { ...TUNED_MINISEARCH.bm25 },
        combineWith: "OR",
        tokenize: (query) => [...new Set([...splitWords(query), ...splitIdentifier(query)])],
        processTerm,
      },
    });
  }

  update(documents: readonly RankDocument[]): void {
    // A peer baseline rebuilds from scratch; the bench measures one full build per catalogue.
    this.index = TunedMiniSearchRanker.emptyIndex();
    this.index.addAll(
      documents.map((document) => ({
        id: document.name,
        name: document.name,
        tags: [
          ...document.tags,
          ...(document.server && !document.name.startsWith(`${document.server}__`) ? [document.server] : []),
        ].join(" "),
        description: document.description,
        parameterNames: document.parameters.map((parameter) => parameter.name).join(" "),
        parameterText: document.parameters.map((parameter) => parameter.description ?? "").join(" "),
      })),
    );
  }

  search(query: string, options: RankOptions): RankedTool[] {
    const filter = options.filter;
    const results = this.index.search(query, filter ? { filter: (result) => filter(String(result.id)) } : {});
    return results.slice(0, options.limit).map((result) => ({ name: String(result.id), score: result.score }));
  }
}
