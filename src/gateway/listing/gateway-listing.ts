import { createHash } from "node:crypto";
import type { AnthropicTool, SessionView, ToolSearchSession } from "../../index.js";
import {
  NO_BUDGET,
  budgetInForce,
  budgetInWords,
  budgetListing,
  fitsBudget,
  overBudgetWarning,
  type BudgetedListing,
  type ListingBudget,
} from "./listing-budget.js";
import { CALL_THROUGH_FALLBACK, CALL_TOOL_DEFINITION } from "./call-tool-tool.js";
import { alwaysLoaded, type ListedExtras, type ListedTool } from "./listed-tool.js";

/**
 * What `tools/list` shows: `search`, only `search_tools`, `call_tool`, the keep tools and the
 * tools searching (or calling) loaded, so the count stays bounded whatever the servers hold;
 * `stubs`, every tool, most of them as a stub (name, first sentence, any input), as the library
 * lays out its block, after `search_tools` and `call_tool`.
 */
export type ListingMode = "search" | "stubs";

const SEARCH_DESCRIPTION =
  "Search every tool behind this server by what you want to do. Only a few tools are listed at first: " +
  "this finds the right ones among all of them and adds them to your tool list, so you can call them next " +
  '(the list changes; call_tool reaches them too). Describe the task in plain words (e.g. "open a pull request", "find unpaid invoices").';

/**
 * The tools one client sees now, from its session's view.
 *
 * @param extras - What a catalogue tool shows besides what its model reads (see `listedExtras`):
 *   its server's title, annotations and output schema, and whether it is destructive.
 */
export function listedTools(
  view: SessionView,
  mode: ListingMode,
  extras: (name: string) => ListedExtras,
): ListedTool[] {
  return budgetedListing(view, mode, extras, NO_BUDGET, view.hydrated).tools;
}

/**
 * {@link listedTools} under a client's budget (see `listing-budget.ts`): what to list, and the
 * hydrated tools to unload from the session to stay under it. A catalogue small enough to list
 * whole is listed whole only while it fits; past the budget it is listed as search lists it.
 *
 * @param recency - The session's hydrated tools, least recently used first (`session.hydrated()`).
 */
export function budgetedListing(
  view: SessionView,
  mode: ListingMode,
  extras: (name: string) => ListedExtras,
  budget: ListingBudget,
  recency: readonly string[],
): BudgetedListing<ListedTool> {
  if (!view.progressive && view.all.length > 0) {
    const all = view.all.map((tool) => mcpToolOf(tool, extras));
    if (fitsBudget(all, budget)) return { tools: all, evicted: [], omittedStubs: 0, overBudget: false, fixedTokens: 0 };
  }
  const search: ListedTool = alwaysLoaded({
    ...mcpToolOf(view.searchTool, () => ({})),
    description: searchDescription(mode === "search" ? SEARCH_DESCRIPTION : view.searchTool.description, mode, budget),
    annotations: { title: "Search tools", readOnlyHint: true, openWorldHint: false },
  });
  const hydrated = new Set(view.hydrated);
  // Only the stubs listing reads every tool; the search listing costs what it shows.
  const stubs = mode === "stubs" ? view.others.filter((tool) => !hydrated.has(tool.name)).map((tool) => tool.stub) : [];
  return budgetListing(
    {
      // call_tool for a client that never fetches the list again: it is how its model reaches a match.
      fixed: [search, CALL_TOOL_DEFINITION, ...view.keep.map((tool) => alwaysLoaded(mcpToolOf(tool, extras)))],
      hydrated: view.hydratedTools.map((tool) => alwaysLoaded(mcpToolOf(tool.full, extras))),
      recency,
      stubs: stubs.map((tool) => mcpToolOf(tool, extras)),
    },
    budget,
  );
}

/**
 * Whether what a client's first `tools/list` shows can change as the servers still connecting
 * come up, so that list is worth waiting for (see `GatewayConnection`): the stubs listing shows
 * every tool, a catalogue at or under `toolSearchThresholdTokens` is listed whole, and a late keep
 * tool joins when its server does. The search listing otherwise holds `search_tools`, `call_tool`
 * and the keep tools whatever the servers hold, and a client that binds its tools as soon as it is
 * connected (Codex gives a server about a second) must not find the list still pending.
 */
export function firstListingWaitsForServers(
  mode: ListingMode,
  thresholdTokens: number,
  lateKeepTools: readonly string[],
): boolean {
  return mode === "stubs" || thresholdTokens > 0 || lateKeepTools.length > 0;
}

