import type { RankedTool } from "../ranker.js";
import { lastNotKept } from "./last-not-kept.js";
import { type RunnerUpRule, shareRunnersUp } from "./runner-up-places.js";

/**
 * A request needs no kept place when one of its best this many matches is in the answer already
 * (0: a request's confident best always keeps a place). Chosen leave one dataset out
 * (`bench/tuning/tune-whole-answers.ts`, `bench/results/whole-answers-leave-one-out.md`): with the
 * bundled USE-lite model and requests read sentence by sentence, keeping a place always lost
 * nothing on any set and gained most (BFCL and StableToolBench COMP@5); a request's runner-up in
 * the answer is often a tool the whole query found for another request. With GloVe, keeping
 * always had cost API-Bank a query, and 3 was chosen.
 */
export const REPRESENTED_BY = 0;

/**
 * The free places of a chained query's answer that requests' runners-up may take
 * ({@link shareRunnersUp}): one, to a request's 2nd or 3rd match when it and the request's best
 * are confident and it scores at least 0.8 of the best; given before the families' rules, which
 * may swap it out as any lone tool. Chosen leave one dataset out
 * (`bench/tuning/tune-whole-answers.ts`, `bench/results/whole-answers-leave-one-out.md`): 8 of 9
 * folds chose this rule and it loses no query on any set (COMP@5 bm25/hybrid: BFCL +3.2/+2.8,
 * Seal-Tools +1.0/+0.7, API-Bank +0.7/+0.7, StableToolBench +0.5/+0.4). The ToolAlpaca fold chose
 * a neighbour (two places) that lost one query there. Without its two guards (never the first place, never a place of a server holding
 * another) every variant lost a query of toolsift's own set.
 */
export const RUNNERS_UP: Readonly<RunnerUpRule> = Object.freeze({
  places: 1,
  closeness: 0.8,
  depth: 3,
  order: "requests",
});

/** What {@link wholeAnswer} does besides cutting to the limit. */
export interface WholeAnswerRules {
  /**
   * Keep a place for each request's confident best match, unless one of its best `keep` matches
   * already made the answer (0: always keep); `false` keeps none.
   */
  keep: number | false;
  /** A tool's family (its server or API), for a best match's sibling; `undefined` adds none. */
  familyOf: ((name: string) => string | undefined) | undefined;
  /** At most this many tools of families already in the answer replace lone tools ({@link gatherFamilies}). */
  gather?: number;
  /**
   * Places for requests' runners-up ({@link shareRunnersUp}), given after the kept places and
   * before the families' rules, which may swap a runner-up out as any lone tool; `undefined`
   * gives none. `QueryPlan` gives {@link RUNNERS_UP}.
   */
  runnersUp?: Readonly<RunnerUpRule> | undefined;
}

/**
 * How many lone tools give their place to a tool of a family already in the answer. Chosen leave
 * one dataset out (`bench/tuning/tune-whole-answers.ts`, `bench/results/whole-answers-leave-one-out.md`):
 * 2 in every fold, with StableToolBench's COMP@5 up about 1.4 points and toolsift's own set's
 * recall@5 up 0.2–0.5, no loss anywhere; 1 gained less on both. 3 measured the same as 2 (one row
 * 0.03 points apart), and fewer swaps reshape an unseen catalogue's answers less. Sets whose
 * names carry no family do not change.
 */
export const GATHERED = 2;

/**
 * The answer to a query from its final ranking (`ranked`: merged with its requests' rankings and
 * named tools first) and each request's own ranking (`parts`, empty for a single request): the
 * first `limit`, with a place kept for each request's confident best match and for the named
 * tools ({@link keepPlaces}), a sibling of the best match added ({@link addSibling}), and lone
 * tools' places given to the answer's families ({@link gatherFamilies}).
 */
export function wholeAnswer(
  ranked: readonly RankedTool[],
  parts: readonly (readonly RankedTool[])[],
  named: readonly string[],
  limit: number,
  rules: WholeAnswerRules,
): RankedTool[] {
  const kept = new Set(named);
  if (rules.keep !== false) {
    const first = new Set(ranked.slice(0, limit).map((hit) => hit.name));
    const depth = rules.keep;
    for (const part of parts) {
      // A weak best is a guess that would only push out a tool the whole query found.
      if (part[0] === undefined || part[0].confidence === "weak") continue;
      if (!part.slice(0, depth).some((hit) => first.has(hit.name))) kept.add(part[0].name);
    }
  }
  const placed = keepPlaces(ranked, limit, kept);
  const answer = rules.runnersUp
    ? shareRunnersUp(placed, ranked, parts, limit, kept, rules.runnersUp, rules.familyOf).answer
    : placed;
  if (!rules.familyOf) return answer;
  const sibling = addSibling(answer, ranked, limit, kept, rules.familyOf);
  // A close runner-up is the query's other answer (another server's tool for the same thing):
  // it keeps its place against the families of other matches (the best match's own sibling
  // still takes the last place, as a request about one server needs two of its tools).
  const spared = isCloseRunnerUp(sibling) ? new Set([...kept, sibling[1]!.name]) : kept;
  return gatherFamilies(sibling, ranked, limit, spared, rules.familyOf, rules.gather ?? GATHERED);
}

