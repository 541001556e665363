import type { RankedTool } from "../ranking/index.js";

/**
 * The learned score the best lesson match needs for a query the ranker found nothing for, or
 * the query gets nothing. Measured on CLINC150 with 10% of its queries taught (1,500 held back,
 * 600 out-of-scope queries): at 0.4, bm25 answers 32% of the out-of-scope queries with nothing
 * (7.5% with no bar) at recall@5 0.911 (0.919 with no bar); the hybrid 48% (3%) at 0.914
 * (0.937). Without learning both abstain on about 57%.
 */
export const LEARNED_ALONE_MIN = 0.4;

/**
 * Adds the learned signal to a ranker's list: each base score scaled so the best is 1, plus
 * `weight` × the tool's learned score (0 to 1.75, see `LessonIndex`). Best first; ties keep the
 * base order, then the learned order. A tool only the lessons found is included: a query that
 * once led to it is a match. Where the ranker found nothing at all, though, the query is likely
 * about something the catalogue lacks: unless some tool's learned score reaches
 * {@link LEARNED_ALONE_MIN}, the answer stays empty. Learning must not undo abstention.
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
  if (base.length === 0 && Math.max(...learned.values()) < LEARNED_ALONE_MIN) return [];
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
