import { OptionsError } from "../../errors.js";
import { PERMISSIVE_SCHEMA, searchResultBlock, withSearchNotes, type SessionView } from "../../session/index.js";
import type { AnthropicTool } from "../../wire/index.js";
import type { ToolResultContentBlock } from "../../catalogue/index.js";
import type { AgentStrategy } from "./agent-strategy.js";

/**
 * The most tools one request may defer. The tool search documentation gives 10,000 tools
 * as the catalogue limit; a request over it is rejected by the API.
 */
export const MAX_DEFERRED_TOOLS = 10_000;

/**
 * What a tool the transcript referenced is sent as once it is gone from the catalogue or no
 * longer permitted. Neutral on purpose: the request does not tell a denied tool from a removed
 * one, just as a call to either gets the same "no tool named …" answer.
 */
export const UNAVAILABLE_TOOL_DESCRIPTION =
  "This tool is not available any more: a call to it returns an error. Use search_tools to find another tool for the task.";

/** `search_tools`' description when its matches load in full (native references, added tools). */
export const NATIVE_SEARCH_DESCRIPTION =
  "Search the full catalogue of available tools by what you want to do. Most tools are not loaded yet: " +
  "this finds the ones that fit and loads their complete definitions, so you can call them right after. " +
  'Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';

/**
 * The API's own deferred loading: every catalogue tool in full with `defer_loading: true`,
 * after the tools that stay loaded (`search_tools` and the keep tools). `search_tools` stays a
 * client-side tool whose result is a list of `tool_reference` blocks; the API expands each
 * into the tool's definition inside the conversation, so the `tools` array never changes.
 * Below the threshold every tool ships in full, none deferred, with no `search_tools`, unless
 * the transcript already holds references (which must name deferred tools).
 *
 * The API expands every reference in the history on every request and rejects the request
 * when one names no deferred tool, so a referenced tool that has since left the catalogue or
 * been denied by `permit` stays in the array as a deferred placeholder: its name, a neutral
 * description ({@link UNAVAILABLE_TOOL_DESCRIPTION}) and a permissive schema. Its real
 * definition is never sent again, and a call to it is refused by the session as for any tool
 * it does not have.
 *
 * @throws {@link OptionsError} `too_many_deferred_tools` above {@link MAX_DEFERRED_TOOLS} deferred tools.
 * @example
 * ```ts
 * const tools = nativeStrategy.tools(await session.view(), referencedToolNames(messages));
 * // [search_tools, ...keepTools, { ...tool, defer_loading: true }, ..., placeholders of referenced tools now gone]
 * ```
 */
export const nativeStrategy: AgentStrategy = {
  name: "native",
  showsFullDefinitions: true,
  tools(view, referenced = []) {
    if (!view.progressive && referenced.length === 0) return view.all.map((tool) => ({ ...tool }));
    const loaded = [
      { ...view.searchTool, description: NATIVE_SEARCH_DESCRIPTION },
      ...view.keep.map((tool) => ({ ...tool })),
    ];
    const defined = new Set([...loaded.map((tool) => tool.name), ...view.others.map((tool) => tool.name)]);
    const unavailable = referenced.filter((name) => !defined.has(name)).map(unavailableTool);
    const deferredCount = view.others.length + unavailable.length;
    if (deferredCount > MAX_DEFERRED_TOOLS) {
      throw new OptionsError(
        "too_many_deferred_tools",
        `The "native" strategy would defer ${deferredCount.toLocaleString("en-US")} tools in one request, but the Messages API takes at most ` +
          `${MAX_DEFERRED_TOOLS.toLocaleString("en-US")} deferred tools. Use strategy "stubs" (or "stable") for a catalogue this size, ` +
          "or narrow it with permit().",
      );
    }
    // Loaded tools first: the cache breakpoint goes on the last of them, since the API
    // refuses cache_control on a deferred tool (and deferred tools are not in the cached prefix anyway).
    return [
      ...loaded,
      ...view.others.map(({ full }): AnthropicTool => ({ ...full, defer_loading: true })),
      ...unavailable,
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
      content: [
        {
          type: "text",
          text: JSON.stringify(
            withSearchNotes({ matches: loaded, note: "These tools are already loaded: call them directly." }, outcome),
          ),
        },
      ],
    };
  },
};

/** The deferred placeholder of a tool the transcript names that is gone or no longer permitted. */
export function unavailableTool(name: string): AnthropicTool {
  return {
    name,
    description: UNAVAILABLE_TOOL_DESCRIPTION,
    input_schema: { ...PERMISSIVE_SCHEMA },
    defer_loading: true,
  };
}

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
