import type { CatalogueTool, ToolContext } from "../catalogue/index.js";
import { OptionsError, QueryError, errorText } from "../errors.js";
import { describeValue } from "../describe-value.js";
import type { Hydration } from "./hydration.js";
import { MAX_REQUEST_LENGTH, MAX_SEARCH_LIMIT } from "./search-tools-tool.js";
import type { SessionServices, SessionState } from "./session-services.js";

/**
 * How many of a message's best matches a prefetch considers when `limit` is left out: the best
 * one alone. The bench's prefetch section measured 1 against 3 on every shared set: at 3, a
 * prefetch hydrated a tool the task did not need on 70–100% of the tasks of most sets and raised
 * the tool tokens of a session on 4 of the 5 sets where the block changes (by up to 34%); at 1
 * it lowered them on all 5 (by 12–36%) and still spared the search turn on 43–94% of tasks.
 */
export const DEFAULT_PREFETCH_LIMIT = 1;

/**
 * The most characters of a message a prefetch ranks: the first ones (after leading white
 * space), the rest cut. The bound of any request the host ranks ({@link MAX_REQUEST_LENGTH}), so
 * a chained request's later parts count, and a message of megabytes costs no more than that.
 */
export const MAX_PREFETCH_TEXT_LENGTH = MAX_REQUEST_LENGTH;

/** The options of {@link ToolSearchSession.prefetch}. */
export interface PrefetchOptions {
  /**
   * How many of the message's best matches to consider, a whole number from 1 to 50; only the
   * strong ones among them are hydrated. 1 (the best match alone) when left out.
   *
   * @example
   * ```ts
   * await session.prefetch(userText, { limit: 3 }); // up to the three best, each only if strong
   * ```
   */
  limit?: number;
}

/**
 * Why a prefetch left one of the message's matches as it was:
 * - `weak`: the ranker was not sure of it (it shares only common words, or a distant meaning);
 * - `hydrated`: it is hydrated already (its place in the LRU order is left alone);
 * - `keep`: a keep tool, always in full;
 * - `denied`: `permit` lets the session search for it but not list it;
 * - `cap`: the hydrated tools fill the LRU cap, and a prefetch never evicts a tool.
 */
export type PrefetchSkipReason = "weak" | "hydrated" | "keep" | "denied" | "cap";

/** What {@link ToolSearchSession.prefetch} did, for a caller to log. */
export interface PrefetchOutcome {
  /** The tools this prefetch hydrated, best match first. */
  hydrated: string[];
  /** The other matches it considered, best first, and why each was left. */
  skipped: { name: string; reason: PrefetchSkipReason }[];
  /** Whether the text was longer than {@link MAX_PREFETCH_TEXT_LENGTH} and only its start was ranked. */
  truncated: boolean;
  /** Why the search failed (nothing was hydrated then); absent when it ran. */
  error?: string;
}

/** What a prefetch needs of its session. */
export interface PrefetchHost {
  services: SessionServices;
  state: SessionState;
  hydration: Hydration;
  context(stage: ToolContext["stage"]): ToolContext;
  replayed(): Promise<void>;
  /** Hydrates one tool as a prefetch (its `hydrate` event says so); whether it was hydrated now. */
  hydrateTool(tool: CatalogueTool, prefetch: true): boolean;
}

/** A prefetch's text and limit, checked: the text cut to its bound, the limit filled in. */
export function readPrefetch(text: unknown, options: unknown): { query: string; limit: number; truncated: boolean } {
  if (typeof text !== "string") {
    throw new QueryError(
      "invalid_query",
      `prefetch(text) takes the user's message as a string, got ${describeValue(text)}.`,
    );
  }
  if (options !== undefined && (typeof options !== "object" || options === null || Array.isArray(options))) {
    throw new OptionsError(
      "invalid_prefetch_options",
      `prefetch(text, options) takes options as an object such as { limit: 3 }, or none; got ${describeValue(options)}.`,
    );
  }
  const given = (options ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => key !== "limit");
  if (unknown.length > 0) {
    throw new OptionsError(
      "invalid_prefetch_options",
      `prefetch(text, options) knows only "limit"; got ${unknown.map((key) => JSON.stringify(key.slice(0, 60))).join(", ")}.`,
    );
  }
  const limit = given.limit ?? DEFAULT_PREFETCH_LIMIT;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new OptionsError(
      "invalid_limit",
      `prefetch(text, { limit }) takes limit as a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${describeValue(limit)}.`,
    );
  }
  // Cut before any pass over the whole text: only a scan for its first visible character reads past the bound.
  const start = text.trimStart();
  let query = start.slice(0, MAX_PREFETCH_TEXT_LENGTH);
  // A cut between the halves of a surrogate pair would leave half a character.
  if (/[\uD800-\uDBFF]$/.test(query)) query = query.slice(0, -1);
  query = query.trimEnd();
  if (query === "") {
    throw new QueryError(
      "invalid_query",
      "prefetch(text) was given an empty message: pass the user's words, or skip the prefetch for a turn without text.",
    );
  }
  const truncated = /\S/.test(start.slice(query.length));
  return { query, limit, truncated };
}

/**
 * Ranks a user's message with the session's search (permissions, lessons, enrichment and the
 * semantic fallback apply, as for `search_tools`) and hydrates its strong matches among the
 * best `limit`, into the LRU cap's free room only, best match last, so it is the last to be
 * evicted. It never runs a tool, never evicts one, and leaves the LRU order of hydrated tools
 * alone. A failed search hydrates nothing; the outcome says why.
 */
export async function prefetch(host: PrefetchHost, text: unknown, options: unknown): Promise<PrefetchOutcome> {
  const { query, limit, truncated } = readPrefetch(text, options);
  const { services, hydration } = host;
  try {
    await host.replayed();
    const context = host.context("search");
    // As a search does: the first one sees the servers that connect in time.
    await services.unavailable?.(context);
    const matches = await services.rank(query, limit, context, host.state.scope, { prefetch: true });
    const snapshot = await services.snapshot();
    const blockContext = host.context("block");
    let room = services.tuning.maxHydratedTools - hydration.byRecency().length;
    const chosen: CatalogueTool[] = [];
    const skipped: PrefetchOutcome["skipped"] = [];
    for (const match of matches) {
      const tool = snapshot.byName.get(match.name);
      let reason: PrefetchSkipReason | undefined;
      if (match.confidence === "weak") reason = "weak";
      else if (services.tuning.keepTools.includes(match.name)) reason = "keep";
      else if (hydration.has(match.name)) reason = "hydrated";
      else if (tool === undefined || !services.isPermitted(tool, blockContext)) reason = "denied";
      else if (room <= 0) reason = "cap";
      if (reason !== undefined) skipped.push({ name: match.name, reason });
      else {
        chosen.push(tool!);
        room--;
      }
    }
    for (const tool of [...chosen].reverse()) host.hydrateTool(tool, true);
    return { hydrated: chosen.map((tool) => tool.name), skipped, truncated };
  } catch (error) {
    return { hydrated: [], skipped: [], truncated, error: `prefetch failed: ${errorText(error)}` };
  }
}
