import { randomUUID } from "node:crypto";
import { Catalogue, type CatalogueSnapshot, type CatalogueTool, type ToolContext, type ToolHost } from "../catalogue/index.js";
import { OptionsError, QueryError } from "../errors.js";
import type { ToolSearchEvent } from "../events.js";
import type { Ranker } from "../ranking/index.js";
import {
  Hydration,
  MAX_SEARCH_LIMIT,
  ToolSearchSession,
  checkQuery,
  estimateTokens,
  resolveTuning,
  type AnthropicTool,
  type ResolvedTuning,
  type SearchMatch,
  type SessionServices,
} from "../session/index.js";
import { createRanker } from "./create-ranker.js";
import type { ToolSearchOptions } from "./tool-search-options.js";

/**
 * Progressive tool disclosure over one catalogue: stubs, a local `search_tools`, and full
 * schemas for the tools a session actually uses. Create it with {@link createToolSearch};
 * get one {@link ToolSearchSession} per agent run.
 *
 * @example
 * ```ts
 * const toolSearch = await createToolSearch({ tools, ranker: "hybrid" });
 * const session = toolSearch.session("run-42");
 * const tools = await session.tools();             // pass as `tools` to the Messages API
 * const result = await session.execute(toolUse);    // for each tool_use block the model sends
 * ```
 */
export class ToolSearch {
  private readonly hydrations = new Map<string, Hydration>();
  private readonly estimates = new WeakMap<AnthropicTool, number>();
  private readonly services: SessionServices;
  private indexedVersion = -1;
  private indexing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly catalogue: Catalogue,
    /** The ranker `search_tools` uses. */
    readonly ranker: Ranker,
    /** The tuning in force, defaults filled in. */
    readonly tuning: ResolvedTuning,
    private readonly options: ToolSearchOptions,
  ) {
    const estimate = options.estimateTokens ?? estimateTokens;
    this.services = {
      tuning,
      snapshot: () => this.catalogue.snapshot(),
      rank: (query, limit, context) => this.rank(query, limit, context),
      isPermitted: (tool, context) => this.isPermitted(tool, context),
      approve: options.approve?.bind(options),
      estimate: (tool) => {
        let tokens = this.estimates.get(tool);
        if (tokens === undefined) this.estimates.set(tool, (tokens = estimate(tool)));
        return tokens;
      },
      emit: (event) => this.emit(event),
    };
  }

  /** @see {@link createToolSearch} */
  static async create(options: ToolSearchOptions): Promise<ToolSearch> {
    if (typeof options !== "object" || options === null) {
      throw new OptionsError("invalid_options", "createToolSearch takes an options object: createToolSearch({ tools }).");
    }
    const tuning = resolveTuning(options.tuning);
    const catalogue = catalogueOf(options);
    const ranker = await createRanker(options.ranker, { emit: (event) => options.onEvent?.(event) });
    const toolSearch = new ToolSearch(catalogue, ranker, tuning, options);
    const snapshot = await catalogue.snapshot();
    const missing = tuning.keepTools.filter((name) => !snapshot.byName.has(name));
    if (missing.length > 0) {
      throw new OptionsError(
        "unknown_keep_tool",
        `tuning.keepTools names ${missing.map((name) => `"${name}"`).join(", ")}, which ${missing.length === 1 ? "is" : "are"} ` +
          "not in the catalogue. Use exact tool names (with their server__ prefix, if any).",
      );
    }
    await toolSearch.ensureIndexed(snapshot);
    return toolSearch;
  }

  /**
   * The session with this id, created empty on first use. Calling it again with the same
   * id resumes that session's hydrated tools; a new id starts clean.
   */
  session(id: string = randomUUID()): ToolSearchSession {
    if (typeof id !== "string" || id === "") throw new OptionsError("invalid_session_id", "A session id must be a non-empty string.");
    let hydration = this.hydrations.get(id);
    if (!hydration) this.hydrations.set(id, (hydration = new Hydration(this.tuning.maxHydratedTools)));
    return new ToolSearchSession(id, this.services, hydration);
  }

  /** Drops a session's state; the next `session(id)` starts clean. */
  endSession(id: string): void {
    this.hydrations.delete(id);
  }

  /**
   * Ranks the catalogue for a query, exactly as `search_tools` does (outside any session).
   *
   * @throws {@link QueryError} for an empty query or one over 500 characters.
   * @example
   * ```ts
   * await toolSearch.search("post a message to a channel", { limit: 3 });
   * // [{ name: "slack__post_message", description: "...", score: 7.9 }, ...]
   * ```
   */
  async search(query: string, options: { limit?: number } = {}): Promise<SearchMatch[]> {
    const problem = checkQuery(query);
    if (problem) throw new QueryError("invalid_query", problem.replace("search_tools: ", ""));
    const limit = options.limit ?? this.tuning.searchLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
      throw new QueryError("invalid_limit", `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}, got ${JSON.stringify(limit)}.`);
    }
    return this.rank(query.trim(), limit, { sessionId: undefined, stage: "search" });
  }

  /** Releases the ranker's resources. Hosts you passed in are yours to close. */
  async close(): Promise<void> {
    await this.ranker.close?.();
  }

  private async rank(query: string, limit: number, context: ToolContext): Promise<SearchMatch[]> {
    const snapshot = await this.catalogue.snapshot();
    await this.ensureIndexed(snapshot);
    const started = performance.now();
    const allowed = (name: string) => {
      const tool = snapshot.byName.get(name);
      return tool !== undefined && this.isPermitted(tool, context);
    };
    const hits = await this.ranker.search(query, { limit, filter: allowed });
    const matches: SearchMatch[] = [];
    const seen = new Set<string>();
    // A custom ranker may ignore the filter or the limit: the contract is enforced here.
    for (const hit of hits) {
      if (matches.length >= limit || seen.has(hit.name) || !allowed(hit.name)) continue;
      seen.add(hit.name);
      matches.push({ name: hit.name, description: snapshot.byName.get(hit.name)!.description, score: hit.score });
    }
    this.emit({
      type: "search",
      sessionId: context.sessionId,
      query,
      limit,
      results: matches.map(({ name, score }) => ({ name, score })),
      ms: performance.now() - started,
    });
    return matches;
  }

  /** Brings the ranker up to date with a snapshot, one update at a time. */
  private ensureIndexed(snapshot: CatalogueSnapshot): Promise<void> {
    this.indexing = this.indexing.then(async () => {
      if (snapshot.version <= this.indexedVersion) return;
      await this.ranker.update(snapshot.tools.map((tool) => tool.document));
      this.indexedVersion = snapshot.version;
    });
    return this.indexing;
  }

  private isPermitted(tool: CatalogueTool, context: ToolContext): boolean {
    if (!this.options.permit) return true;
    try {
      return this.options.permit(tool.definition, context) === true;
    } catch (error) {
      this.emit({ type: "warning", code: "permit_failed", message: `permit() threw for ${tool.name}, so it was denied: ${String(error)}` });
      return false;
    }
  }

  private emit(event: ToolSearchEvent): void {
    try {
      this.options.onEvent?.(event);
    } catch {
      // An observer must never break the session it observes.
    }
  }
}

