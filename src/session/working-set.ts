/**
 * The `"changes"` presentation for an API with mid-conversation tool changes (the Messages
 * API's `tool_addition` and `tool_removal`): a `tools` array that never changes, and a working
 * set of hydrated tools told to the model by changes appended to the conversation. Pure
 * functions of a session's view and its transcript, so an agent loop of one's own can call them
 * on every turn and get the same answer until something changes.
 *
 * @module
 */
import { OptionsError } from "../errors.js";
import {
  changesBetween,
  codecFor,
  readToolFormat,
  toolChangeBetas,
  workingSetOf,
  type AnthropicTool,
  type ToolChangeMessage,
  type ToolChangeMode,
  type ToolResultBlock,
} from "../wire/index.js";
import { searchAnswer } from "./search-answer.js";
import type { SearchToolsOutcome } from "./session-services.js";
import type { SessionView } from "./session-view.js";
import { searchResultBlock } from "./tool-result.js";
import { withSearchNotes } from "./search-notes.js";

/** The default way an added tool is given: by reference to its deferred entry in `tools` (see {@link ToolChangesOptions.mode}). */
export const DEFAULT_TOOL_CHANGE_MODE: ToolChangeMode = "reference";

/** Options of `session.toolChanges()` and of `session.tools({ presentation: "changes" })`. */
export interface ToolChangesOptions {
  /**
   * The API: `"anthropic"` (the default), the only one with mid-conversation tool changes.
   *
   * @example
   * ```ts
   * await session.toolChanges(messages, { format: "anthropic" });
   * ```
   */
  format?: "anthropic";
  /**
   * How an added tool is given. `"reference"` (the default): `tools` declares every tool,
   * deferred, and an addition names one; it costs no prompt tokens until added, and each change
   * is a few bytes. `"inline"`: `tools` holds only `search_tools` and the keep tools, and an
   * addition carries the whole definition (beta `inline-tools-2026-09-15`); for a catalogue that
   * changes during the conversation, since the array never has to list it. Use the same mode
   * for `tools()` and `toolChanges()` throughout a conversation.
   *
   * @example
   * ```ts
   * const tools = await session.tools({ presentation: "changes", mode: "inline" });
   * ```
   */
  mode?: ToolChangeMode;
}

/** What the next request must append so the model is offered the session's working set. */
export interface ToolChanges {
  /**
   * The `role: "system"` message to append to the conversation (after the last user message,
   * before the request), or `undefined` when the model is already offered the working set.
   */
  message: ToolChangeMessage | undefined;
  /** The tools it adds, in order. */
  added: string[];
  /** The tools it removes (the least recently used, past `maxHydratedTools`), in order. */
  removed: string[];
  /** The `anthropic-beta` values the next request needs, this message included (`[]` without any change). */
  betas: string[];
}

/** The options of `toolChanges()`/`tools({ presentation: "changes" })` once checked. */
export function readToolChangesOptions(options: unknown): { mode: ToolChangeMode } {
  const read = (typeof options === "object" && options !== null ? options : {}) as Record<string, unknown>;
  const codec = codecFor(readToolFormat(read));
  if (!codec.toolChanges)
    throw new OptionsError(
      "no_tool_changes",
      `Format "${codec.format}" has no mid-conversation tool changes; the "changes" presentation is for format "anthropic" (the Messages API).`,
    );
  const mode = read.mode ?? DEFAULT_TOOL_CHANGE_MODE;
  if (mode !== "reference" && mode !== "inline")
    throw new OptionsError(
      "invalid_tool_change_mode",
      `mode must be "reference" or "inline"; got ${JSON.stringify(mode) ?? String(mode)}.`,
    );
  return { mode };
}

/**
 * The `tools` array of the `"changes"` presentation: `search_tools` and the keep tools, then
 * (mode `"reference"`) every other permitted tool deferred, then deferred placeholders for tools
 * the transcript's changes name that are gone (`unavailable`, see the native strategy). Below the
 * threshold, every tool in full and no changes.
 */
