import { EmbeddingRanker, embeddingTextOf, type Embedder, type Ranker } from "../../src/ranking/index.js";
import type { BenchDataset } from "../load-dataset.js";
import { mean, percentile } from "../metrics/index.js";
import type { LatencySummary, VectorIndexRun } from "../report/bench-report.js";

export interface VectorIndexOptions {
  /** Results asked of every search. @defaultValue 10 */
  limit?: number;
  /** Untimed searches before measuring. @defaultValue 3 */
  warmup?: number;
}

const NO_LATENCY: LatencySummary = { p50: 0, p95: 0, mean: 0 };

/**
 * The embedder, answering from vectors computed once up front: both indexes get identical
 * vectors, and their build and search times hold no model time.
 */
async function precomputed(real: Embedder, texts: readonly string[]): Promise<Embedder> {
  const unique = [...new Set(texts)];
  const vectors = await real.embed(unique);
  const byText = new Map(unique.map((text, i) => [text, vectors[i]!]));
  return {
    id: real.id,
    dimensions: real.dimensions,
    embed: async (batch) => {
      const missing = batch.filter((text) => !byText.has(text));
      if (missing.length > 0) (await real.embed(missing)).forEach((vector, i) => byText.set(missing[i]!, vector));
      return batch.map((text) => byText.get(text)!);
    },
  };
}

async function searchAll(
  ranker: Ranker,
  queries: readonly string[],
  limit: number,
  warmup: number,
  filter: (name: string) => boolean,
) {
  for (const query of queries.slice(0, warmup)) await ranker.search(query, { limit, filter });
  const latencies: number[] = [];
  const results: string[][] = [];
  for (const query of queries) {
    const start = performance.now();
    const hits = await ranker.search(query, { limit, filter });
    latencies.push(performance.now() - start);
    results.push(hits.map((hit) => hit.name));
  }
  return {
    searchMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), mean: mean(latencies) },
    results,
  };
}

/** Mean share of each exact result list that the approximate list also holds; lists the exact search left empty are skipped. */
export function overlapRecall(
  exact: readonly (readonly string[])[],
  approximate: readonly (readonly string[])[],
): number {
  const shares: number[] = [];
  exact.forEach((names, i) => {
    if (names.length === 0) return;
    const found = new Set(approximate[i] ?? []);
    shares.push(names.filter((name) => found.has(name)).length / names.length);
  });
  return shares.length === 0 ? Number.NaN : mean(shares);
}

/**
 * The embedding ranker with `index: { kind: "exact" }` against `{ kind: "hnsw" }` on one
 * catalogue: every tool embedded once (timed on its own, with the given embedder), then each
 * ranker's `update` (the index build: copying vectors, or building the HNSW graph) and its
 * search latency over the catalogue's queries, with a permission filter passed as a session
 * passes one (a name lookup and a permit check per candidate; the permit allows every tool).
 * HNSW needs `hnswlib-node`; without it the run has `error` set.
 *
 * @example
 * ```ts
 * const run = await measureVectorIndex(generateSkewedCatalogue({ size: 50_000 }), await loadEmbedder());
 * run.exact.searchMs.p50; run.hnsw.searchMs.p50;
 * ```
 */
export async function measureVectorIndex(
  dataset: BenchDataset,
  embedder: Embedder,
  options: VectorIndexOptions = {},
): Promise<VectorIndexRun> {
  const limit = options.limit ?? 10;
  const warmup = options.warmup ?? 3;
  const queries = dataset.queries.map((query) => query.query);
  const base = { size: dataset.documents.length, queries: queries.length };
  const byName = new Map(dataset.documents.map((document) => [document.name, document]));
  const permit = (_document: unknown) => true;
  const filter = (name: string) => {
    const document = byName.get(name);
    return document !== undefined && permit(document);
  };
  const rankers: Ranker[] = [];
  try {
    const embedStart = performance.now();
    const vectors = await precomputed(embedder, [...dataset.documents.map(embeddingTextOf), ...queries]);
    const embedMs = performance.now() - embedStart;
    const measure = async (kind: "exact" | "hnsw") => {
      const ranker = new EmbeddingRanker({ embedder: vectors, cacheDir: false, index: { kind } });
      rankers.push(ranker);
      const buildStart = performance.now();
      await ranker.update(dataset.documents);
      const buildMs = performance.now() - buildStart;
      return { buildMs, ...(await searchAll(ranker, queries, limit, warmup, filter)) };
    };
    const exact = await measure("exact");
    const hnsw = await measure("hnsw");
    return {
      ...base,
      embedMs,
      exact: { buildMs: exact.buildMs, searchMs: exact.searchMs },
      hnsw: { buildMs: hnsw.buildMs, searchMs: hnsw.searchMs },
      hnswRecallAt10: overlapRecall(exact.results, hnsw.results),
    };
  } catch (error) {
    return {
      ...base,
      embedMs: 0,
      exact: { buildMs: 0, searchMs: NO_LATENCY },
      hnsw: { buildMs: 0, searchMs: NO_LATENCY },
      hnswRecallAt10: 0,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  } finally {
    for (const ranker of rankers) await ranker.close?.();
  }
}
