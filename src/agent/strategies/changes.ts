import { changesSearchResult, changesToolBlock } from "../../session/index.js";
import type { AgentStrategy } from "./agent-strategy.js";
import { NATIVE_SEARCH_DESCRIPTION, unavailableTool } from "./native.js";

/**
 * The Messages API's mid-conversation tool changes: one `tools` array for the whole
 * conversation (`search_tools`, the keep tools, and every other tool deferred), and a working
 * set told to the model by `role: "system"` messages of `tool_addition` and `tool_removal`
 * blocks, which leave the cached prefix as it was. A search loads its best matches (at most
 * half of `maxHydratedTools`, at least one); before each request runAgent appends the changes that make the model's
 * set the session's: past the cap, the least recently used tool is removed in the same message
 * that adds the new one, and a removed tool used again comes back by a new addition.
 * Tools the transcript's changes name that have since gone stay declared as placeholders, as
 * under `native`. Below the threshold every tool ships in full and nothing changes.
 *
 * @example
 * ```ts
 * const tools = changesStrategy.tools(await session.view(), toolChangeNames(messages)); // the same bytes on every turn
 * ```
 */
export const changesStrategy: AgentStrategy = {
  name: "changes",
  showsFullDefinitions: true,
  toolChangeMode: "reference",
  tools(view, referenced = []) {
    return changesToolBlock(
      view,
      "reference",
      { ...view.searchTool, description: NATIVE_SEARCH_DESCRIPTION },
      unavailableTool,
      referenced,
    );
  },
  searchResult: changesSearchResult,
};
