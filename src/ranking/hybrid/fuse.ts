import type { RankedTool } from "../ranker.js";

/** How the hybrid ranker merges the lexical and the semantic list. */
export type Fusion = "adaptive" | "weighted" | "rrf";

export interface FusionOptions {
  /** `adaptive` fuses like `weighted`; the caller picks `lexicalWeight` per query. */
  fusion: Fusion;
  /** RRF's rank offset: larger values flatten the difference between ranks. */
  rrfK: number;
  /** Weighted fusion: the lexical list's share, 0 to 1; the semantic list gets the rest. */
  lexicalWeight: number;
  /**
   * Weighted fusion: semantic scores at or below this count as 0, and the best as 1, so
   * only the part of a similarity above what unrelated texts reach adds to a tool's score.
   * @defaultValue 0
   */
  semanticFloor?: number;
  /**
   * Weighted fusion: what lexical scores are divided by, so the lexical side's 1 is this score.
   * @defaultValue the lexical list's best score
   */
  lexicalScale?: number;
}

/**
 * Merges two ranked lists into one, best first; ties keep the lexical list's order.
 *
 * - `rrf`: reciprocal-rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009), Σ 1 / (k + rank).
 *   It ignores score gaps, so a weak semantic neighbour counts as much as a strong exact hit.
 * - `weighted`: each list's scores scaled so its best is 1 (semantic scores measured from
 *   `semanticFloor`; lexical ones against `lexicalScale` when given), then a weighted sum. A tool
 *   missing from a list scores 0 there.
 */
export function fuse(
  lexical: readonly RankedTool[],
  semantic: readonly RankedTool[],
  options: FusionOptions,
): RankedTool[] {
  const scores = new Map<string, { score: number; order: number }>();
  const add = (
    list: readonly RankedTool[],
    offset: number,
    contribution: (hit: RankedTool, rank: number) => number,
  ) => {
    list.forEach((hit, rank) => {
      const entry = scores.get(hit.name) ?? { score: 0, order: offset + rank };
      entry.score += contribution(hit, rank);
      scores.set(hit.name, entry);
    });
  };
  if (options.fusion === "rrf") {
    add(lexical, 0, (_hit, rank) => 1 / (options.rrfK + rank + 1));
    add(semantic, lexical.length, (_hit, rank) => 1 / (options.rrfK + rank + 1));
  } else {
    const lexicalTop = options.lexicalScale || lexical[0]?.score || 1;
    const floor = options.semanticFloor ?? 0;
    const semanticSpan = (semantic[0]?.score ?? 1) - floor || 1;
    add(lexical, 0, (hit) => (options.lexicalWeight * hit.score) / lexicalTop);
    add(
      semantic,
      lexical.length,
      (hit) => ((1 - options.lexicalWeight) * Math.max(0, hit.score - floor)) / semanticSpan,
    );
  }
  // A tool only one list found, at zero weight or below the semantic floor, earned nothing:
  // returning it would be filler.
  return [...scores]
    .filter(([, { score }]) => score > 0)
    .sort((a, b) => b[1].score - a[1].score || a[1].order - b[1].order)
    .map(([name, { score }]) => ({ name, score }));
}

/**
 * What a lexical list counts against when its best match is weak (a coincidence of common words):
 * the lexical side's strong score, so the coincidence counts as much as its evidence rather than
 * as a full match; never under the best itself. `undefined` (scale by the best, as `fuse` does)
 * when the best is strong, the list empty, or the side reports no strong score.
 */
export function weakListScale(lexical: readonly RankedTool[], strongScore: number | undefined): number | undefined {
  const best = lexical[0];
  if (best?.confidence !== "weak" || strongScore === undefined) return undefined;
  return Math.max(best.score, strongScore);
}
