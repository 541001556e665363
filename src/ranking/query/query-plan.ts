import type { RankedTool, RankOptions } from "../ranker.js";
import type { ExactNames } from "./exact-names.js";
import { DEFAULT_PART_WEIGHT, mergeParts, PART_DEPTH } from "./merge-parts.js";
import { splitRequests } from "./request-parts.js";

/**
 * What toolsift's rankers do with a query besides scoring it. Each is on by default.
 */
export interface QueryHandling {
  /**
   * A query that names a tool (`slack__post_message`, `post message`, `postMessage`, or a full
   * tool name inside a longer query) puts that tool first, permissions applied. See `ExactNames`.
   * @defaultValue true
   */
  exactNames?: boolean;
  /**
   * A query that chains requests (`book a flight and then email the itinerary`) is also ranked
   * request by request, and each request's best matches are merged into the result. `false`
   * ranks every query whole; a number sets how much a request's best match weighs against the
   * whole query's best (1).
   * @defaultValue true (weight 0.7)
   */
  multiPart?: boolean | number;
}

/**
 * One query's plan: the tools it names (that the filter allows) and, for a chain of requests,
 * its parts. A ranker ranks the whole query to {@link QueryPlan.depth}, each part to
 * {@link PART_DEPTH}, and hands both to {@link QueryPlan.finish}.
 */
export class QueryPlan {
  private constructor(
    /** The requests of a chained query; empty for a single request. */
    readonly parts: readonly string[],
    /** Tools the query names, most exactly named first, already permitted. */
    readonly named: readonly string[],
    private readonly limit: number,
    private readonly partWeight: number,
  ) {}

  static of(query: string, options: RankOptions, handling: QueryHandling, names: ExactNames | undefined): QueryPlan {
    const named =
      handling.exactNames === false || !names
        ? []
        : names.match(query).filter((name) => !options.filter || options.filter(name));
    const multiPart = handling.multiPart ?? true;
    const parts = multiPart === false ? [] : splitRequests(query);
    const partWeight = typeof multiPart === "number" ? multiPart : DEFAULT_PART_WEIGHT;
    return new QueryPlan(parts.length > 1 ? parts : [], named, options.limit, partWeight);
  }

  /** How deep to rank the whole query: deeper for a chain, whose parts may lift lower tools. */
  get depth(): number {
    return this.parts.length > 0 ? this.limit + PART_DEPTH : this.limit;
  }

  /** The final list: named tools first, then the whole query's ranking merged with its parts'. */
  finish(whole: readonly RankedTool[], parts: readonly (readonly RankedTool[])[] = []): RankedTool[] {
    if (this.parts.length === 0 && this.named.length === 0) return whole.slice(0, Math.max(0, this.limit));
    const ranked = this.parts.length > 0 ? mergeParts(whole, parts, this.partWeight) : whole;
    return namedFirst(ranked, this.named).slice(0, Math.max(0, this.limit));
  }
}

/**
 * `ranked` with the `named` tools moved to the front, in their order. A named tool keeps its
 * score when that already puts it ahead of everything after it; otherwise it gets a score just
 * above, so the list stays sorted by score.
 */
export function namedFirst(ranked: readonly RankedTool[], named: readonly string[]): RankedTool[] {
  if (named.length === 0) return [...ranked];
  const isNamed = new Set(named);
  const rest = ranked.filter((hit) => !isNamed.has(hit.name));
  const scoreOf = new Map(ranked.map((hit) => [hit.name, hit.score]));
  const front: RankedTool[] = [];
  // The score each named tool must beat: the next tool's, none after the last (any score will do, 1 without one).
  let floor = rest[0]?.score;
  for (let i = named.length - 1; i >= 0; i--) {
    const name = named[i]!;
    const own = scoreOf.get(name);
    const score = floor === undefined ? (own ?? 1) : own !== undefined && own > floor ? own : above(floor);
    // A tool the query names is what it asks for, whatever the scores say.
    front.unshift({ name, score, confidence: "strong" });
    floor = score;
  }
  return [...front, ...rest];
}

/** A number slightly above `score`, for a tool that must rank ahead of one scoring `score`. */
function above(score: number): number {
  return score + Math.max(Math.abs(score) * 1e-6, 1e-9);
}
