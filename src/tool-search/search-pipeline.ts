import type { Catalogue, CatalogueSnapshot, CatalogueTool, ToolContext } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import type { LearnedScores, Learning } from "../learning/index.js";
// Not learning/'s index, which loads the stores and misses (see load-learning.ts).
import { blendLearned } from "../learning/blend-learned.js";
import type { RankDocument, RankedTool, Ranker } from "../ranking/index.js";
import { absentProducts, type SearchCompanion, type SearchMatch } from "../session/index.js";
import { traced } from "../telemetry/index.js";
import { findCompanions } from "./find-companions.js";
import { inputProducers } from "./input-producers.js";
import { capPerServer, resultsPerServer, saturatedServers, type ServerCap } from "./cap-per-server.js";
import { localTerms, QueryWords } from "./names-server.js";
import type { Permissions } from "./permissions.js";
import type { SemanticFallback } from "./semantic-fallback.js";

/** How deep the ranker's list is read when lessons add to it: a learned tool may lift one from far down. */
const LEARNED_DEPTH = 50;

/**
 * One search, from query to matches: the scope's lessons, the ranker (kept up to date with the
 * catalogue, one call at a time), the semantic fallback when it answers nothing, the blend of
 * the two, and the contract a custom ranker may break (filter, limit, duplicates) enforced.
 */
