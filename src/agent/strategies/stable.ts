import { searchAnswer, searchResultBlock, withSearchNotes } from "../../session/index.js";
import type { AgentStrategy } from "./agent-strategy.js";

/**
 * A `tools` array that never changes: `search_tools`, the keep tools, and a stub for every
 * other tool (or none, when the stubs would exceed `maxStubTokens`), with no hydration into the array. Instead each search result carries the full
 * input schemas of its matches, so the model learns a tool's parameters from the conversation
 * while the real schema is still enforced when the stub is called. The tool prefix is cached
 * once and read on every later turn.
 *
 * @example
 * ```ts
 * const tools = stableStrategy.tools(await session.view()); // identical on every turn of the session
 * ```
 */
export const stableStrategy: AgentStrategy = {
  name: "stable",
  showsFullDefinitions: false,
  tools(view) {
    if (!view.progressive) return view.all.map((tool) => ({ ...tool }));
    const stubs = view.presentation === "stubs" ? view.others.map((tool) => tool.stub) : [];
    return [view.searchTool, ...view.keep, ...stubs].map((tool) => ({ ...tool }));
  },
  searchResult(toolUseId, outcome, view) {
    if (!outcome.ok || outcome.matches.length === 0 || !view.progressive) return searchResultBlock(toolUseId, outcome);
    const answer = searchAnswer(outcome.matches, ({ name }) => {
      const full = view.fullByName.get(name);
      return full ? { input_schema: full.input_schema } : {};
    });
    return {
      type: "tool_result",
      tool_use_id: toolUseId,
      content: JSON.stringify(withSearchNotes(answer, outcome)),
    };
  },
};
