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
 * The learned score that lets a tool pass the first of the semantic fallback's guesses (the list
 * searches get when the ranker found nothing): twice what lessons need to answer such a query on
 * their own, since here they overrule a guess rather than fill a blank. Chosen leave-one-dataset-out
 * on CLINC150, HWU64 and Banking77 (bm25, 2,000 lessons from 2,000 sessions): the only setting
 * that lost on no set, +1.1 points of recall@5 on HWU64, where 0 to 0.4 cost Banking77 a query
 * (bench/results/learned-over-guess-leave-one-out.md).
 */
export const LEARNED_OVER_GUESS_MIN = 2 * LEARNED_ALONE_MIN;

/** How blending reads the ranker's list: see {@link blendLearned}. */
export interface BlendOptions {
  /** What a perfect learned match adds, relative to the ranker's best (`learning.weight`). */
  weight: number;
  limit: number;
  /**
   * How deep in the ranker's list a tool counts as retrieved for the query (`searchLimit × 4`):
   * a tool below it, or one the ranker did not return, is never lifted above the ranker's own
   * first match, whatever its lessons say.
   */
  retrievedDepth: number;
  /**
   * The list is the semantic fallback's guesses, not the ranker's matches (it found none): a tool
   * whose learned score reaches {@link LEARNED_OVER_GUESS_MIN} is then not held behind the first
   * guess, as it would not be behind an empty list.
   */
  guessed?: boolean;
  /**
   * The ranker's own answer at `limit`, when the list was read deeper for the lessons: only its
   * tools and the tools lessons lift may be in the result, and each of its tools scores at least
   * what the list's `limit`-th tool does. A ranker assembles its answer for the places asked (a
   * place kept for each request of a chained query, a best match's sibling), and its deeper list,
   * cut to `limit`, would undo that even where no lesson touched those places.
   */
  answer?: ReadonlySet<string>;
}

/**
 * Adds the learned signal to a ranker's list: each base score scaled so the best is 1, plus
 * `weight` × the tool's learned score (0 to 2.75, see `LessonIndex`). Best first; ties keep the
 * base order, then the learned order. Extra fields of a base hit are kept.
 *
 * Lessons re-order what the ranker retrieved; they do not overrule it. A tool outside the
 * ranker's first `retrievedDepth` (or only the lessons found) may come right after the ranker's
 * first match, never before it, so lessons alone cannot put an unrelated tool first; the tools
 * held there keep their blended order. What lessons no other session corroborated add (the part
 * `learned.vouched` leaves out) counts only for tools in the ranker's first `retrievedDepth`, and
 * a tool it alone would lift past the first match is held behind it the same way: one session
 * alone re-orders a little, plants nothing, and makes no tool strong. When the list is only the fallback's guesses (`guessed`),
 * a tool the lessons know as well as an empty list asks ({@link LEARNED_OVER_GUESS_MIN}) is not
 * held behind the first guess: the ranker found nothing to stay behind. Where the
 * ranker found nothing at all there is no first match to stay behind: the query is likely about
 * something the catalogue lacks, and learned tools are listed only when some tool's learned
 * score reaches {@link LEARNED_ALONE_MIN}. Learning must not undo abstention.
 *
 * The learned score is absolute (a similarity to what was learned), not rescaled per query, so
 * a faint resemblance adds little however few lessons there are, and the base ranking decides.
 *
 * @example
 * ```ts
 * blendLearned([{ name: "a", score: 8 }, { name: "b", score: 4 }], new Map([["b", 0.6]]), { weight: 2, limit: 5, retrievedDepth: 20 });
 * // [{ name: "b", score: 1.7 }, { name: "a", score: 1 }]
 * ```
 */
