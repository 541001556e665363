import type { Ranker } from "../src/ranking/index.js";
import type { BenchDataset, BenchQuery } from "./load-dataset.js";
import { MemoryProbe } from "./memory-probe.js";
import { compAt, mean, ndcgAt, percentile, recallAt, reciprocalRankAt } from "./metrics/index.js";
import { Progress, type ProgressOptions } from "./progress.js";
import type { RankerEntry } from "./rankers.js";
import type { KindBreakdown, RankerRun } from "./report/bench-report.js";

export interface EvaluateOptions {
  /** Results asked of every search; the deepest cut-off the metrics use. @defaultValue 10 */
  limit?: number;
  /** Untimed searches before measuring, so JIT warm-up does not land in the percentiles. @defaultValue 3 */
  warmup?: number;
  progress?: ProgressOptions;
}

/** How many searches pass between memory samples; sampling is outside the timed region. */
const SAMPLE_EVERY = 8;

/**
 * Runs one ranker over one query set: builds a fresh index from the dataset's documents,
 * searches every query once, and returns quality, latency, build time and memory.
 * A ranker that throws yields a run with `error` set instead of failing the whole bench.
 */
export async function evaluateRanker(
  entry: RankerEntry,
  dataset: BenchDataset,
  queries: readonly BenchQuery[],
  options: EvaluateOptions = {},
): Promise<RankerRun> {
  const limit = options.limit ?? 10;
  const answerable = queries.filter((query) => query.expected.length > 0);
  const unanswerable = queries.length - answerable.length;
  const base = {
    ranker: entry.id,
    dataset: dataset.id,
    queries: queries.length,
    answerable: answerable.length,
    unanswerable,
  };
  const probe = new MemoryProbe();
  let ranker: Ranker | undefined;
  let progress: Progress | undefined;
  try {
    const setupStart = performance.now();
    ranker = await entry.create();
    const setupMs = performance.now() - setupStart;
    probe.sample();

    const buildStart = performance.now();
    await withHeartbeat(
      `${entry.id} × ${dataset.id}: indexing ${dataset.documents.length} tools`,
      options.progress,
      () => ranker?.update(dataset.documents),
    );
    const buildMs = performance.now() - buildStart;
    probe.sample();

    progress = new Progress(`${entry.id} × ${dataset.id}`, queries.length, options.progress);
    for (const query of queries.slice(0, options.warmup ?? 3)) await ranker.search(query.query, { limit });

    const latencies: number[] = [];
    const recall1: number[] = [];
    const recall5: number[] = [];
    const recall10: number[] = [];
    const rr: number[] = [];
    // Queries of several tools, answered whole or not (COMP@5).
    const whole: number[] = [];
    const ndcg: number[] = [];
    const kinds = new Map<string, number[]>();
    let abstained = 0;
    for (const [index, query] of queries.entries()) {
      const start = performance.now();
      const results = await ranker.search(query.query, { limit });
      latencies.push(performance.now() - start);
      const names = results.map((result) => result.name);
      if (query.expected.length === 0) {
        if (names.length === 0) abstained++;
      } else {
        const expected = new Set(query.expected);
        recall1.push(recallAt(names, expected, 1));
        recall5.push(recallAt(names, expected, 5));
        recall10.push(recallAt(names, expected, 10));
        if (expected.size > 1) whole.push(compAt(names, expected, 5));
        rr.push(reciprocalRankAt(names, expected, 10));
        ndcg.push(ndcgAt(names, expected, 10));
        if (query.kind) {
          const list = kinds.get(query.kind) ?? [];
          list.push(recall5.at(-1) as number);
          kinds.set(query.kind, list);
        }
      }
      if (index % SAMPLE_EVERY === 0) probe.sample();
      progress.tick();
    }
    const memory = probe.finish();
    const byKind: Record<string, KindBreakdown> = {};
    for (const [kind, values] of kinds) byKind[kind] = { queries: values.length, recallAt5: mean(values) };
    return {
      ...base,
      recallAt1: mean(recall1),
      recallAt5: mean(recall5),
      recallAt10: mean(recall10),
      compAt5: whole.length === 0 ? null : mean(whole),
      multiTool: whole.length,
      mrrAt10: mean(rr),
      ndcgAt10: mean(ndcg),
      abstention: unanswerable === 0 ? null : abstained / unanswerable,
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), mean: mean(latencies) },
      buildMs,
      setupMs,
      memory,
      ...(kinds.size > 0 ? { byKind } : {}),
    };
  } catch (error) {
    return {
      ...base,
      recallAt1: 0,
      recallAt5: 0,
      recallAt10: 0,
      mrrAt10: 0,
      ndcgAt10: 0,
      abstention: null,
      latencyMs: { p50: 0, p95: 0, mean: 0 },
      buildMs: 0,
      setupMs: 0,
      memory: probe.finish(),
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  } finally {
    progress?.done();
    await ranker?.close?.();
  }
}

/**
 * At most `max` queries, spread evenly over the set (every k-th), so a capped run still
 * covers the whole file and is the same from run to run.
 */
export function sampleQueries<T = BenchQuery>(queries: readonly T[], max: number | undefined): readonly T[] {
  if (max === undefined || queries.length <= max) return queries;
  const step = queries.length / max;
  return Array.from({ length: max }, (_, i) => queries[Math.floor(i * step)] as T);
}

/**
 * Shows an indeterminate progress line while a long asynchronous step (an embedding build)
 * runs; a synchronous step blocks the timer and simply shows nothing.
 */
async function withHeartbeat<T>(
  label: string,
  options: ProgressOptions | undefined,
  step: () => T | Promise<T>,
): Promise<T> {
  const progress = new Progress(label, 1, { ...options, indeterminate: true });
  const timer = setInterval(() => progress.tick(0), 500);
  timer.unref();
  try {
    return await step();
  } finally {
    clearInterval(timer);
    progress.done();
  }
}
