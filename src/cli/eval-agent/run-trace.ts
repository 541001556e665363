import { SEARCH_TOOLS_NAME, type ToolSearchEvent } from "../../index.js";
import type { AgentEvent, TurnUsage } from "../../public/agent.js";

/** A tool call of the model, as the eval saw it when the call arrived (before it ran). */
export interface ObservedCall {
  /** The model call (1-based) whose reply made it. */
  turn: number;
  name: string;
  /** Whether the tool was among search results or shown in full before this call. */
  seen: boolean;
  /** `search_tools` calls (and native tool searches) answered before this call. */
  searchesBefore: number;
}

/** What one task's run did, from the tool search's and the agent's events. */
export interface RunTrace {
  /** The model's tool calls, search calls left out, in order. */
  calls: ObservedCall[];
  /** Searches the model made (prefetch's own ranking not counted). */
  searches: number;
  /** Tools whose call had an input that validated against the tool's real schema. */
  validCalls: Set<string>;
  /** Each model call's usage, in order. */
  usage: TurnUsage[];
  /** Every tool seen by the end of the run (search results, hydrated, or in full from the start). */
  seen: Set<string>;
}

/** The name Responses' native `tool_search` calls carry; a catalogue tool of that name is a tool like any. */
const NATIVE_SEARCH_CALL = "tool_search";

/**
 * Follows one run: `seen` starts as the tools the first request shows in full and grows with
 * every search's results and every hydration (prefetch's included), so each call can tell
 * whether the model had seen the tool before it called it.
 *
 * @param shownInFull - The tools the run's first request carries in full.
 * @param isTool - Whether a name is a catalogue tool (a native search call is told apart by it).
 */
export function traceRun(shownInFull: Iterable<string>, isTool: (name: string) => boolean) {
  const seen = new Set(shownInFull);
  const trace: RunTrace = { calls: [], searches: 0, validCalls: new Set(), usage: [], seen };
  return {
    trace,
    onSearchEvent(event: ToolSearchEvent): void {
      if (event.type === "search") {
        if (event.prefetch !== true) trace.searches++;
        for (const result of event.results) seen.add(result.name);
      } else if (event.type === "hydrate") seen.add(event.name);
      else if (event.type === "tool-call" && event.validation === "valid") trace.validCalls.add(event.name);
    },
    onAgentEvent(event: AgentEvent): void {
      if (event.type === "turn") trace.usage.push(event.usage);
      else if (event.type === "tool-use") {
        if (event.name === SEARCH_TOOLS_NAME || (event.name === NATIVE_SEARCH_CALL && !isTool(event.name))) return;
        trace.calls.push({
          turn: event.turn,
          name: event.name,
          seen: seen.has(event.name),
          searchesBefore: trace.searches,
        });
      }
    },
  };
}
