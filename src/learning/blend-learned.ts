import type { RankedTool } from "../ranking/index.js";

/**
 * Adds the learned signal to a ranker's list: each base score scaled so the best is 1, plus
 * `weight` × the tool's learned score (0 to 1.5, see `LessonIndex`). Best first; ties keep the
 * base order, then the learned order. A tool only the lessons found is included: a query that
 * once led to it is a match, even where the ranker found nothing.
 *
 * The learned score is absolute (a similarity to what was learned), not rescaled per query, so
 * a faint resemblance adds little however few lessons there are, and the base ranking decides.
 *
 * @example
 * ```ts
 * blendLearned([{ name: "a", score: 8 }, { name: "b", score: 4 }], new Map([["b", 0.6]]), { weight: 2, limit: 5 });
 * // [{ name: "b", score: 1.7 }, { name: "a", score: 1 }]
 * ```
 */
export function blendLearned(base: readonly RankedTool[], learned: ReadonlyMap<string, number>, options: { weight: number; limit: number }): RankedTool[] {
  if (learned.size === 0) return base.slice(0, options.limit);
  const top = base[0]?.score || 1;
  const scores = new Map<string, { score: number; order: number }>();
  base.forEach((hit, order) => {
    if (!scores.has(hit.name)) scores.set(hit.name, { score: hit.score / top, order });
  });
  let order = base.length;
  for (const [name, score] of learned) {
    const entry = scores.get(name) ?? { score: 0, order: order++ };
    entry.score += options.weight * score;
    scores.set(name, entry);
  }
  return [...scores]
    .sort((a, b) => b[1].score - a[1].score || a[1].order - b[1].order)
    .slice(0, options.limit)
    .map(([name, { score }]) => ({ name, score }));
}
