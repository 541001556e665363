import { afterAll, describe, expect, it } from "vitest";
import { loadEmbedder, type Embedder } from "../../src/ranking/index.js";
import type { VectorIndexRun } from "../report/bench-report.js";
import { generateSkewedCatalogue } from "../scale/generate-skewed-catalogue.js";
import { crossoverSize } from "./crossover-size.js";
import { measureVectorIndex, overlapRecall } from "./measure-vector-index.js";

function run(size: number, exactP50: number, hnswP50: number, error?: string): VectorIndexRun {
  const latency = (p50: number) => ({ p50, p95: p50 * 2, mean: p50 });
  return {
    size,
    queries: 10,
    embedMs: 1,
    exact: { buildMs: 1, searchMs: latency(exactP50) },
    hnsw: { buildMs: 5, searchMs: latency(hnswP50) },
    hnswRecallAt10: 1,
    ...(error ? { error } : {}),
  };
}

describe("crossoverSize", () => {
  it("is the smallest size from which HNSW stays faster", () => {
    expect(crossoverSize([run(50_000, 2, 0.5), run(1_000, 0.1, 0.3), run(10_000, 0.5, 0.4)])).toBe(10_000);
    expect(crossoverSize([run(1_000, 0.1, 0.3), run(10_000, 0.5, 0.6), run(50_000, 2, 0.5)])).toBe(50_000);
  });

  it("is null when HNSW never wins or loses again at a larger size, and skips failed runs", () => {
    expect(crossoverSize([run(1_000, 0.1, 0.3), run(10_000, 0.5, 0.6)])).toBeNull();
    expect(crossoverSize([run(1_000, 0.1, 0.05), run(10_000, 0.5, 0.6)])).toBeNull();
    expect(crossoverSize([run(1_000, 0.1, 0.3), run(10_000, 0.5, 0.4), run(50_000, 0, 0, "no hnswlib")])).toBe(10_000);
    expect(crossoverSize([])).toBeNull();
  });
});

describe("overlapRecall", () => {
  it("averages the share of each exact list found by the approximate one, skipping empty exact lists", () => {
    expect(overlapRecall([["a", "b"], ["c", "d", "e", "f"], []], [["b", "a"], ["c", "x"], ["z"]])).toBeCloseTo(
      (1 + 0.25) / 2,
      12,
    );
    expect(overlapRecall([[]], [["a"]])).toBeNaN();
  });
});

describe("measureVectorIndex", () => {
  let embedder: Embedder | undefined;
  afterAll(async () => embedder?.close?.());

  it("builds and searches both indexes with the same vectors; HNSW finds what exact search finds at this size", async () => {
    embedder = await loadEmbedder();
    const dataset = generateSkewedCatalogue({ size: 300, queries: 15, seed: 4 });
    const result = await measureVectorIndex(dataset, embedder);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ size: 300, queries: 15 });
    expect(result.embedMs).toBeGreaterThan(0);
    for (const side of [result.exact, result.hnsw]) {
      expect(side.buildMs).toBeGreaterThan(0);
      expect(side.searchMs.p50).toBeGreaterThan(0);
    }
    expect(result.hnswRecallAt10).toBeGreaterThanOrEqual(0.9);
  });
});
