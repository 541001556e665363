/**
 * The `limit` best entries by descending score; ties keep catalogue order, so results are
 * deterministic for equal scores.
 */
export function topK<T extends { score: number; order: number }>(entries: T[], limit: number): T[] {
  return entries.sort((a, b) => b.score - a.score || a.order - b.order).slice(0, Math.max(0, limit));
}
