import { createHash } from "node:crypto";
import type { AnthropicTool, SessionView } from "../index.js";

/**
 * What `tools/list` shows: `search`, only `search_tools`, the keep tools and the tools searching
 * (or calling) loaded, so the count stays bounded whatever the servers hold; `stubs`, every tool,
 * most of them as a stub (name, first sentence, any input), as the library lays out its block.
 */
export type ListingMode = "search" | "stubs";

/** A tool as MCP's `tools/list` returns it. */
export interface ListedTool {
  name: string;
  description: string;
  inputSchema: { type: "object"; [keyword: string]: unknown };
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; openWorldHint?: boolean };
}

const SEARCH_DESCRIPTION =
  "Search every tool behind this server by what you want to do. Only a few tools are listed at first: " +
  "this finds the right ones among all of them and adds them to your tool list, so you can call them next " +
  '(the list changes). Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';

/**
 * The tools one client sees now, from its session's view.
 *
 * @param destructive - Whether a catalogue tool is destructive, so clients can show it (`destructiveHint`).
 */
export function listedTools(
  view: SessionView,
  mode: ListingMode,
  destructive: (name: string) => boolean,
): ListedTool[] {
  if (!view.progressive && view.all.length > 0) return view.all.map((tool) => mcpToolOf(tool, destructive));
  const search: ListedTool = {
    ...mcpToolOf(view.searchTool, () => false),
    ...(mode === "search" ? { description: SEARCH_DESCRIPTION } : {}),
    annotations: { title: "Search tools", readOnlyHint: true, openWorldHint: false },
  };
  const loaded = view.hydratedTools.map((tool) => tool.full);
  // Only the stubs listing reads every tool; the search listing costs what it shows.
  const hydrated = new Set(view.hydrated);
  const stubs = mode === "stubs" ? view.others.filter((tool) => !hydrated.has(tool.name)).map((tool) => tool.stub) : [];
  return [search, ...[...view.keep, ...loaded, ...stubs].map((tool) => mcpToolOf(tool, destructive))];
}

/** A digest of a listing, to tell whether a client's list is out of date. */
export function listingDigest(tools: readonly ListedTool[]): string {
  return createHash("sha256").update(JSON.stringify(tools)).digest("base64url");
}

function mcpToolOf(tool: AnthropicTool, destructive: (name: string) => boolean): ListedTool {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input_schema,
    ...(destructive(tool.name) ? { annotations: { destructiveHint: true } } : {}),
  };
}
