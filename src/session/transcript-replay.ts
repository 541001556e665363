import type { CatalogueSnapshot, CatalogueTool, ToolContext } from "../catalogue/index.js";
import { toolOfCallName, type TranscriptCall } from "../wire/index.js";
import type { SessionServices, SessionState } from "./session-services.js";

/** What replaying a transcript needs from its session. */
export interface ReplayHost {
  readonly services: SessionServices;
  readonly state: SessionState;
  /** The context of the check a replayed call makes, as `execute` would have made it. */
  context(stage: ToolContext["stage"], toolUseId?: string): ToolContext;
  /** Hydrates a tool as a call does. */
  hydrateTool(tool: CatalogueTool): boolean;
  /** Unloads a tool as the LRU cap does (a transcript's `tool_removal`). */
  dehydrateTool(name: string): void;
}

/**
 * Rebuilds the hydration of a session created from a transcript, once, before its first use:
 * each call in order hydrates its tool exactly as `execute` did when it was made (a known,
 * permitted tool that is not a keep tool), under the same LRU cap, so the block is the one
 * the process that ran those calls would build. A transcript's mid-conversation tool changes
 * count in their place: an addition as a use, a removal as an eviction, so the working set the
 * conversation was told of is the one rebuilt. A failure (the catalogue cannot be listed)
 * leaves the calls pending, for the next use to try again.
 */
export function replayed(host: ReplayHost): Promise<void> {
  const { state } = host;
  const replay = state.replay;
  if (!replay) return Promise.resolve();
  replay.running ??= host.services.snapshot().then(
    (snapshot) => {
      // A synchronous replay (replayNow) may have run while the listing was awaited.
      if (state.replay !== replay) return;
      replayInto(host, snapshot, replay.calls);
      delete state.replay;
    },
    (error: unknown) => {
      delete replay.running;
      throw error;
    },
  );
  return replay.running;
}

/**
 * Replays at once when the catalogue was already listed, so that `hydrated()` (which cannot
 * wait) shows a transcript's tools before the first `tools()`. Does nothing otherwise.
 */
export function replayNow(host: ReplayHost): void {
  const { state } = host;
  const replay = state.replay;
  if (!replay) return;
  const snapshot = host.services.latestSnapshot?.();
  if (!snapshot) return;
  replayInto(host, snapshot, replay.calls);
  delete state.replay;
}

function replayInto(host: ReplayHost, snapshot: CatalogueSnapshot, calls: readonly TranscriptCall[]): void {
  // permit is asked once per tool: a long transcript calls the same few tools many times.
  const permitted = new Map<string, boolean>();
  for (const call of calls) {
    if (call.change === "remove") {
      host.dehydrateTool(call.name);
      continue;
    }
    const tool = toolOfCallName(snapshot, call.name);
    if (!tool) continue;
    let allowed = permitted.get(tool.name);
    if (allowed === undefined)
      permitted.set(tool.name, (allowed = host.services.isPermitted(tool, host.context("execute", call.id))));
    if (allowed) host.hydrateTool(tool);
  }
}
