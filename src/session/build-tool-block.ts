import type { AnthropicTool } from "../wire/index.js";
import type { SessionView } from "./session-view.js";

/**
 * The progressive tool block: `search_tools`, keep tools, hydrated tools in full (first
 * hydrated first), then stubs in catalogue order (none when the stubs would exceed their
 * budget). Below the threshold, every tool in full.
 *
 * The order is chosen for the prompt cache: a new hydration appends after the tools
 * hydrated before it, so everything up to there is byte-identical to the previous turn.
 */
export function buildToolBlock(view: SessionView): AnthropicTool[] {
  if (!view.progressive) return view.all;
  const block = [view.searchTool, ...view.keep, ...view.hydratedTools.map((tool) => tool.full)];
  // Search-only never reads `others`, so a block over a huge catalogue costs what it shows.
  if (view.presentation === "stubs") {
    const hydrated = new Set(view.hydrated);
    for (const tool of view.others) if (!hydrated.has(tool.name)) block.push(tool.stub);
  }
  return block;
}
