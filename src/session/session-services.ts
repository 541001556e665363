import type { CatalogueSnapshot, CatalogueTool, ToolContext, ToolDefinition } from "../catalogue/index.js";
import type { ToolSearchEvent } from "../events.js";
import type { AnthropicTool, TranscriptCall } from "../wire/index.js";
import type { Hydration } from "./hydration.js";
import type { PermittedTools } from "./permitted-tools.js";
import type { SearchCompanion, SearchMatch } from "./search-match.js";
import type { SessionView } from "./session-view.js";
import type { ResolvedTuning } from "./tuning.js";
import type { UnavailableSource } from "./unavailable-sources.js";
import type { UsageTrail } from "./usage-trail.js";

/**
 * The outcome of a `search_tools` call, before it is formatted for the model. `unavailable`, when
 * present (never empty), names the servers whose tools the search could not see: still connecting
 * (after the search waited for them, as the host allows) or down; see {@link UnavailableSource}.
 */
export type SearchToolsOutcome =
  | {
      ok: true;
      query: string;
      matches: SearchMatch[];
      unavailable?: UnavailableSource[];
      /**
       * The servers the query is about as a whole ("everything in jira"), beside its matches: each
       * name, and how many of its tools this session may use. E.g. `[{ server: "jira", tools: 42 }]`.
       */
      servers?: { server: string; tools: number }[];
      /** What the query's `server:` terms did: the servers searched, a name that is no server, the cap. */
      scope?: string;
      /**
       * For an empty or weak answer to a query written in a script no permitted tool uses: which
       * script the tools are described in, and to search again translated (see `otherScriptNote`).
       */
      language?: string;
      /**
       * For a request naming widely used products that no tool of a catalogue of servers names
       * ("create a Jira ticket" with no Jira server): which, and that the matches, all marked
       * weak, share other words only (see `absentNote`).
       */
      absent?: string;
      /**
       * Set when the answer is empty because the session may use no tool at all: the hint then
       * says so, rather than asking for other words that cannot help (see `NO_TOOLS_HINT`).
       */
      noTools?: true;
      /**
       * Tools offered beside confident matches, at most two (never empty when present): one the
       * scope's sessions used together with the match `companionOf` (`used_together`), or one
       * that gives an input it needs (`provides_input`). Written out rather than named, so the
       * root entry point gains no name for it.
       */
      companions?: {
        name: string;
        description: string;
        companionOf: string;
        reason: "used_together" | "provides_input";
      }[];
    }
  | { ok: false; error: string };

/** What one session id keeps between turns (and between `session(id)` calls). */
export interface SessionState {
  hydration: Hydration;
  /** The last view built, which tells which tools the model saw as stubs, for the tool-call events. */
  lastView?: SessionView;
  /**
   * The calls of the transcript a new session was created with, still to be replayed into its
   * hydration; dropped once replayed. `running` is shared, so concurrent first uses replay once.
   */
  replay?: { calls: readonly TranscriptCall[]; running?: Promise<void> };
  /** Whose lessons this session ranks with and teaches (learning from use). */
  scope: string;
  /** The searches to credit to the next successful call; present only when learning is on. */
  trail?: UsageTrail;
}

/** What a session needs from the tool search that owns it. */
export interface SessionServices {
  readonly tuning: ResolvedTuning;
  snapshot(): Promise<CatalogueSnapshot>;
  /** The last snapshot taken, without listing again: lets `hydrated()` replay a transcript at once when it can. */
  latestSnapshot?(): CatalogueSnapshot | undefined;
  /**
   * The tools this session may see of a catalogue version, derived once per version and
   * permission change; `context` is the block-stage context `permit` is asked with.
   */
  permittedTools(snapshot: CatalogueSnapshot, context: ToolContext): PermittedTools;
  /**
   * Ranks for a checked query, with permissions (and the scope's lessons) applied, and reports the
   * search; among the tools of `origin.servers` only, when given (a `server:` term);
   * `origin.prefetch` marks a search made by a prefetch, not by the model.
   */
  rank(
    query: string,
    limit: number,
    context: ToolContext,
    scope: string,
    origin?: { servers?: ReadonlySet<string>; prefetch?: boolean },
  ): Promise<SearchMatch[]>;
  /** The companions of a search's matches, under this context's permissions; see {@link SearchCompanion}. */
  companions?(
    query: string,
    matches: readonly SearchMatch[],
    context: ToolContext,
    scope: string,
  ): Promise<SearchCompanion[]>;
  /**
   * The servers a search cannot see now that this context may know of; waits first, as the host
   * allows, for servers still connecting. Called before ranking, so the search sees those that
   * connect in time. Never rejects.
   */
  unavailable?(context: ToolContext): Promise<UnavailableSource[]>;
  /** Learning from use: `queries` led this session to a successful call of `tool`. Must not throw. */
  teach?(lesson: { sessionId: string; scope: string; queries: string[]; tool: string }): void;
  isPermitted(tool: CatalogueTool, context: ToolContext): boolean;
  approve: ((tool: ToolDefinition, input: unknown, context: ToolContext) => boolean | Promise<boolean>) | undefined;
  estimate(tool: AnthropicTool): number;
  emit(event: ToolSearchEvent): void;
}
