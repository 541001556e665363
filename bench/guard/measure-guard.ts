import { createToolSearch } from "../../src/index.js";
import type { Ranker } from "../../src/ranking/index.js";
import { callableTools } from "../learning/measure-learning-curve.js";
import type { BenchDataset, BenchQuery } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { Prng } from "../scale/prng.js";
import { requestText } from "../request-text.js";

/** The rankers the guard holds to their baseline: the default, and the one the README leads with. */
export const GUARD_RANKERS = ["bm25", "hybrid"] as const;
export type GuardRanker = (typeof GUARD_RANKERS)[number];

/** What the guard measures of one ranker on one dataset, with default options. */
export interface GuardRow {
  dataset: string;
  ranker: GuardRanker;
  /** Answerable queries measured (seeded sample). */
  answerable: number;
  /** Mean recall@5 over the answerable queries. */
  recallAt5: number;
  /** Share of answerable queries answered with no match at all: the worst answer there is. */
  emptyRate: number;
  /** Share of answerable queries whose best match is marked weak (a false alarm). */
  weakRate: number;
  /** Unanswerable queries measured; 0 when the dataset has none. */
  unanswerable: number;
  /** Share of unanswerable queries answered with nothing or a weak best match (a true alarm); `null` without any. */
  unanswerableWeakRate: number | null;
}

/** The plain reference's recall@5, for the "at least as good as the plain formula" check. */
export interface ReferenceRow {
  dataset: string;
  answerable: number;
  recallAt5: number;
}

/** At most this many queries of each kind per dataset, so the guard stays within minutes. */
export const GUARD_MAX_QUERIES = 1_000;

/**
 * A seeded sample of at most `max` queries: the same seed gives the same sample on every machine,
 * so two runs differ only by what changed in the code.
 */
export function guardSample(queries: readonly BenchQuery[], max: number, seed: number): BenchQuery[] {
  if (queries.length <= max) return [...queries];
  const random = new Prng(seed);
  return queries
    .map((query, index) => ({ query, key: random.next(), index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .slice(0, max)
    .map(({ query }) => query);
}

/**
 * Runs one built-in ranker, created by name with every default (as `createToolSearch({ ranker })`
 * users get it, semantic fallback included), over a dataset's sampled queries through
 * `toolSearch.search`, the code path `search_tools` takes.
 */
export async function measureGuard(
  dataset: BenchDataset,
  ranker: GuardRanker,
  options: {
    maxQueries?: number;
    seed?: number;
    /** Builds the ranker instead (a variant measured as `ranker` would be, such as another model). */
    build?: () => Ranker;
  } = {},
): Promise<GuardRow> {
  const max = options.maxQueries ?? GUARD_MAX_QUERIES;
  const seed = options.seed ?? 42;
  const answerable = guardSample(
    dataset.queries.filter((query) => query.expected.length > 0),
    max,
    seed,
  );
  const unanswerable = guardSample(
    dataset.queries.filter((query) => query.expected.length === 0),
    max,
    seed,
  );
  const toolSearch = await createToolSearch({ tools: callableTools(dataset), ranker: options.build?.() ?? ranker });
  try {
    let recall = 0;
    let empty = 0;
    let weak = 0;
    for (const query of answerable) {
      const matches = await toolSearch.search(requestText(query.query), { limit: 5 });
      recall += recallAt(
        matches.map((match) => match.name),
        new Set(query.expected),
        5,
      );
      if (matches.length === 0) empty++;
      else if (matches[0]!.confidence === "weak") weak++;
    }
    let alarmed = 0;
    for (const query of unanswerable) {
      const matches = await toolSearch.search(requestText(query.query), { limit: 5 });
      if (matches.length === 0 || matches[0]!.confidence === "weak") alarmed++;
    }
    const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
    return {
      dataset: dataset.id,
      ranker,
      answerable: answerable.length,
      recallAt5: share(recall, answerable.length),
      emptyRate: share(empty, answerable.length),
      weakRate: share(weak, answerable.length),
      unanswerable: unanswerable.length,
      unanswerableWeakRate: unanswerable.length === 0 ? null : alarmed / unanswerable.length,
    };
  } finally {
    await toolSearch.close();
    await toolSearch.ranker.close?.();
  }
}

/** Recall@5 of a bare ranker (the plain reference) over the same sample the guard measures. */
export async function measureReference(
  dataset: BenchDataset,
  reference: Ranker,
  options: { maxQueries?: number; seed?: number } = {},
): Promise<ReferenceRow> {
  const answerable = guardSample(
    dataset.queries.filter((query) => query.expected.length > 0),
    options.maxQueries ?? GUARD_MAX_QUERIES,
    options.seed ?? 42,
  );
  await reference.update(dataset.documents);
  let recall = 0;
  for (const query of answerable) {
    // Cut as toolsift's side is, so both read the same words.
    const hits = await reference.search(requestText(query.query), { limit: 5 });
    recall += recallAt(
      hits.map((hit) => hit.name),
      new Set(query.expected),
      5,
    );
  }
  return {
    dataset: dataset.id,
    answerable: answerable.length,
    recallAt5: answerable.length === 0 ? 0 : recall / answerable.length,
  };
}
