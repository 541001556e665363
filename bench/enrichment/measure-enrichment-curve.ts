import type { Ranker } from "../../src/ranking/index.js";
import type { BenchDataset } from "../load-dataset.js";
import { mean, recallAt, reciprocalRankAt } from "../metrics/index.js";
import type { EnrichmentCurveRun, EnrichmentPoint } from "../report/bench-report.js";
import {
  EXAMPLE_COUNTS,
  enrichedDocuments,
  toolsWithExamples,
  type SimulatedEnrichment,
} from "./simulated-enrichment.js";
import { requestText } from "../request-text.js";

/** The ranker a curve is drawn for: its report id and a factory of fresh, empty instances. */
export interface CurveRanker {
  id: string;
  create(): Ranker | Promise<Ranker>;
}

export interface EnrichmentCurveOptions {
  /** The points, examples per tool; default {@link EXAMPLE_COUNTS}. */
  counts?: readonly number[];
  /** Told after each point, for progress output. */
  onPoint?(point: EnrichmentPoint): void;
}

/**
 * Recall@1, recall@5 and MRR@5 on the simulation's test queries, and abstention on its
 * unanswerable ones, with each tool given the first N examples of its pool (simulated: the
 * dataset's own human-written requests, see `simulated-enrichment.ts`), for each N. A fresh ranker
 * indexes each point's documents, so no point inherits another's index.
 */
export async function measureEnrichmentCurve(
  ranker: CurveRanker,
  dataset: BenchDataset,
  simulation: SimulatedEnrichment,
  options: EnrichmentCurveOptions = {},
): Promise<EnrichmentCurveRun> {
  const base = {
    dataset: dataset.id,
    ranker: ranker.id,
    tools: dataset.tools.length,
    toolsWithExamples: toolsWithExamples(simulation.pools),
    pooledQueries: [...simulation.pools.values()].reduce((sum, pool) => sum + pool.length, 0),
    testAvailable: simulation.testAvailable,
    testQueries: simulation.test.length,
    unanswerable: simulation.unanswerable.length,
  };
  const points: EnrichmentPoint[] = [];
  try {
    for (const count of options.counts ?? EXAMPLE_COUNTS) {
      const instance = await ranker.create();
      try {
        await instance.update(enrichedDocuments(dataset, simulation.pools, count));
        const point = {
          examples: count,
          toolsWithExamples: count === 0 ? 0 : toolsWithExamples(simulation.pools),
          ...(await measurePoint(instance, simulation)),
        };
        options.onPoint?.(point);
        points.push(point);
      } finally {
        await instance.close?.();
      }
    }
    return { ...base, points };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ...base, points, error: message.split("\n")[0]! };
  }
}

async function measurePoint(ranker: Ranker, simulation: SimulatedEnrichment) {
  const recall1: number[] = [];
  const recall5: number[] = [];
  const reciprocal: number[] = [];
  // Split by whether every tool the query expects has examples: where only some tools of a
  // catalogue are enriched, the rest is where a loss would show.
  const covered: number[] = [];
  const uncovered: number[] = [];
  for (const query of simulation.test) {
    // Cut as `search_tools` cuts its query.
    const names = (await ranker.search(requestText(query.query), { limit: 5 })).map((match) => match.name);
    const expected = new Set(query.expected);
    recall1.push(recallAt(names, expected, 1));
    recall5.push(recallAt(names, expected, 5));
    reciprocal.push(reciprocalRankAt(names, expected, 5));
    (query.expected.every((name) => simulation.pools.has(name)) ? covered : uncovered).push(recall5.at(-1)!);
  }
  let abstained = 0;
  // "No tool fits" is an empty answer or a weak best match, as `search_tools` tells the model.
  for (const query of simulation.unanswerable) {
    const best = (await ranker.search(requestText(query.query), { limit: 5 }))[0];
    if (best === undefined || best.confidence === "weak") abstained++;
  }
  return {
    recallAt1: mean(recall1),
    recallAt5: mean(recall5),
    mrrAt5: mean(reciprocal),
    abstention: simulation.unanswerable.length === 0 ? null : abstained / simulation.unanswerable.length,
    coveredQueries: covered.length,
    recallAt5Covered: covered.length === 0 ? null : mean(covered),
    recallAt5Uncovered: uncovered.length === 0 ? null : mean(uncovered),
  };
}
