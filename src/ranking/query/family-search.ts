import type { RankedTool } from "../ranker.js";
import { isCloseRunnerUp } from "./whole-answer.js";

/**
 * How many tools of one family a family's own ranking reads at most: a hostile catalogue can put
 * ten thousand tools on one server, and a family search must stay a small fraction of a query.
 */
export const FAMILY_CAP = 64;

/** A family already holding this many places of the answer is not searched ({@link searchFamilies}). */
export const FAMILY_HELD = 2;

/**
 * The family search `QueryPlan` gives every answer in a catalogue with families: one lone place,
 * to the best new tool of a family the answer holds a confident match of, as the whole query's
 * ranking read {@link FAMILY_SEARCH.depth} deep orders that family's tools (no new search), with
 * no limit on the places a family holds. Chosen leave one dataset out on top of the shipped
 * default (`bench/tuning/tune-whole-answers.ts`, `bench/results/whole-answers-leave-one-out.md`):
 * eight folds chose this read and the ninth (toolsift's set left out) a search within each
 * family that ties it there; no set left out lost, and this read lowers no row of any set:
 * StableToolBench's COMP@5 +0.81 (bm25) and +0.68 (hybrid), its recall@5 +0.32 and +0.28, and
 * toolsift's own set's hybrid recall@5 +0.41. A search within each family costs a search per
 * family (+128–250% of a StableToolBench query's time), and two places gained less.
 */
export const FAMILY_SEARCH = Object.freeze({ swaps: 1, depth: 50, held: Number.POSITIVE_INFINITY });

/**
 * The families worth ranking again for `answer`: each family of a confident match in the answer,
 * best first, at most `limit` of them (one per place).
 */
export function answerFamilies(
  answer: readonly RankedTool[],
  familyOf: (name: string) => string | undefined,
  limit: number,
): string[] {
  const families: string[] = [];
  for (const hit of answer) {
    if (families.length >= limit) break;
    const family = familyOf(hit.name);
    if (family !== undefined && hit.confidence !== "weak" && !families.includes(family)) families.push(family);
  }
  return families;
}

/**
 * `answer` with up to `swaps` lone tools (the only tool of their family in the answer, or of
 * none), lowest first, each giving its place to the best tool not yet in the answer of a family
 * the answer holds a confident match of, as `rankingOf(family)` orders them (the family's tools
 * ranked alone, or any ranking best first: only the family's tools in it are read). Families are
 * tried best first, and only while they hold fewer than `held` places. A weak candidate takes
 * only a weak tool's place. Never moved: the best match, and the `protect`ed tools (named tools,
 * each request's confident best match). The new tool goes last, with a score no higher than the
 * one before it, so scores stay sorted.
 *
 * Why: a request about two APIs needs several endpoints of each, and the one it needs often
 * ranks far down the whole query's ranking, behind other APIs' tools that share its words;
 * ranked among its own API's few tools, it comes first. A catalogue whose names carry no
 * family has no families to search and its answers do not change.
 */
export function searchFamilies(
  answer: readonly RankedTool[],
  limit: number,
  protect: ReadonlySet<string>,
  familyOf: (name: string) => string | undefined,
  rankingOf: (family: string) => readonly RankedTool[],
  swaps: number,
  held = FAMILY_HELD,
): RankedTool[] {
  const result = [...answer];
  for (const family of answerFamilies(answer, familyOf, limit)) {
    if (swaps <= 0) break;
    // A family holding this many places has its share: another of its tools would push out
    // the one tool of another API the request also needs.
    if (result.filter((hit) => familyOf(hit.name) === family).length >= held) continue;
    const chosen = new Set(result.map((hit) => hit.name));
    // Read no further than the cap, whatever the caller ranked.
    const ranking = rankingOf(family).slice(0, FAMILY_CAP);
    const candidate = ranking.find((hit) => !chosen.has(hit.name) && familyOf(hit.name) === family);
    if (candidate === undefined) continue;
    if (result.length >= limit) {
      const counts = new Map<string, number>();
      for (const hit of result) {
        const own = familyOf(hit.name);
        if (own !== undefined) counts.set(own, (counts.get(own) ?? 0) + 1);
      }
      const lone = (hit: RankedTool) => {
        const own = familyOf(hit.name);
        return own === undefined || (own !== family && counts.get(own) === 1);
      };
      // A weak match never takes a strong one's place: "open a ticket" keeps Jira's create_issue
      // rather than gain a third GitHub tool that matched on one word.
      const yields = (hit: RankedTool) => candidate.confidence !== "weak" || hit.confidence === "weak";
      // A close runner-up is the query's other answer (another server's tool for the same
      // thing, as two browser servers' navigate tools are): it keeps its place, as a request's
      // close runner-up gets one in a chained query's answer.
      const last = isCloseRunnerUp(result) ? 2 : 1;
      let place = -1;
      for (let i = result.length - 1; i >= last; i--) {
        if (!protect.has(result[i]!.name) && lone(result[i]!) && yields(result[i]!)) {
          place = i;
          break;
        }
      }
      if (place < 0) break;
      result.splice(place, 1);
    }
    const floor = result[result.length - 1]?.score;
    const score = floor === undefined ? candidate.score : Math.min(floor, candidate.score);
    result.push({ ...candidate, score });
    swaps--;
  }
  return result;
}

/** The tools a family search never moves: the named tools and each request's confident best match. */
export function protectedTools(parts: readonly (readonly RankedTool[])[], named: readonly string[]): Set<string> {
  const protect = new Set(named);
  for (const part of parts) if (part[0] !== undefined && part[0].confidence !== "weak") protect.add(part[0].name);
  return protect;
}
