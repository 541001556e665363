/**
 * Mid-conversation tool changes in a format's own terms: a tool added to or removed from what the
 * model is offered, without touching the request's `tools` (so its cached prefix stays). A codec
 * whose API has them gives a {@link ToolChangeCodec}; the others say `toolChanges: undefined`.
 *
 * @module
 */
import type { AnthropicTool } from "./anthropic/anthropic.js";

/** One change of the tools offered: a tool added, or one removed. */
export interface ToolChange {
  type: "add" | "remove";
  name: string;
}

/**
 * How an added tool is given: `"reference"` names a tool the request's `tools` declares deferred
 * (the array holds every tool, each once); `"inline"` carries the tool's whole definition in the
 * change (the array holds only what stays loaded).
 */
export type ToolChangeMode = "reference" | "inline";

/** The tool changes of one API: how they are written into a transcript and read back from it. */
export interface ToolChangeCodec<Entry> {
  /**
   * The transcript entry that makes `changes`, in order; `definitionOf` gives an added tool's
   * definition in `"inline"` mode.
   */
  write(
    changes: readonly ToolChange[],
    mode: ToolChangeMode,
    definitionOf: (name: string) => AnthropicTool | undefined,
  ): Entry;
  /** The changes one transcript entry makes, in order; none for an entry of another kind. */
  read(entry: Readonly<Record<string, unknown>>): ToolChange[];
  /**
   * The tools one entry offers the model some other way than a change (the Messages API's
   * `tool_reference` search results), in order; none when the API has no such way.
   */
  loads?(entry: Readonly<Record<string, unknown>>): string[];
}

/**
 * The tools a transcript's changes leave offered (beyond the request's loaded tools): each
 * addition and removal applied in order, first added first; with `withLoads`, the tools loaded
 * another way ({@link ToolChangeCodec.loads}) count as additions.
 *
 * @example
 * ```ts
 * workingSetOf(messages, anthropicToolChanges); // ["github__create_issue", "slack__post_message"]
 * ```
 */
export function workingSetOf(
  entries: readonly unknown[],
  codec: Pick<ToolChangeCodec<unknown>, "read" | "loads">,
  withLoads = false,
): string[] {
  const offered = new Set<string>();
  for (const entry of entries) {
    if (typeof entry !== "object" || entry === null) continue;
    // A tool loaded again moves to the end, as an addition would.
    if (withLoads)
      for (const name of codec.loads?.(entry as Record<string, unknown>) ?? []) {
        offered.delete(name);
        offered.add(name);
      }
    for (const change of codec.read(entry as Record<string, unknown>)) {
      if (change.type === "add") offered.add(change.name);
      else offered.delete(change.name);
    }
  }
  return [...offered];
}

/**
 * The changes that turn the offered tools into `wanted`: removals first (oldest first), then
 * additions in `wanted`'s order, so the model's set never holds more than `wanted` does.
 */
export function changesBetween(offered: readonly string[], wanted: readonly string[]): ToolChange[] {
  const want = new Set(wanted);
  const have = new Set(offered);
  return [
    ...offered.filter((name) => !want.has(name)).map((name): ToolChange => ({ type: "remove", name })),
    ...wanted.filter((name) => !have.has(name)).map((name): ToolChange => ({ type: "add", name })),
  ];
}
