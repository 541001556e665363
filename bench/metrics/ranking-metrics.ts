/**
 * Per-query retrieval metrics over a ranked list of tool names and the set of tools a query
 * expects. Relevance is binary: a tool is either expected or not.
 */

/**
 * Share of the expected tools that appear in the first `k` results.
 *
 * @example
 * ```ts
 * recallAt(["a", "x", "b"], new Set(["a", "b"]), 2); // 0.5
 * ```
 */
export function recallAt(ranked: readonly string[], expected: ReadonlySet<string>, k: number): number {
  if (expected.size === 0) return 0;
  let hits = 0;
  for (const name of new Set(ranked.slice(0, k))) if (expected.has(name)) hits++;
  return hits / expected.size;
}

/**
 * COMP@k of one query: 1 when every expected tool is in the first `k` results, else 0. Averaged
 * over multi-tool queries, the share answered whole; 0 for a query that expects nothing.
 *
 * @example
 * ```ts
 * compAt(["a", "x", "b"], new Set(["a", "b"]), 3); // 1
 * compAt(["a", "x", "b"], new Set(["a", "b"]), 2); // 0
 * ```
 */
export function compAt(ranked: readonly string[], expected: ReadonlySet<string>, k: number): number {
  if (expected.size === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  for (const name of expected) if (!top.has(name)) return 0;
  return 1;
}

/** 1 / rank of the first expected tool within the first `k` results; 0 if none is there. */
export function reciprocalRankAt(ranked: readonly string[], expected: ReadonlySet<string>, k: number): number {
  const top = ranked.slice(0, k);
  for (let i = 0; i < top.length; i++) {
    if (expected.has(top[i] as string)) return 1 / (i + 1);
  }
  return 0;
}

/**
 * Normalised discounted cumulative gain at `k` with binary gains: DCG = Σ rel_i / log2(i + 1)
 * over ranks i = 1..k, divided by the DCG of an ideal list that puts min(|expected|, k)
 * expected tools first. A name repeated in the ranking counts once.
 */
export function ndcgAt(ranked: readonly string[], expected: ReadonlySet<string>, k: number): number {
  if (expected.size === 0) return 0;
  const seen = new Set<string>();
  let dcg = 0;
  const top = ranked.slice(0, k);
  for (let i = 0; i < top.length; i++) {
    const name = top[i] as string;
    if (expected.has(name) && !seen.has(name)) dcg += 1 / Math.log2(i + 2);
    seen.add(name);
  }
  let ideal = 0;
  for (let i = 0; i < Math.min(expected.size, k); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}