export function blendLearned(
  base: readonly RankedTool[],
  learned: ReadonlyMap<string, number> & { readonly vouched?: ReadonlyMap<string, number> },
  options: BlendOptions,
): RankedTool[] {
  const vouched = learned.vouched ?? learned;
  const answer = options.answer;
  if (learned.size === 0) return firstAllowed(base, (hit) => answer?.has(hit.name) ?? true, options.limit);
  if (base.length === 0 && Math.max(...vouched.values()) < LEARNED_ALONE_MIN) return [];
  const top = base[0]?.score || 1;
  const scores = new Map<string, { hit: RankedTool; score: number; order: number }>();
  // A tool the ranker's answer holds is worth at least its last place: the ranker may have given
  // that place to a tool its list scores lower (a request's best), and a lift must clear the
  // same bar to take it as to take the place of the tool the list has there.
  const placeScore = answer && base[options.limit - 1] ? base[options.limit - 1]!.score / top : 0;
  base.forEach((hit, order) => {
    const own = answer?.has(hit.name) ? placeScore : 0;
    if (!scores.has(hit.name)) scores.set(hit.name, { hit, score: Math.max(hit.score / top, own), order });
  });
  let order = base.length;
  const lifted = new Set<string>();
  for (const [name, full] of learned) {
    const known = scores.get(name);
    // One session's lessons alone re-order what the ranker retrieved; they bring in nothing.
    const score = known && known.order < options.retrievedDepth ? full : (vouched.get(name) ?? 0);
    if (score === 0) continue;
    const entry = known ?? { hit: { name, score: 0 }, score: 0, order: order++ };
    entry.score += options.weight * score;
    scores.set(name, entry);
    lifted.add(name);
  }
  const first = base[0] && scores.get(base[0].name);
  /** What each tool held behind the first match would have scored: held tools keep that order among themselves. */
  const held = new Map<string, number>();
  if (first) {
    for (const [name, entry] of scores) {
      if (entry === first || entry.score <= first.score) continue;
      const vouchedScore = entry.hit.score / top + options.weight * (vouched.get(name) ?? 0);
      // What only unvouched lessons lift past the first match stays behind it, as if not retrieved.
      const liftedByOneSession = vouchedScore <= first.score;
      if (entry.order < options.retrievedDepth && !liftedByOneSession) continue;
      if (options.guessed && (vouched.get(name) ?? 0) >= LEARNED_OVER_GUESS_MIN) continue;
      held.set(name, entry.score);
      entry.score = first.score;
    }
  }
  const heldAt = (name: string) => held.get(name) ?? Number.POSITIVE_INFINITY;
  const ranked = [...scores.values()]
    // A held tool ties with the first match and goes right after it; held tools rank by what
    // they would have scored, so the better learned match comes first.
    .sort((a, b) => b.score - a.score || heldAt(b.hit.name) - heldAt(a.hit.name) || a.order - b.order);
  const allowed = ({ hit }: { hit: RankedTool }) =>
    answer === undefined || answer.has(hit.name) || lifted.has(hit.name);
  return firstAllowed(ranked, allowed, options.limit).map(({ hit, score }) => {
    // A query like this one led to the tool before (lessons that passed corroboration): that is
    // strong evidence, whatever the words alone said.
    const known = (vouched.get(hit.name) ?? 0) >= LEARNED_ALONE_MIN;
    return known ? { ...hit, score, confidence: "strong" as const } : { ...hit, score };
  });
}

/**
 * The first `limit` entries `allowed` keeps, in their order, topped up with the best of the rest
 * when it keeps fewer: a ranker's answer may name tools its deeper list lacks (a custom ranker,
 * or one that answers nothing at the limit), and the blend must never answer shorter than the
 * list would.
 */
function firstAllowed<T>(sorted: readonly T[], allowed: (entry: T) => boolean, limit: number): T[] {
  const picked = new Set<T>();
  for (const entry of sorted) if (picked.size < limit && allowed(entry)) picked.add(entry);
  for (const entry of sorted) if (picked.size < limit) picked.add(entry);
  return sorted.filter((entry) => picked.has(entry));
}
