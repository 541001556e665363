import { FLOOR_QUANTILE } from "../../src/ranking/hybrid/hybrid-ranker.js";
import { Bm25Ranker, EmbeddingRanker, type RankedTool, STRONG_QUANTILE } from "../../src/ranking/index.js";
import type { QueryKind } from "../datasets/dataset-format.js";
import type { BenchDataset } from "../load-dataset.js";
import { requestText } from "../request-text.js";
import { answerableSample, SINGLE_REQUESTS } from "./tuning-datasets.js";

/** How deep each side's list is read, as the hybrid reads it. */
export const REPLAY_DEPTH = 50;

/** One request as both sides ranked it, for fusion settings to replay. */
export interface ReplayedRequest {
  expected: ReadonlySet<string>;
  /** Toolsift's own set labels its queries; the public sets do not. */
  kind: QueryKind | undefined;
  /** BM25's list, each match marked strong or weak (`Bm25Ranker`'s default, non-abstaining marking). */
  lexical: RankedTool[];
  coverage: number;
  /** The embedding ranker's list, uncut (every neighbour, 50 deep). */
  semantic: RankedTool[];
}

/** A catalogue's replay: its requests and the levels the hybrid reads from it. */
export interface Replay {
  requests: ReplayedRequest[];
  /** The semantic floor: quantile {@link FLOOR_QUANTILE} of the tool-to-tool similarities. */
  floor: number;
  /** The strong similarity: quantile {@link STRONG_QUANTILE} of them. */
  strong: number;
  /** BM25's strong score (`Bm25Ranker.strongScore`): every weak match scores under it. */
  lexicalStrong: number;
}

/**
 * Ranks each answerable request of the dataset's tuning sample (see `answerableSample`) once by
 * BM25 and once by the bundled model, single requests (no named tools, parts or siblings).
 */
export async function replayDataset(dataset: BenchDataset, maxQueries?: number): Promise<Replay> {
  const queries = answerableSample(dataset).slice(0, maxQueries);
  const lexical = new Bm25Ranker(SINGLE_REQUESTS);
  const semantic = new EmbeddingRanker({ ...SINGLE_REQUESTS, cacheDir: false, minSimilarity: -1 });
  lexical.update(dataset.documents);
  await semantic.update(dataset.documents);
  try {
    const floor = (await semantic.catalogueSimilarity(FLOOR_QUANTILE)) ?? 0.3;
    const strong = (await semantic.catalogueSimilarity(STRONG_QUANTILE)) ?? 0.5;
    const requests: ReplayedRequest[] = [];
    for (const query of queries) {
      const text = requestText(query.query);
      requests.push({
        expected: new Set(query.expected),
        kind: query.kind,
        lexical: lexical.search(text, { limit: REPLAY_DEPTH }),
        coverage: lexical.coverage(text),
        semantic: await semantic.search(text, { limit: REPLAY_DEPTH }),
      });
    }
    return { requests, floor, strong, lexicalStrong: lexical.strongScore() };
  } finally {
    await semantic.close();
  }
}