export function changesToolBlock(
  view: SessionView,
  mode: ToolChangeMode,
  searchTool: AnthropicTool = view.searchTool,
  unavailable: (name: string) => AnthropicTool = placeholderOf,
  named: readonly string[] = [],
): AnthropicTool[] {
  if (!view.progressive) return view.all.map((tool) => ({ ...tool }));
  const loaded = [{ ...searchTool }, ...view.keep.map((tool) => ({ ...tool }))];
  if (mode === "inline") return loaded;
  const defined = new Set([...loaded.map((tool) => tool.name), ...view.others.map((tool) => tool.name)]);
  return [
    ...loaded,
    ...view.others.map(({ full }): AnthropicTool => ({ ...full, defer_loading: true })),
    ...[...new Set(named)].filter((name) => !defined.has(name)).map(unavailable),
  ];
}

function placeholderOf(name: string): AnthropicTool {
  return {
    name,
    description: "This tool is not available any more.",
    input_schema: { type: "object" },
    defer_loading: true,
  };
}

/**
 * The changes that offer the model the session's working set (its hydrated tools) after
 * `transcript`: removals of tools the transcript offered that are no longer hydrated, then
 * additions of hydrated tools it does not offer, in one message. A transcript with no changes
 * (a new conversation, or one just compacted) gets the whole working set added. `withLoads`
 * counts the tools the transcript loaded another way (the native strategy's `tool_reference`
 * results) as offered too, so they are removed past the cap like the rest.
 */
export function toolChangesFor(
  view: SessionView,
  transcript: readonly unknown[],
  mode: ToolChangeMode,
  withLoads = false,
): ToolChanges {
  const codec = codecFor("anthropic").toolChanges!;
  const offered = workingSetOf(transcript, codec, withLoads);
  // Below the threshold every tool is in the array in full: there is nothing to change.
  const changes = view.progressive ? changesBetween(offered, view.hydrated) : [];
  if (changes.length === 0) return { message: undefined, added: [], removed: [], betas: toolChangeBetas(transcript) };
  const message = codec.write(changes, mode, (name) => view.fullByName.get(name)) as ToolChangeMessage;
  return {
    message,
    added: changes.filter((change) => change.type === "add").map((change) => change.name),
    removed: changes.filter((change) => change.type === "remove").map((change) => change.name),
    betas: toolChangeBetas([...transcript, message]),
  };
}

/**
 * The names a `search_tools` outcome loads into the working set: its best matches that are not
 * keep tools, at most half of `capacity` (at least one), so one search never displaces the
 * whole working set the model is using; least relevant first, so the best match is the most
 * recently used.
 */
export function matchesToLoad(outcome: SearchToolsOutcome, view: SessionView): string[] {
  const capacity = view.maxHydrated;
  if (!outcome.ok || !view.progressive || capacity <= 0) return [];
  const kept = new Set(view.keep.map((tool) => tool.name));
  return outcome.matches
    .map((match) => match.name)
    .filter((name) => !kept.has(name))
    .slice(0, Math.max(1, Math.floor(capacity / 2)))
    .reverse();
}

/**
 * The `search_tools` answer of the `"changes"` presentation: the matches with their
 * descriptions, and which of them are loaded now (the next request adds them), so the model calls
 * them directly.
 */
export function changesSearchResult(
  toolUseId: string,
  outcome: SearchToolsOutcome,
  view: SessionView,
): ToolResultBlock {
  if (!outcome.ok || outcome.matches.length === 0 || !view.progressive) return searchResultBlock(toolUseId, outcome);
  const loaded = new Set([...view.hydrated, ...view.keep.map((tool) => tool.name)]);
  const answer = searchAnswer(outcome.matches);
  const names = outcome.matches.map((match) => match.name).filter((name) => loaded.has(name));
  const note =
    names.length > 0
      ? `Loaded now: ${names.join(", ")}. Call them directly; search again for any other.`
      : "None of these is loaded; search again with other words.";
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    content: JSON.stringify(withSearchNotes({ ...answer, note }, outcome)),
  };
}