function catalogueOf(options: ToolSearchOptions): Catalogue {
  const { tools } = options;
  if (Array.isArray(tools)) return Catalogue.fromArray(tools);
  if (typeof tools === "object" && tools !== null && typeof (tools as ToolHost).listTools === "function") {
    return Catalogue.fromHost(tools as ToolHost, (error) =>
      options.onEvent?.({ type: "warning", code: error.code, message: `A tool from the host was skipped: ${error.message}` }),
    );
  }
  throw new OptionsError(
    "invalid_tools",
    "options.tools must be an array of tool definitions or a host with listTools(), e.g. createToolSearch({ tools: [myTool] }).",
  );
}

/**
 * Creates a {@link ToolSearch}: checks the catalogue and options, builds the ranker and
 * indexes the catalogue. Bad definitions or options throw here, with the fix in the message.
 *
 * @example
 * ```ts
 * const toolSearch = await createToolSearch({
 *   tools: exampleCatalogue,
 *   ranker: "bm25",
 *   tuning: { keepTools: ["filesystem__read_file"], maxHydratedTools: 10 },
 *   approve: async (tool, input) => confirm(`${tool.name}(${JSON.stringify(input)})?`),
 * });
 * ```
 */
export function createToolSearch(options: ToolSearchOptions): Promise<ToolSearch> {
  return ToolSearch.create(options);
}
