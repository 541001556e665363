import type { CatalogueSnapshot, CatalogueTool, ToolContext } from "../catalogue/index.js";
import { errorText } from "../errors.js";
import { absentNote, absentProducts } from "./absent-products.js";
import { otherScriptNote } from "./other-script.js";
import type { PermittedTools } from "./permitted-tools.js";
import { MAX_TAUGHT_QUERY_LENGTH, parseSearchInput } from "./search-tools-tool.js";
import { searchWithServers, type ServerSearchOptions } from "./server-search.js";
import type { SearchToolsOutcome, SessionServices, SessionState } from "./session-services.js";

/**
 * Runs a `search_tools` input for a session: checks it, and ranks with the session's permissions,
 * scope and `server:` terms. Never rejects: a failure is an outcome with `error`.
 */
export async function runSearch(
  services: SessionServices,
  state: SessionState,
  context: ToolContext,
  input: unknown,
  options?: ServerSearchOptions,
): Promise<SearchToolsOutcome> {
  try {
    // Inside the try: the input is the caller's, and a getter on it may throw.
    const parsed = parseSearchInput(input);
    if (!parsed.ok) return parsed;
    const limit = parsed.limit ?? services.tuning.searchLimit;
    const unavailable = (await services.unavailable?.(context)) ?? [];
    let snapshot: CatalogueSnapshot | undefined;
    const host = {
      snapshot: async () => (snapshot = await services.snapshot()),
      rank: (query: string, limit: number, servers: ReadonlySet<string> | undefined) =>
        services.rank(query, limit, context, state.scope, servers ? { servers } : {}),
      isPermitted: (tool: CatalogueTool) => services.isPermitted(tool, context),
    };
    const { matches, servers, scope } = await searchWithServers(host, parsed.query, limit, options);
    // A search narrowed with `server:` terms asked for those servers' tools only: no companions
    // from elsewhere. Companions are extra, so one that fails leaves the matches as they are.
    const companions =
      scope === undefined && services.companions
        ? await services.companions(parsed.query, matches, context, state.scope).catch(() => [])
        : [];
    const searched = snapshot;
    const language =
      scope === undefined && searched
        ? otherScriptNote(
            parsed.query,
            matches,
            permitted(searched, () => services.permittedTools(searched, context)),
          )
        : undefined;
    // The same products the ranking marked the matches weak for (a search narrowed with `server:`
    // terms marks nothing). Not said while a server is down or connecting: it may be the product,
    // and the answer already names it.
    const absent =
      scope === undefined && searched && unavailable.length === 0 ? absentProducts(parsed.query, searched.tools) : [];
    // An empty answer over no tool at all is not the query's fault (a search narrowed with
    // `server:` terms says what they did instead).
    const noTools =
      matches.length === 0 &&
      scope === undefined &&
      services.permittedTools(searched ?? (await host.snapshot()), context).all.length === 0;
    // A lesson keeps a query of a bounded length: a longer search is answered, not taught.
    if (parsed.query.length <= MAX_TAUGHT_QUERY_LENGTH) state.trail?.searched(parsed.query);
    return {
      ok: true,
      query: parsed.query,
      matches,
      ...(servers ? { servers } : {}),
      ...(scope ? { scope } : {}),
      ...(companions.length > 0 ? { companions } : {}),
      ...(language ? { language } : {}),
      ...(absent.length > 0 ? { absent: absentNote(absent) } : {}),
      ...(noTools ? { noTools: true as const } : {}),
      ...(unavailable.length > 0 ? { unavailable } : {}),
    };
  } catch (error) {
    return { ok: false, error: `search_tools failed: ${errorText(error)}` };
  }
}

/**
 * The tools of a snapshot the session may see, read lazily (most answers never read them) from
 * the permitted set a session keeps per catalogue version, so `permit` is not asked again.
 */
function* permitted(snapshot: CatalogueSnapshot, permittedNow: () => PermittedTools): Generator<CatalogueTool> {
  for (const { name } of permittedNow().all) {
    const tool = snapshot.byName.get(name);
    if (tool) yield tool;
  }
}
