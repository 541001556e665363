import type { RankDocument, Ranker } from "../../src/ranking/index.js";
import { sampleQueries } from "../evaluate-ranker.js";
import type { BenchQuery } from "../load-dataset.js";
import { mean, recallAt } from "../metrics/index.js";
import type { RankerEntry } from "../rankers.js";
import type { ExactNameRun, RelevanceRun } from "../report/bench-report.js";
import { nameQueries } from "./name-queries.js";
import type { RelevanceVariants } from "./relevance-variants.js";

/** A catalogue to measure on: a bench dataset, or the example catalogue (which has no queries). */
export interface RelevanceCatalogue {
  id: string;
  documents: readonly RankDocument[];
  queries: readonly BenchQuery[];
}

/** Name queries asked per catalogue at most, spread evenly: the slow peers would take minutes on all of them. */
export const MAX_NAME_QUERIES = 1_000;
/** Misses kept per run, to show what went wrong. */
const MISS_EXAMPLES = 5;

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

async function built(create: () => Ranker | Promise<Ranker>, documents: readonly RankDocument[]): Promise<Ranker> {
  const ranker = await create();
  await ranker.update(documents);
  return ranker;
}

/**
 * How often a ranker puts a tool first when the query is the tool's name, its words, its words
 * in camelCase or its local part's words ({@link nameQueries}; forms another tool shares are
 * left out), over at most `maxQueries` of them.
 */
export async function measureExactNames(
  entry: RankerEntry,
  catalogue: RelevanceCatalogue,
  maxQueries = MAX_NAME_QUERIES,
): Promise<ExactNameRun> {
  const { queries: all, ambiguous } = nameQueries(catalogue.documents.map((document) => document.name));
  const queries = sampleQueries(all, maxQueries);
  const base = { ranker: entry.id, dataset: catalogue.id, queries: queries.length, ambiguous };
  let ranker: Ranker | undefined;
  try {
    ranker = await built(() => entry.create(), catalogue.documents);
    let hits = 0;
    const misses: string[] = [];
    for (const { query, tool } of queries) {
      const [top] = await ranker.search(query, { limit: 1 });
      if (top?.name === tool) hits++;
      else if (misses.length < MISS_EXAMPLES) misses.push(`${query} → ${top?.name ?? "nothing"}`);
    }
    return { ...base, hits, hitRate: queries.length > 0 ? hits / queries.length : 1, misses };
  } catch (error) {
    return { ...base, hits: 0, hitRate: 0, misses: [], error: errorText(error) };
  } finally {
    await ranker?.close?.();
  }
}

/** Recall@5 of each answerable query, and how many unanswerable ones got an empty list. */
async function answers(
  ranker: Ranker,
  answerable: readonly BenchQuery[],
  unanswerable: readonly BenchQuery[],
): Promise<{ recalls: number[]; abstained: number }> {
  const recalls: number[] = [];
  for (const query of answerable) {
    const names = (await ranker.search(query.query, { limit: 5 })).map((match) => match.name);
    recalls.push(recallAt(names, new Set(query.expected), 5));
  }
  let abstained = 0;
  for (const query of unanswerable) if ((await ranker.search(query.query, { limit: 5 })).length === 0) abstained++;
  return { recalls, abstained };
}

/**
 * A toolsift ranker on one dataset, as registered and with its query handling turned off
 * ({@link RelevanceVariants}): recall@5 over at most `maxQueries` answerable queries (spread
 * evenly), the same over its multi-tool queries with and without multi-part ranking, and the
 * share of all its unanswerable queries (never sampled: they are few) answered with nothing,
 * with and without abstention.
 */
export async function measureRelevance(
  entry: RankerEntry,
  variants: RelevanceVariants,
  catalogue: RelevanceCatalogue,
  maxQueries?: number,
): Promise<RelevanceRun> {
  const answerable = sampleQueries(
    catalogue.queries.filter((query) => query.expected.length > 0),
    maxQueries,
  );
  const unanswerable = catalogue.queries.filter((query) => query.expected.length === 0);
  const multiTool = answerable.flatMap((query, index) => (query.expected.length > 1 ? [index] : []));
  const base = {
    ranker: entry.id,
    dataset: catalogue.id,
    answerable: answerable.length,
    multiTool: multiTool.length,
    unanswerable: unanswerable.length,
  };
  const shareOf = (abstained: number) => (unanswerable.length > 0 ? abstained / unanswerable.length : null);
  const multiRecall = (recalls: readonly number[]) =>
    multiTool.length > 0 ? mean(multiTool.map((index) => recalls[index]!)) : null;
  const run = async (create: () => Ranker | Promise<Ranker>) => {
    const ranker = await built(create, catalogue.documents);
    try {
      return await answers(ranker, answerable, unanswerable);
    } finally {
      await ranker.close?.();
    }
  };
  try {
    const current = await run(() => entry.create());
    const plain = await run(variants.plain);
    const withoutParts = multiTool.length > 0 ? await run(variants.withoutMultiPart) : undefined;
    const withoutAbstention = variants.withoutAbstention ? await run(variants.withoutAbstention) : undefined;
    return {
      ...base,
      recallAt5: mean(current.recalls),
      plainRecallAt5: mean(plain.recalls),
      multiRecallAt5: multiRecall(current.recalls),
      multiRecallAt5WithoutParts: withoutParts ? multiRecall(withoutParts.recalls) : null,
      abstention: shareOf(current.abstained),
      plainAbstention: shareOf(plain.abstained),
      recallAt5WithoutAbstention: withoutAbstention ? mean(withoutAbstention.recalls) : null,
      abstentionWithoutIt: withoutAbstention ? shareOf(withoutAbstention.abstained) : null,
    };
  } catch (error) {
    return {
      ...base,
      recallAt5: 0,
      plainRecallAt5: 0,
      multiRecallAt5: null,
      multiRecallAt5WithoutParts: null,
      abstention: null,
      plainAbstention: null,
      recallAt5WithoutAbstention: null,
      abstentionWithoutIt: null,
      error: errorText(error),
    };
  }
}
