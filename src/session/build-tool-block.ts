import type { AnthropicTool } from "./anthropic-tool.js";
import type { SessionView } from "./session-view.js";

/**
 * The progressive tool block: `search_tools`, keep tools, hydrated tools in full (first
 * hydrated first), then stubs in catalogue order. Below the threshold, every tool in full.
 *
 * The order is chosen for the prompt cache: a new hydration appends after the tools
 * hydrated before it, so everything up to there is byte-identical to the previous turn.
 */
export function buildToolBlock(view: SessionView): AnthropicTool[] {
  if (!view.progressive) return view.all;
  const byName = new Map(view.others.map((tool) => [tool.name, tool]));
  const hydrated = new Set(view.hydrated);
  return [
    view.searchTool,
    ...view.keep,
    ...view.hydrated.flatMap((name) => {
      const tool = byName.get(name);
      return tool ? [tool.full] : [];
    }),
    ...view.others.filter((tool) => !hydrated.has(tool.name)).map((tool) => tool.stub),
  ];
}
