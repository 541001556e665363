import type { RankedTool } from "../ranker.js";
import { lastNotKept } from "./last-not-kept.js";

/** Which requests' runners-up (a request's 2nd, 3rd… match) get places in a multi-request answer. */
export interface RunnerUpRule {
  /** At most this many of the answer's places go to runners-up; 0 gives none. */
  places: number;
  /** A runner-up must score at least this share of its request's best (0–1): the request is torn between them. */
  closeness: number;
  /** How far down each request's ranking a runner-up may come from: 2 reads only the 2nd. */
  depth: number;
  /** Each round (every request's 2nd, then every 3rd…) in request order, or closest to its best first. */
  order: "requests" | "closeness";
}

/** What {@link shareRunnersUp} made: the answer, and the runners-up it holds that must keep their places. */
export interface SharedAnswer {
  answer: RankedTool[];
  runnersUp: string[];
}

/**
 * `answer` (already holding each request's confident best) with places given to the requests'
 * runners-up that `rule` admits, round by round: every admitted 2nd, then every 3rd, up to
 * `rule.depth`. Each takes the place of the answer's lowest tool not in `kept` and not a runner-up
 * placed before, nor the first, nor of a family (see `familyOf`) holding another place; a
 * runner-up already in the answer costs no place. Only confident runners-up of
 * requests whose best is confident are read. Order stays `ranked`'s. A single request (`parts`
 * shorter than 2) is never touched.
 *
 * Why: a missed tool of a chained query is often a request's own second or third match, while
 * the places it lacks go to tools the whole query likes.
 */
export function shareRunnersUp(
  answer: readonly RankedTool[],
  ranked: readonly RankedTool[],
  parts: readonly (readonly RankedTool[])[],
  limit: number,
  kept: ReadonlySet<string>,
  rule: Readonly<RunnerUpRule>,
  familyOf: (name: string) => string | undefined = () => undefined,
): SharedAnswer {
  const places = Math.max(0, Math.floor(rule.places));
  if (parts.length < 2 || places === 0) return { answer: [...answer], runnersUp: [] };
  const inRanked = new Set(ranked.map((hit) => hit.name));
  const chosen = new Set(answer.map((hit) => hit.name));
  const held = new Set<string>();
  let given = 0;
  for (const name of runnersUp(parts, rule)) {
    if (given >= places) break;
    if (!inRanked.has(name) || held.has(name) || kept.has(name)) continue;
    if (chosen.has(name)) {
      held.add(name);
      continue;
    }
    if (chosen.size >= Math.max(0, limit)) {
      const place = lowestFree(answer, chosen, kept, held, familyOf);
      if (place === undefined) break;
      chosen.delete(place);
    }
    chosen.add(name);
    held.add(name);
    given++;
  }
  return { answer: ranked.filter((hit) => chosen.has(hit.name)), runnersUp: [...held] };
}

/** The runners-up `rule` admits, in the order they get places. */
export function runnersUp(parts: readonly (readonly RankedTool[])[], rule: Readonly<RunnerUpRule>): string[] {
  const depth = Math.min(Math.max(0, Math.floor(rule.depth)), Math.max(0, ...parts.map((part) => part.length)));
  const names: string[] = [];
  for (let rank = 1; rank < depth; rank++) {
    const round: { name: string; closeness: number; request: number }[] = [];
    parts.forEach((part, request) => {
      const best = part[0];
      const hit = part[rank];
      // A weak best means the request matched nothing well: its runners-up are guesses too.
      if (best === undefined || hit === undefined || best.confidence === "weak" || hit.confidence === "weak") return;
      if (!(best.score > 0)) return;
      const closeness = hit.score / best.score;
      if (closeness >= rule.closeness) round.push({ name: hit.name, closeness, request });
    });
    if (rule.order === "closeness") round.sort((a, b) => b.closeness - a.closeness || a.request - b.request);
    names.push(...round.map((entry) => entry.name));
  }
  return names;
}

/**
 * The lowest of `answer` still chosen that may give its place: not the first (the whole query's
 * best), not kept, not a placed runner-up, and not of a family (server or API) that holds another
 * place, since a request about one server usually needs two of its tools.
 */
function lowestFree(
  answer: readonly RankedTool[],
  chosen: ReadonlySet<string>,
  kept: ReadonlySet<string>,
  held: ReadonlySet<string>,
  familyOf: (name: string) => string | undefined,
): string | undefined {
  const sharesFamily = (name: string) => {
    const family = familyOf(name);
    return family !== undefined && [...chosen].some((other) => other !== name && familyOf(other) === family);
  };
  return lastNotKept(answer.slice(1), chosen, kept, (name) => held.has(name) || sharesFamily(name));
}
