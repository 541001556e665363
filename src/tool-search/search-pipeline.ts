import type { Catalogue, CatalogueSnapshot, CatalogueTool, ToolContext } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import { blendLearned, type Learning } from "../learning/index.js";
import type { RankDocument, Ranker } from "../ranking/index.js";
import type { SearchMatch } from "../session/index.js";
import { traced } from "../telemetry/index.js";
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
  ) {}

  /**
   * Ranks in a `toolsift.search` span (when OpenTelemetry is installed), with what an operator
   * filters on: the session, the stage, the ranker, the limit, how many tools matched and the
   * best one. The query's text is left out of the span: it is the user's words.
   */
  rank(query: string, limit: number, context: ToolContext, scope: string): Promise<SearchMatch[]> {
    const attributes = {
      "toolsift.session.id": context.sessionId,
      "toolsift.search.stage": context.stage,
      "toolsift.search.limit": limit,
      "toolsift.search.query_length": query.length,
      "toolsift.ranker": typeof this.ranker.name === "string" ? this.ranker.name : undefined,
    };
    return traced("toolsift.search", "internal", attributes, async (span) => {
      const matches = await this.rankNow(query, limit, context, scope);
      span.set({ "toolsift.search.result_count": matches.length, "toolsift.search.top_tool": matches[0]?.name });
      return matches;
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
        await this.ranker.update(snapshot.tools.map((tool) => tool.document));
        this.indexedVersion = snapshot.version;
      }
      return use();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async rankNow(query: string, limit: number, context: ToolContext, scope: string): Promise<SearchMatch[]> {
    const snapshot = await this.catalogue.snapshot();
    const allowed = (name: string) => {
      const tool = snapshot.byName.get(name);
      return tool !== undefined && this.permissions.isPermitted(tool, context);
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
    const hits = await this.ranked(snapshot, async () => {
      started = performance.now() - learnMs;
      const lessons = learned !== undefined && learned.size > 0;
      const retrievedDepth = this.searchLimit * 4;
      const depth = lessons ? Math.max(limit, LEARNED_DEPTH, retrievedDepth) : limit;
      const ranked = await this.ranker.search(query, { limit: depth, filter: allowed });
      const base =
        ranked.length > 0 || !this.fallback
          ? ranked
          : await this.fallback.search(query, fallbackCatalogue(snapshot), { limit: depth, filter: allowed });
      if (!lessons) return base;
      return blendLearned(base, learned, { weight: learning!.options.weight, limit, retrievedDepth });
    });
    const matches: SearchMatch[] = [];
    const seen = new Set<string>();
    // A custom ranker may ignore the filter or the limit: the contract is enforced here.
    for (const hit of hits) {
      if (matches.length >= limit || seen.has(hit.name) || !allowed(hit.name)) continue;
      seen.add(hit.name);
      const confidence = hit.confidence === "weak" ? "weak" : "strong";
      matches.push({
        name: hit.name,
        description: snapshot.byName.get(hit.name)!.description,
        score: hit.score,
        confidence,
      });
    }
    this.emit({
      type: "search",
      sessionId: context.sessionId,
      query,
      limit,
      results: matches.map(({ name, score, confidence }) => ({ name, score, confidence })),
      ms: performance.now() - started,
    });
    return matches;
  }
}

/** A snapshot as the semantic fallback indexes it: its version, and its documents when needed. */
function fallbackCatalogue(snapshot: CatalogueSnapshot): { version: number; documents: () => readonly RankDocument[] } {
  return { version: snapshot.version, documents: () => snapshot.tools.map((tool) => tool.document) };
}

/** Whether a tool deletes or changes data, or reaches the outside world: lessons do not lift it by default. */
function isRisky(tool: CatalogueTool): boolean {
  return tool.destructive || tool.openWorld;
}
