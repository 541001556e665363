import { changesSearchResult, changesToolBlock, toolChangesFor } from "../../session/index.js";
import type { ToolChangeMode } from "../../wire/index.js";
import type { AgentStrategy } from "./agent-strategy.js";
import { OptionsError } from "../../errors.js";
import { MAX_DEFERRED_TOOLS, NATIVE_SEARCH_DESCRIPTION, nativeStrategy, unavailableTool } from "./native.js";

/**
 * The Messages API's mid-conversation tool changes: one `tools` array for the whole
 * conversation, and a working set told to the model by `role: "system"` messages of
 * `tool_addition` and `tool_removal` blocks, which leave the cached prefix as it was. A search
 * loads its best matches (at most half of `maxHydratedTools`, at least one); before each
 * request runAgent appends the changes that make the model's set the session's: past the cap,
 * the least recently used tool is removed in the same message that adds the new one, and a
 * removed tool used again comes back by a new addition. Below the threshold every tool ships in
 * full and nothing changes.
 *
 * Mode `"reference"` (this strategy) declares every other tool deferred and adds by name; tools
 * the transcript's changes name that have since gone stay declared as placeholders, as under
 * `native`. {@link changesStrategyOf}`("inline")` sends only `search_tools` and the keep tools,
 * and each addition carries the tool's definition.
 *
 * @example
 * ```ts
 * const tools = changesStrategy.tools(await session.view(), toolChangeNames(messages)); // the same bytes on every turn
 * ```
 */
export const changesStrategy: AgentStrategy = changesStrategyOf("reference");

/**
 * The `changes` strategy with additions by reference (the default, {@link changesStrategy}) or inline.
 *
 * @example
 * ```ts
 * await runAgent({ client, model: "claude-opus-5-5", prompt, toolSearch, strategy: "changes", toolChanges: "inline" });
 * ```
 */
export function changesStrategyOf(mode: ToolChangeMode): AgentStrategy {
  return {
    name: "changes",
    showsFullDefinitions: true,
    tools(view, referenced = []) {
      const tools = changesToolBlock(
        view,
        mode,
        { ...view.searchTool, description: NATIVE_SEARCH_DESCRIPTION },
        unavailableTool,
        referenced,
      );
      const deferred = tools.filter((tool) => tool.defer_loading === true).length;
      if (deferred > MAX_DEFERRED_TOOLS)
        throw new OptionsError(
          "too_many_deferred_tools",
          `The "changes" strategy would defer ${deferred.toLocaleString("en-US")} tools in one request, but the Messages API takes at most ` +
            `${MAX_DEFERRED_TOOLS.toLocaleString("en-US")}. Use toolChanges: "inline", which declares only the loaded tools, or narrow the catalogue with permit().`,
        );
      return tools;
    },
    toolChanges: (view, transcript) => toolChangesFor(view, transcript, mode).message,
    searchResult: changesSearchResult,
  };
}

/**
 * `native` under the session's `maxHydratedTools`: the same array and `tool_reference` search
 * results, but a search loads its best matches into the working set and answers with references
 * to those alone, and past the cap the least recently used loaded tool is removed by a
 * `tool_removal` (a removed tool used again is added back by reference).
 */
export const cappedNativeStrategy: AgentStrategy = {
  ...nativeStrategy,
  toolChanges: (view, transcript) => toolChangesFor(view, transcript, "reference", true).message,
  searchResult(toolUseId, outcome, view) {
    if (!outcome.ok) return nativeStrategy.searchResult(toolUseId, outcome, view);
    const loaded = new Set([...view.hydrated, ...view.keep.map((tool) => tool.name)]);
    const matches = outcome.matches.filter((match) => loaded.has(match.name));
    return nativeStrategy.searchResult(toolUseId, { ...outcome, matches }, view);
  },
};