export class SearchPipeline {
  private indexedVersion = -1;
  /** Ranker calls, one at a time: an update never runs while a search is under way. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly catalogue: Catalogue,
    private readonly ranker: Ranker,
    private readonly permissions: Permissions,
    private readonly searchLimit: number,
    private readonly learning: Learning | undefined,
    private readonly fallback: SemanticFallback | undefined,
    private readonly emit: (event: ToolSearchEvent) => void,
    /** `maxResultsPerServer`: see {@link resultsPerServer}. */
    private readonly maxResultsPerServer: number | false | undefined = undefined,
    /** The documents a catalogue is ranked by: the tools' own, or with their enrichment's examples. */
    private readonly documentsOf: (tools: readonly CatalogueTool[]) => RankDocument[] = (tools) =>
      tools.map((tool) => tool.document),
  ) {}

  /**
   * Ranks in a `toolsift.search` span (when OpenTelemetry is installed), with what an operator
   * filters on: the session, the stage, the ranker, the limit, how many tools matched and the
   * best one. The query's text is left out of the span: it is the user's words. A prefetch's
   * search (`origin.prefetch`) is marked so on its span and its `search` event.
   */
  rank(
    query: string,
    limit: number,
    context: ToolContext,
    scope: string,
    origin: { servers?: ReadonlySet<string>; prefetch?: boolean } = {},
  ): Promise<SearchMatch[]> {
    const prefetch = origin.prefetch === true;
    const servers = origin.servers;
    const attributes = {
      "toolsift.session.id": context.sessionId,
      "toolsift.search.stage": context.stage,
      "toolsift.search.limit": limit,
      "toolsift.search.query_length": query.length,
      "toolsift.ranker": typeof this.ranker.name === "string" ? this.ranker.name : undefined,
      "toolsift.search.prefetch": prefetch ? true : undefined,
    };
    return traced("toolsift.search", "internal", attributes, async (span) => {
      const matches = await this.rankNow(query, limit, context, scope, servers, prefetch);
      span.set({ "toolsift.search.result_count": matches.length, "toolsift.search.top_tool": matches[0]?.name });
      return matches;
    });
  }

  /**
   * The companions of a search's matches (see {@link findCompanions}): tools the scope's sessions
   * used together with a confident match, and tools that give an id one needs, under the same
   * permissions as the matches. Lessons offer no tool that deletes
   * or reaches outside unless the options allow, as when they rank.
   */
  async companions(
    query: string,
    matches: readonly SearchMatch[],
    context: ToolContext,
    scope: string,
  ): Promise<SearchCompanion[]> {
    if (!matches.some((match) => match.confidence !== "weak")) return [];
    const snapshot = await this.catalogue.snapshot();
    const allowed = (name: string) => {
      const tool = snapshot.byName.get(name);
      return tool !== undefined && this.permissions.isPermitted(tool, context);
    };
    const learning = this.learning;
    return findCompanions(matches, {
      usedWith: (tool) =>
        learning
          ? learning.usedWith(scope, tool, (name) => {
              const found = snapshot.byName.get(name);
              return found !== undefined && (learning.options.boostDestructive || !isRisky(found));
            })
          : Promise.resolve([]),
      producers: (tool) => {
        const consumer = snapshot.byName.get(tool);
        return consumer ? inputProducers(snapshot, consumer) : [];
      },
      best: async (candidates) => {
        const hits = await this.ranked(snapshot, () =>
          this.ranker.search(query, { limit: 1, filter: (name) => candidates.has(name) }),
        );
        return hits[0]?.name;
      },
      allowed,
      description: (name) => snapshot.byName.get(name)!.description,
    });
  }

  /**
   * Brings the ranker up to date with a snapshot, then runs `use`, queued behind every ranker
   * call before it: the Ranker contract promises an update never overlaps a search. A failed
   * call fails its own caller only; the queue goes on.
   */
  ranked<T>(snapshot: CatalogueSnapshot, use: () => T | Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      if (snapshot.version > this.indexedVersion) {
        await this.ranker.update(this.documentsOf(snapshot.tools));
        this.indexedVersion = snapshot.version;
      }
      return use();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs `change` (what the documents are made of) in the ranker's queue, between two ranker
   * calls, so no search sees half of it, then marks the index out of date: the next search (or
   * {@link ranked}) indexes the catalogue again.
   */
  reindex(change: () => void): Promise<void> {
    const next = this.queue.then(() => {
      change();
      this.indexedVersion = -1;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** `servers`: a `server:` term's restriction, when the search has one; see `searchWithServers`. */
  private async rankNow(
    query: string,
    limit: number,
    context: ToolContext,
    scope: string,
    servers: ReadonlySet<string> | undefined,
    prefetch: boolean,
  ): Promise<SearchMatch[]> {
    const snapshot = await this.catalogue.snapshot();
    const allowed = (name: string) => {
      const tool = snapshot.byName.get(name);
      return (
        tool !== undefined &&
        (servers === undefined || (tool.server !== undefined && servers.has(tool.server))) &&
        this.permissions.isPermitted(tool, context)
      );
    };
    // The lessons go through the same permission filter as the ranker's matches (and the check
    // below); tools that delete or reach outside are left to the ranker unless the options allow.
    const learning = this.learning;
    const boostable = (name: string) =>
      allowed(name) && (learning!.options.boostDestructive || !isRisky(snapshot.byName.get(name)!));
    const learnStarted = performance.now();
    const learned = learning ? await learning.match(scope, query, boostable, context.sessionId) : undefined;
    const learnMs = performance.now() - learnStarted;
    let started = 0;
    const first = await this.ranked(snapshot, () => {
      started = performance.now() - learnMs;
      return this.retrieve(snapshot, query, limit, allowed, learned, true);
    });
    const candidates = permittedOnce(first.hits, allowed);
    // A restriction to some servers asks for their tools: a cap on each would only leave places empty.
    const cap = servers === undefined ? this.serverCap(snapshot, query, limit) : undefined;
    let ranked = candidates.slice(0, limit);
    const saturated = cap ? saturatedServers(candidates, limit, cap) : new Set<string>();
    if (cap && saturated.size > 0) {
      // The tools that may take the excess's places: retrieved again without the servers over
      // their cap, so a server with many matching tools cannot push every other server's out.
      // Only what the ranker itself finds may: the fallback's distant guesses do not displace the
      // ranker's matches, unless the whole answer is the fallback's.
      const others = (name: string) => {
        const server = cap.serverOf(name);
        return allowed(name) && (server === undefined || !saturated.has(server));
      };
      const more = await this.ranked(snapshot, () =>
        this.retrieve(snapshot, query, limit, others, learned, first.fallback),
      );
      const seen = new Set(candidates.map((hit) => hit.name));
      const pool = [...candidates, ...permittedOnce(more.hits, others).filter((hit) => !seen.has(hit.name))];
      ranked = capPerServer(pool, limit, cap);
    }
    // A request for a product no tool names is answered by other words only: every match weak.
    // A search narrowed to servers by name chose them itself.
    const elsewhere = servers === undefined && absentProducts(query, snapshot.tools).length > 0;
    const matches: SearchMatch[] = ranked.map((hit) => ({
      name: hit.name,
      description: snapshot.byName.get(hit.name)!.description,
      score: hit.score,
      confidence: hit.confidence === "weak" || elsewhere ? "weak" : "strong",
    }));
    this.emit({
      type: "search",
      sessionId: context.sessionId,
      query,
      limit,
      results: matches.map(({ name, score, confidence }) => ({ name, score, confidence })),
      ms: performance.now() - started,
      ...(prefetch ? { prefetch: true as const } : {}),
    });
    return matches;
  }

  /**
   * The ranker's matches the filter allows, at the depth lessons need, or the semantic
   * fallback's when the ranker has none (and `fallback` allows it); blended with the lessons
   * when there are any. `fallback` in the answer says whether the fallback answered.
   */
  private async retrieve(
    snapshot: CatalogueSnapshot,
    query: string,
    limit: number,
    filter: (name: string) => boolean,
    learned: LearnedScores | undefined,
    fallback: boolean,
  ): Promise<{ hits: RankedTool[]; fallback: boolean }> {
    const lessons = learned !== undefined && learned.size > 0;
    const retrievedDepth = this.searchLimit * 4;
    const depth = lessons ? Math.max(limit, LEARNED_DEPTH, retrievedDepth) : limit;
    const ranked = await this.ranker.search(query, { limit: depth, filter });
    const fellBack = ranked.length === 0 && fallback && this.fallback !== undefined;
    const base = fellBack
      ? await this.fallback!.search(query, fallbackCatalogue(snapshot, this.documentsOf), { limit: depth, filter })
      : ranked;
    if (!lessons) return { hits: base, fallback: fellBack };
    // What the ranker answers for the places asked: read deeper, its list is assembled for fifty.
    const answer =
      !fellBack && depth > limit
        ? new Set((await this.ranker.search(query, { limit, filter })).map((hit) => hit.name))
        : undefined;
    const hits = blendLearned(base, learned, {
      weight: this.learning!.options.weight,
      limit,
      retrievedDepth,
      guessed: fellBack,
      ...(answer ? { answer } : {}),
    });
    return { hits, fallback: fellBack };
  }

  /** The per-server cap of this search, or `undefined` when it cannot bite (see `maxResultsPerServer`). */
  private serverCap(snapshot: CatalogueSnapshot, query: string, limit: number): ServerCap | undefined {
    const max = resultsPerServer(this.maxResultsPerServer, limit);
    if (max === undefined) return undefined;
    const words = new QueryWords(query);
    const named = new Map<string, boolean>();
    return {
      max,
      serverOf: (name) => snapshot.byName.get(name)?.server,
      exempt: (server) => {
        let names = named.get(server);
        if (names === undefined) named.set(server, (names = words.names(server)));
        return names;
      },
      keeps: (name) => {
        const weightOf = nameWeights(snapshot);
        return words.coversName(name, snapshot.byName.get(name)?.server, weightOf);
      },
    };
  }
}

/** Each snapshot's name-word weights, built on the first search whose cap needs them. */
const NAME_WEIGHTS = new WeakMap<CatalogueSnapshot, (term: string) => number>();

/**
 * How rare a word is among the snapshot's tool names (their own words, servers' aside): the
 * idf `ln(1 + tools / tools with it)`, so a word every tool has weighs least.
 */
function nameWeights(snapshot: CatalogueSnapshot): (term: string) => number {
  let weightOf = NAME_WEIGHTS.get(snapshot);
  if (weightOf === undefined) {
    const counts = new Map<string, number>();
    for (const tool of snapshot.tools) {
      for (const term of localTerms(tool.name, tool.server)) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    const total = snapshot.tools.length;
    weightOf = (term) => Math.log(1 + total / (counts.get(term) ?? 1));
    NAME_WEIGHTS.set(snapshot, weightOf);
  }
  return weightOf;
}

/**
 * The contract a custom ranker may break, enforced: each tool once, only those `allowed`.
 * Ranked order is kept; the limit is applied by whoever reads the list.
 */
function permittedOnce(hits: readonly RankedTool[], allowed: (name: string) => boolean): RankedTool[] {
  const seen = new Set<string>();
  return hits.filter((hit) => {
    if (seen.has(hit.name) || !allowed(hit.name)) return false;
    seen.add(hit.name);
    return true;
  });
}

/** A snapshot as the semantic fallback indexes it: its version, and its documents when needed. */
function fallbackCatalogue(
  snapshot: CatalogueSnapshot,
  documentsOf: (tools: readonly CatalogueTool[]) => RankDocument[],
): { version: number; documents: () => readonly RankDocument[] } {
  return { version: snapshot.version, documents: () => documentsOf(snapshot.tools) };
}

/** Whether a tool deletes or changes data, or reaches the outside world: lessons do not lift it by default. */
function isRisky(tool: CatalogueTool): boolean {
  return tool.destructive || tool.openWorld;
}
