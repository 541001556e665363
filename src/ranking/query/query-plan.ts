import type { RankedTool, RankOptions } from "../ranker.js";
import type { ExactNames } from "./exact-names.js";
import { FAMILY_SEARCH, protectedTools, searchFamilies } from "./family-search.js";
import { DEFAULT_PART_WEIGHT, mergeParts, PART_DEPTH } from "./merge-parts.js";
import { splitRequests } from "./request-parts.js";
import type { ToolFamilies } from "./tool-families.js";
import { REPRESENTED_BY, RUNNERS_UP, wholeAnswer } from "./whole-answer.js";

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
  /**
   * When the best match is confident and no other tool of its server (its `server`, the
   * `server__` of its name, or the API of a RapidAPI-style `<endpoint>_for_<api>` name) made the
   * answer, the server's next tool in the query's ranking takes the answer's last place: a
   * request about one server usually needs two of its tools. Then the lowest tool alone of its
   * server in the answer gives its place to the next tool of another server the answer holds a
   * confident match of (see `gatherFamilies`), and one more lone place goes to the best new tool
   * of such a server as the query's ranking read 50 deep orders them (see `FAMILY_SEARCH`). A
   * place kept for a request's best match or a named tool is never taken, nor, after the
   * sibling, the second place when it scores at least 0.8 of the best (another server's tool
   * for the same thing). `false` leaves the ranking as scored.
   * @defaultValue true
   */
  siblings?: boolean;
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
    /** The catalogue's families, when a best match's sibling may join the answer. */
    private readonly families: ToolFamilies | undefined,
  ) {}

  static of(
    query: string,
    options: RankOptions,
    handling: QueryHandling,
    names: ExactNames | undefined,
    families?: ToolFamilies,
  ): QueryPlan {
    const named =
      handling.exactNames === false || !names
        ? []
        : names.match(query).filter((name) => !options.filter || options.filter(name));
    const multiPart = handling.multiPart ?? true;
    const parts = multiPart === false ? [] : splitRequests(query);
    const partWeight = typeof multiPart === "number" ? multiPart : DEFAULT_PART_WEIGHT;
    const siblings = handling.siblings === false ? undefined : families;
    return new QueryPlan(parts.length > 1 ? parts : [], named, options.limit, partWeight, siblings);
  }

  /**
   * How deep to rank the whole query: deeper for a chain, whose parts may lift lower tools, and
   * when a sibling of the best match may be read from past the answer; 50 deep where the
   * catalogue has families for the family search ({@link FAMILY_SEARCH}).
   */
  get depth(): number {
    // The family search reads the whole query's ranking deeper than the answer's rules do, in a
    // catalogue that has families to search.
    if (this.families !== undefined && this.families.size > 0)
      return Math.max(this.limit + PART_DEPTH, FAMILY_SEARCH.depth);
    return this.parts.length > 0 || this.families !== undefined ? this.limit + PART_DEPTH : this.limit;
  }

  /**
   * The final list: named tools first, then the whole query's ranking merged with its parts',
   * cut to the limit with a place kept for each request's confident best match (unless the
   * request is answered already, see `REPRESENTED_BY`), a free place for a request's close
   * runner-up (`RUNNERS_UP`), a sibling of the best match added and the answer's families
   * searched once more (see {@link QueryHandling.siblings}).
   */
  finish(whole: readonly RankedTool[], parts: readonly (readonly RankedTool[])[] = []): RankedTool[] {
    const limit = Math.max(0, this.limit);
    if (this.parts.length === 0 && this.named.length === 0 && this.families === undefined) return whole.slice(0, limit);
    // The answer's rules read the ranking as deep as they were chosen with; only the family
    // search reads further.
    const shallow = whole.slice(0, limit + PART_DEPTH);
    const merged = this.parts.length > 0 ? mergeParts(shallow, parts, this.partWeight) : shallow;
    const families = this.families;
    const familyOf = families ? (name: string) => families.of(name) : undefined;
    const answer = wholeAnswer(namedFirst(merged, this.named), parts, this.named, limit, {
      keep: REPRESENTED_BY,
      familyOf,
      runnersUp: RUNNERS_UP,
    });
    if (familyOf === undefined) return answer;
    // Every family reads the same deep ranking: the search takes only the family's tools from it.
    const deep = whole.slice(0, FAMILY_SEARCH.depth);
    return searchFamilies(
      answer,
      limit,
      protectedTools(parts, this.named),
      familyOf,
      () => deep,
      FAMILY_SEARCH.swaps,
      FAMILY_SEARCH.held,
    );
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
