import type { VectorIndexRun } from "../report/bench-report.js";

/**
 * The smallest measured size from which HNSW's search p50 stays below exact search's at every
 * larger size; `null` when HNSW never wins (or wins only at a size exact search wins again after).
 *
 * @example
 * ```ts
 * crossoverSize(runs); // e.g. 50000
 * ```
 */
export function crossoverSize(runs: readonly VectorIndexRun[]): number | null {
  const measured = runs.filter((run) => !run.error).sort((a, b) => a.size - b.size);
  let from: number | null = null;
  for (const run of measured) {
    if (run.hnsw.searchMs.p50 < run.exact.searchMs.p50) from ??= run.size;
    else from = null;
  }
  return from;
}
