/**
 * A SIMULATED enricher. `toolsift enrich` asks the user's own model to write, for each tool, a
 * few requests a user would make of it. The bench has no model, so it stands in with real,
 * human-written requests taken from the dataset itself: for each tool, up to
 * {@link MAX_EXAMPLES} of the dataset's queries whose only expected tool is that tool, chosen
 * once with a seed. These are not a model's words (a model's are likely more uniform and nearer
 * the description), so the curve this feeds says what indexing a tool's requests can do, not
 * what a particular model will write.
 */
import { rankDocumentOf, type RankDocument } from "../../src/ranking/index.js";
import { guardSample } from "../guard/measure-guard.js";
import { shuffled } from "../learning/measure-learning-curve.js";
import type { BenchDataset, BenchQuery } from "../load-dataset.js";
import { Prng } from "../scale/prng.js";

/** The most examples any tool is given: the largest point of the curve. */
export const MAX_EXAMPLES = 8;

/** The points of the curve: examples per tool (each the first N of the tool's pool). */
export const EXAMPLE_COUNTS = [0, 1, 2, 4, MAX_EXAMPLES] as const;

/** Test queries measured per dataset at most (seeded sample), so the large intent sets stay minutes, not hours. */
export const MAX_TEST_QUERIES = 3_000;

/** What the simulated enricher set aside for one dataset, and what is measured against it. */
export interface SimulatedEnrichment {
  /** Per tool, its pool of examples in order (the first N are its enrichment at N); tools without any are absent. */
  pools: ReadonlyMap<string, readonly string[]>;
  /**
   * The answerable queries not in any pool (sampled to `maxTestQueries`): the same queries at
   * every N, so the points of the curve are comparable.
   */
  test: readonly BenchQuery[];
  /** Answerable queries before sampling, outside the pools. */
  testAvailable: number;
  /** Unanswerable queries (sampled to `maxTestQueries`), for abstention. */
  unanswerable: readonly BenchQuery[];
}

export interface SimulationOptions {
  seed: number;
  /** Test (and unanswerable) queries kept at most; default {@link MAX_TEST_QUERIES}. */
  maxTestQueries?: number;
}

/**
 * Sets aside each tool's pool of examples: its single-tool queries, shuffled with the seed, at
 * most {@link MAX_EXAMPLES}, always leaving at least one answerable query that expects the tool
 * outside the pool, so every tool with examples is still measured. A tool only one query asks
 * for gets none. Pools are chosen once for the largest N, and the test set excludes all of
 * them, so growing N adds examples and never changes what is measured.
 */
export function simulateEnrichment(dataset: BenchDataset, options: SimulationOptions): SimulatedEnrichment {
  const random = new Prng(options.seed);
  const answerable = dataset.queries.filter((query) => query.expected.length > 0);
  const asking = new Map<string, number>();
  const single = new Map<string, BenchQuery[]>();
  for (const query of answerable) {
    for (const name of new Set(query.expected)) asking.set(name, (asking.get(name) ?? 0) + 1);
    if (new Set(query.expected).size === 1) {
      const name = query.expected[0]!;
      single.set(name, [...(single.get(name) ?? []), query]);
    }
  }
  const pooled = new Set<BenchQuery>();
  const pools = new Map<string, string[]>();
  // Catalogue order, so the seeded draws do not depend on the order queries happen to list tools in.
  for (const { name } of dataset.tools) {
    const candidates = single.get(name);
    if (!candidates) continue;
    const size = Math.min(MAX_EXAMPLES, candidates.length, (asking.get(name) ?? 0) - 1);
    if (size <= 0) continue;
    const pool = shuffled(candidates, random).slice(0, size);
    for (const query of pool) pooled.add(query);
    pools.set(
      name,
      pool.map((query) => query.query),
    );
  }
  const max = options.maxTestQueries ?? MAX_TEST_QUERIES;
  const rest = answerable.filter((query) => !pooled.has(query));
  return {
    pools,
    test: guardSample(rest, max, options.seed),
    testAvailable: rest.length,
    unanswerable: guardSample(
      dataset.queries.filter((query) => query.expected.length === 0),
      max,
      options.seed,
    ),
  };
}

/**
 * The dataset's ranking documents with the first `count` examples of each tool's pool, made by
 * `rankDocumentOf` as the library makes them (so the fingerprint changes with the examples and a
 * ranker re-indexes exactly the tools whose examples changed).
 */
export function enrichedDocuments(
  dataset: BenchDataset,
  pools: ReadonlyMap<string, readonly string[]>,
  count: number,
): RankDocument[] {
  return dataset.tools.map((tool) => {
    const examples = count > 0 ? pools.get(tool.name)?.slice(0, count) : undefined;
    return rankDocumentOf({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
      ...(examples === undefined ? {} : { examples }),
    });
  });
}

/** Tools given at least `count` examples (all with any, at `count` 1). */
export function toolsWithExamples(pools: ReadonlyMap<string, readonly string[]>, count = 1): number {
  return [...pools.values()].filter((pool) => pool.length >= count).length;
}
