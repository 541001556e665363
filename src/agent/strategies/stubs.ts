import { buildToolBlock, searchResultBlock } from "../../session/index.js";
import type { AgentStrategy } from "./agent-strategy.js";

/**
 * The core contract: `search_tools`, keep tools, the tools this session used in full, and a
 * stub for every other tool. A tool's first use hydrates it, so the array grows by one full
 * definition, appended after the earlier ones; search answers with names and descriptions.
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
  searchResult: (toolUseId, outcome) => searchResultBlock(toolUseId, outcome),
};
