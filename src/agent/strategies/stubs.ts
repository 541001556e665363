import { buildToolBlock, searchResultBlock } from "../../session/index.js";
import type { AgentStrategy } from "./agent-strategy.js";

/**
 * The core contract: `search_tools`, keep tools, the tools this session used in full, and a
 * stub for every other tool. A tool's first use hydrates it, so the array grows by one full
 * definition, appended after the earlier ones; search answers with names and descriptions.
 * `stableToolCount` counts the tools before the first stub, the part a hydration leaves as it was.
 *
 * @example
 * ```ts
 * const tools = stubsStrategy.tools(await session.view()); // same as await session.tools()
 * ```
 */
export const stubsStrategy: AgentStrategy = {
  name: "stubs",
  showsFullDefinitions: false,
  tools: (view) => buildToolBlock(view).map((tool) => ({ ...tool })),
  // Everything before the first stub: search_tools, keep tools and the hydrated tools, which a
  // new hydration appends to. Below the threshold the whole array is stable.
  stableToolCount: (view) => {
    if (!view.progressive) return view.all.length;
    // view.hydrated holds only permitted, non-keep tools: exactly the full ones after the keep tools.
    return 1 + view.keep.length + view.hydrated.length;
  },
  searchResult: (toolUseId, outcome) => searchResultBlock(toolUseId, outcome),
};