/**
 * A session's view with the keep tools that joined late (their server was not up when the tool
 * search started, so it could not keep them) moved to `keep`, after the others, in the order
 * given: listed in full and never evicted, as a keep tool is. Names no server lists yet, or that
 * this caller may not use, are not in the view and so stay out.
 */
export function withLateKeepTools(view: SessionView, lateKeep: readonly string[]): SessionView {
  if (lateKeep.length === 0) return view;
  const late = new Set(lateKeep.filter((name) => view.fullByName.has(name)));
  if (late.size === 0) return view;
  const hydratedTools = view.hydratedTools.filter((tool) => !late.has(tool.name));
  return {
    ...view,
    keep: [...view.keep, ...lateKeep.flatMap((name) => (late.has(name) ? [view.fullByName.get(name)!] : []))],
    others: view.others.filter((tool) => !late.has(tool.name)),
    hydrated: hydratedTools.map((tool) => tool.name),
    hydratedTools,
  };
}

/** The gateways already told that search_tools, call_tool and the keep tools alone are over a budget: once is enough. */
const warnedOverBudget = new WeakSet<object>();

/**
 * One connection's listing under its caller's budget: the hydrated tools the budget leaves out
 * are unloaded from the session itself, so its LRU order, its events and its next view agree
 * with the list the client gets; a budget too small for the fixed tools is logged once.
 *
 * @param gateway - What the connection shares with the others: the listing mode, the log and the config file.
 */
export function listUnderBudget(
  session: ToolSearchSession,
  view: SessionView,
  gateway: { readonly mode: ListingMode; readonly configFile: string; log(line: string): void },
  budget: ListingBudget,
  extras: (name: string) => ListedExtras,
): ListedTool[] {
  const listing = budgetedListing(view, gateway.mode, extras, budget, session.hydrated());
  if (listing.evicted.length > 0) session.dehydrate(listing.evicted);
  if (listing.overBudget && !warnedOverBudget.has(gateway)) {
    warnedOverBudget.add(gateway);
    gateway.log(overBudgetWarning(budget, listing.fixedTokens, gateway.configFile));
  }
  return listing.tools;
}

/** `search_tools`' description, with what a budget in force does to the list. */
function searchDescription(base: string, mode: ListingMode, budget: ListingBudget): string {
  if (!budgetInForce(budget)) return base;
  return (
    `${base} Your client shows ${budgetInWords(budget)}: the least recently used tools that search (or a call) loaded are unloaded to make room, ` +
    `so search again to bring one back${mode === "stubs" ? "; tools past that limit are not listed at all, and search finds them too" : ""}.`
  );
}

/**
 * What a search answer says of the matches it loaded: under a budget, it promises a place in the
 * tool list only to the matches the listing then holds, and says the others can still be called.
 * It ends with the way round through `call_tool`: even a client that fetches the list at once
 * may have built its next request from the list it had (Claude Code 2.1 did in six of seven
 * runs), so the match reaches its model a step later.
 *
 * @param listing - The client's listing after the search; fetched only when a budget is in force.
 */
export async function searchNote(
  matches: readonly string[],
  budget: ListingBudget,
  listing: () => Promise<readonly ListedTool[]>,
): Promise<string> {
  return `${await placeInList(matches, budget, listing)} ${CALL_THROUGH_FALLBACK}`;
}

/** {@link searchNote}'s promise of a place in the tool list. */
async function placeInList(
  matches: readonly string[],
  budget: ListingBudget,
  listing: () => Promise<readonly ListedTool[]>,
): Promise<string> {
  const all = "These tools are now in your tool list: call the one that fits. Any of them can also be called by name.";
  if (!budgetInForce(budget)) return all;
  const listed = new Set((await listing()).map((tool) => tool.name));
  const shown = matches.filter((name) => listed.has(name));
  if (shown.length === matches.length) return all;
  const limit = `your client shows ${budgetInWords(budget)}`;
  return shown.length === 0
    ? `None of these fit in your tool list (${limit}), but any of them can be called by name: call the one that fits.`
    : `${shown.join(", ")} ${shown.length === 1 ? "is" : "are"} now in your tool list; the others are not listed (${limit}), ` +
        "but any of them can be called by name: call the one that fits.";
}

/** A digest of a listing, to tell whether a client's list is out of date. */
export function listingDigest(tools: readonly ListedTool[]): string {
  return createHash("sha256").update(JSON.stringify(tools)).digest("base64url");
}

function mcpToolOf(tool: AnthropicTool, extras: (name: string) => ListedExtras): ListedTool {
  return { name: tool.name, description: tool.description, inputSchema: tool.input_schema, ...extras(tool.name) };
}
