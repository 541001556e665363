import type { ToolContext } from "../catalogue/index.js";
import type { AnthropicTool } from "../wire/index.js";
import type { Hydration } from "./hydration.js";
import { searchToolsDefinition } from "./search-tools-tool.js";
import type { SessionServices, SessionState } from "./session-services.js";
import type { DeferrableTool, SessionView } from "./session-view.js";

/**
 * Everything a strategy needs to lay out a session's tools for the next request (see
 * `ToolSearchSession.view`), kept as the session's last view.
 *
 * What depends on the whole catalogue (the permitted tools, their token estimates, their stubs)
 * is derived once per catalogue version and reused; `permit` is asked afresh only about the tools
 * the request will show (a tool it now refuses disappears from the next block at once), so a turn
 * costs the tools it shows, not a pass over the catalogue.
 */
export async function buildView(
  services: SessionServices,
  state: SessionState,
  hydration: Hydration,
  context: ToolContext,
): Promise<SessionView> {
  const snapshot = await services.snapshot();
  const permitted = services.permittedTools(snapshot, context);
  const stillPermitted = (name: string) => {
    const tool = snapshot.byName.get(name);
    return tool !== undefined && services.isPermitted(tool, context);
  };
  const { tuning } = services;
  const progressive = tuning.toolSearch && permitted.fullTokens > tuning.toolSearchThresholdTokens;
  const presentation = permitted.stubTokens > tuning.maxStubTokens ? "search-only" : "stubs";
  const hydratedTools = hydration
    .byFirstUse()
    .flatMap((name) => permitted.othersByName.get(name) ?? [])
    .filter((tool) => stillPermitted(tool.name));
  let others: DeferrableTool[] | undefined;
  let all: AnthropicTool[] | undefined;
  const view: SessionView = {
    progressive,
    presentation,
    maxHydrated: tuning.maxHydratedTools,
    fullTokens: permitted.fullTokens,
    // The whole catalogue is checked only when a strategy asks for it (below the threshold,
    // where it is small, or for native's deferred definitions, which are sent whole anyway).
    get all() {
      return (all ??= permitted.all.filter((tool) => stillPermitted(tool.name)));
    },
    get others() {
      return (others ??= permitted.others.filter((tool) => stillPermitted(tool.name)));
    },
    fullByName: permitted.fullByName,
    searchTool: searchToolsDefinition(tuning.searchLimit, presentation),
    keep: permitted.keep.filter((tool) => stillPermitted(tool.name)),
    hydrated: hydratedTools.map((tool) => tool.name),
    hydratedTools,
  };
  state.lastView = view;
  return view;
}
