/** How one ranker fares against another query by query. */
export interface QueryWins {
  queries: number;
  /** Mean recall@5 of the ranker and of the one it is compared with. */
  recall: number;
  against: number;
  /** Queries where the ranker's recall@5 is higher, lower, or equal. */
  wins: number;
  losses: number;
  ties: number;
}

/**
 * Compares two rankers' recall@5 on the same queries, in the same order.
 * @throws Error when the two lists differ in length (they were not measured on the same queries).
 */
export function queryWins(recalls: readonly number[], against: readonly number[]): QueryWins {
  if (recalls.length !== against.length) {
    throw new Error(
      `queryWins: ${recalls.length} recalls against ${against.length}; measure both on the same queries.`,
    );
  }
  let wins = 0;
  let losses = 0;
  let sum = 0;
  let sumAgainst = 0;
  for (let i = 0; i < recalls.length; i++) {
    const mine = recalls[i]!;
    const theirs = against[i]!;
    sum += mine;
    sumAgainst += theirs;
    if (mine > theirs) wins++;
    else if (mine < theirs) losses++;
  }
  const queries = recalls.length;
  return {
    queries,
    recall: queries === 0 ? 0 : sum / queries,
    against: queries === 0 ? 0 : sumAgainst / queries,
    wins,
    losses,
    ties: queries - wins - losses,
  };
}
