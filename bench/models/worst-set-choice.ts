/** One candidate's recall@5 on one set, and how many queries it was measured on. */
export interface SetScore {
  recallAt5: number;
  answerable: number;
}

/**
 * Leave one set out: the candidate (index into `scores`, one row of per-set scores each, sets in
 * the same order) whose worst recall@5 over every set but `out` is higher. Worst sets less than
 * one of their queries apart are a tie, which the higher mean over those sets breaks, and a full
 * tie goes to the earlier candidate (today's default comes first).
 */
export function chooseByWorstSet(scores: readonly (readonly SetScore[])[], out: number): number {
  const judged = scores.map((row) => {
    const kept = row.filter((_, at) => at !== out);
    const worst = kept.reduce((low, score) => (score.recallAt5 < low.recallAt5 ? score : low));
    return { worst, mean: kept.reduce((sum, score) => sum + score.recallAt5, 0) / kept.length };
  });
  let chosen = 0;
  for (let candidate = 1; candidate < judged.length; candidate++) {
    const [best, next] = [judged[chosen]!, judged[candidate]!];
    const oneQuery = 1 / Math.min(best.worst.answerable, next.worst.answerable);
    const gap = next.worst.recallAt5 - best.worst.recallAt5;
    if (gap >= oneQuery || (Math.abs(gap) < oneQuery && next.mean > best.mean)) chosen = candidate;
  }
  return chosen;
}
