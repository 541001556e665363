import type { AnthropicTool } from "../wire/index.js";
import { buildToolBlock } from "./build-tool-block.js";
import type { SessionView } from "./session-view.js";

/**
 * The tool block within `cap` tools, for a provider that caps the declarations of a request
 * (Gemini). Under the cap it is the usual block. Over it, the block is laid out progressively
 * whatever the threshold says: `search_tools` first (always there, so every tool stays
 * reachable), then keep tools, then hydrated tools in block order, then stubs in catalogue
 * order, cut at the cap. When even the tools in full exceed it, the least recently used
 * hydrated tools go first (the session still counts them hydrated), then the last keep tools.
 *
 * @param recency - The hydrated tools, least recently used first.
 */
export function capToolBlock(view: SessionView, cap: number, recency: readonly string[]): AnthropicTool[] {
  const block = buildToolBlock(view);
  if (block.length <= cap) return block;
  const room = cap - 1;
  const keep = view.keep.slice(0, room);
  const hydratedRoom = Math.max(0, room - keep.length);
  const hydrated = new Set(view.hydrated);
  const byRecency = recency.filter((name) => hydrated.has(name));
  const shown = new Set(hydratedRoom === 0 ? [] : byRecency.slice(-hydratedRoom));
  const full = view.hydratedTools.filter((tool) => shown.has(tool.name)).map((tool) => tool.full);
  const capped = [view.searchTool, ...keep, ...full];
  if (view.presentation === "stubs" || !view.progressive)
    for (const tool of view.others) {
      if (capped.length >= cap) break;
      if (!hydrated.has(tool.name)) capped.push(tool.stub);
    }
  return capped;
}
