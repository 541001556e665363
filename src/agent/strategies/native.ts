import { OptionsError } from "../../errors.js";
import { searchResultBlock, type AnthropicTool, type SessionView } from "../../session/index.js";
import type { ToolResultContentBlock } from "../../catalogue/index.js";
import type { AgentStrategy } from "./agent-strategy.js";

/**
 * The most tools one request may defer. The tool search documentation gives 10,000 tools
 * as the catalogue limit; a request over it is rejected by the API.
 */
export const MAX_DEFERRED_TOOLS = 10_000;

const NATIVE_SEARCH_DESCRIPTION =
  "Search the full catalogue of available tools by what you want to do. Most tools are not loaded yet: " +
  "this finds the ones that fit and loads their complete definitions, so you can call them right after. " +
  'Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';

/**
 * The API's own deferred loading: every catalogue tool in full with `defer_loading: true`,
 * after the tools that stay loaded (`search_tools` and the keep tools). `search_tools` stays a
 * client-side tool whose result is a list of `tool_reference` blocks; the API expands each
 * into the tool's definition inside the conversation, so the `tools` array never changes.
 * Below the threshold every tool ships in full, none deferred, with no `search_tools`.
 *
 * @throws {@link OptionsError} `too_many_deferred_tools` above {@link MAX_DEFERRED_TOOLS} deferred tools.
 * @example
 * ```ts
 * const tools = nativeStrategy.tools(await session.view());
 * // [search_tools, ...keepTools, { ...tool, defer_loading: true }, ...]
 * ```
 */
export const nativeStrategy: AgentStrategy = {
  name: "native",
  showsFullDefinitions: true,
  tools(view) {
    if (!view.progressive) return view.all.map((tool) => ({ ...tool }));
    if (view.others.length > MAX_DEFERRED_TOOLS) {
      throw new OptionsError(
        "too_many_deferred_tools",
        `The "native" strategy would defer ${view.others.length.toLocaleString("en-US")} tools in one request, but the Messages API takes at most ` +
          `${MAX_DEFERRED_TOOLS.toLocaleString("en-US")} deferred tools. Use strategy "stubs" (or "stable") for a catalogue this size, ` +
          "or narrow it with permit().",
      );
    }
    // Loaded tools first: the cache breakpoint goes on the last of them, since the API
    // refuses cache_control on a deferred tool (and deferred tools are not in the cached prefix anyway).
    return [
      { ...view.searchTool, description: NATIVE_SEARCH_DESCRIPTION },
      ...view.keep.map((tool) => ({ ...tool })),
      ...view.others.map(({ full }): AnthropicTool => ({ ...full, defer_loading: true })),
    ];
  },
  searchResult(toolUseId, outcome, view) {
    if (!outcome.ok || !view.progressive) return searchResultBlock(toolUseId, outcome);
    if (outcome.matches.length === 0) return asTextBlock(searchResultBlock(toolUseId, outcome));
    const deferred = deferredNames(view);
    // A reference must name a deferred tool of the request; matches that are already loaded
    // (keep tools) are in front of the model anyway.
    const references: ToolResultContentBlock[] = outcome.matches
      .filter((match) => deferred.has(match.name))
      .map((match) => ({ type: "tool_reference", tool_name: match.name }));
    if (references.length > 0) return { type: "tool_result", tool_use_id: toolUseId, content: references };
    const loaded = outcome.matches.map(({ name, description }) => ({ name, description }));
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: [{ type: "text", text: JSON.stringify({ matches: loaded, note: "These tools are already loaded: call them directly." }) }],
    };
  },
};

const deferredCache = new WeakMap<SessionView, Set<string>>();

function deferredNames(view: SessionView): Set<string> {
  let names = deferredCache.get(view);
  if (!names) deferredCache.set(view, (names = new Set(view.others.map((tool) => tool.name))));
  return names;
}

/** The same result with its text as a content block, the shape a tool_reference result takes. */
function asTextBlock(block: ReturnType<typeof searchResultBlock>): ReturnType<typeof searchResultBlock> {
  return typeof block.content === "string" ? { ...block, content: [{ type: "text", text: block.content }] } : block;
}