/**
 * Whether the answer's second tool is confident and scores at least {@link RUNNERS_UP}'s
 * closeness of its first: the query is torn between them, as between two browser servers'
 * `navigate` tools.
 */
export function isCloseRunnerUp(answer: readonly RankedTool[]): boolean {
  const [best, second] = answer;
  return (
    best !== undefined &&
    second !== undefined &&
    best.score > 0 &&
    second.confidence !== "weak" &&
    second.score >= RUNNERS_UP.closeness * best.score
  );
}

/**
 * `answer` with up to `swaps` lone tools (the only tool of their family in the answer, or of
 * none), lowest first and never kept nor the best match, each giving its place to the next tool
 * in `ranked` of another family whose confident match is in the answer. Order stays `ranked`'s.
 *
 * Why: a request about two APIs needs two endpoints of each, and the fifth place usually holds
 * a tool of a third API that matched the request's details.
 */
export function gatherFamilies(
  answer: readonly RankedTool[],
  ranked: readonly RankedTool[],
  limit: number,
  kept: ReadonlySet<string>,
  familyOf: (name: string) => string | undefined,
  swaps: number,
): RankedTool[] {
  let result = [...answer];
  for (let swap = 0; swap < swaps; swap++) {
    const counts = new Map<string, number>();
    const anchored = new Set<string>();
    for (const hit of result) {
      const family = familyOf(hit.name);
      if (family === undefined) continue;
      counts.set(family, (counts.get(family) ?? 0) + 1);
      if (hit.confidence !== "weak") anchored.add(family);
    }
    const chosen = new Set(result.map((hit) => hit.name));
    const candidate = ranked.find((hit) => !chosen.has(hit.name) && anchored.has(familyOf(hit.name) ?? ""));
    if (candidate === undefined) break;
    if (result.length >= limit) {
      const lone = (hit: RankedTool) => {
        const family = familyOf(hit.name);
        return family === undefined || counts.get(family) === 1;
      };
      const place = result
        .slice(1)
        .reverse()
        .find((hit) => !kept.has(hit.name) && lone(hit) && familyOf(hit.name) !== familyOf(candidate.name));
      if (place === undefined) break;
      chosen.delete(place.name);
    }
    chosen.add(candidate.name);
    result = ranked.filter((hit) => chosen.has(hit.name));
  }
  return result;
}

/**
 * The first `limit` of `ranked`, with a place kept for each of `kept` (each request's confident
 * best, the tools the query names) that the list has further down: one takes the place of the
 * lowest tool not kept. Order stays `ranked`'s, so scores stay sorted.
 *
 * Why: a chained request's parts compete for few places, and the part whose words the catalogue
 * repeats most (a "pharmacy" request against many pharmacy tools) pushes out the best tool of
 * a quieter part; an answer missing one request's tool cannot complete the task.
 */
export function keepPlaces(ranked: readonly RankedTool[], limit: number, kept: ReadonlySet<string>): RankedTool[] {
  const top = ranked.slice(0, Math.max(0, limit));
  if (kept.size === 0) return top;
  const inTop = new Set(top.map((hit) => hit.name));
  const chosen = new Set(inTop);
  for (const hit of ranked.slice(top.length)) {
    if (!kept.has(hit.name) || inTop.has(hit.name)) continue;
    const place = lastNotKept(top, chosen, kept);
    if (place === undefined) break;
    chosen.delete(place);
    chosen.add(hit.name);
  }
  return ranked.filter((hit) => chosen.has(hit.name));
}

/**
 * `answer` with one sibling of its best match added: when the best match is confident, has a
 * family (see `familyOf`) and is its family's only tool in the answer, the family's next tool in
 * `ranked` (the query's own ranking, read past the answer) takes the place of the answer's lowest
 * tool that is neither kept nor of the family, unless that tool's own family holds another place.
 * Order stays `ranked`'s.
 *
 * Why: a request about one server or API usually needs two of its tools (find the contact, then
 * read its tags; list the issues, then comment on one), and the second one's words are often
 * the request's details, which other servers' tools match as well. When the family already
 * holds two places, the answer has its siblings and nothing changes.
 */
export function addSibling(
  answer: readonly RankedTool[],
  ranked: readonly RankedTool[],
  limit: number,
  kept: ReadonlySet<string>,
  familyOf: (name: string) => string | undefined,
): RankedTool[] {
  const best = answer[0];
  if (best === undefined || best.confidence === "weak") return [...answer];
  const family = familyOf(best.name);
  if (family === undefined || answer.slice(1).some((hit) => familyOf(hit.name) === family)) return [...answer];
  const chosen = new Set(answer.map((hit) => hit.name));
  const sibling = ranked.find((hit) => !chosen.has(hit.name) && familyOf(hit.name) === family);
  if (sibling === undefined) return [...answer];
  if (answer.length >= limit) {
    const place = lastNotKept(answer, chosen, kept, (name) => familyOf(name) === family);
    // A place whose server holds another place is not given up: the query is about that
    // server too (`summarise jira ticket MOB-231 in a comment on github PR 45`).
    const other = place === undefined ? undefined : familyOf(place);
    if (
      place === undefined ||
      (other !== undefined && answer.some((hit) => hit.name !== place && familyOf(hit.name) === other))
    )
      return [...answer];
    chosen.delete(place);
  }
  chosen.add(sibling.name);
  return ranked.filter((hit) => chosen.has(hit.name));
}
