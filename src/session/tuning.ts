import { OptionsError } from "../errors.js";
import { MAX_SEARCH_LIMIT } from "./search-tools-tool.js";

/** How progressive disclosure behaves. Every field is optional; defaults are shown. */
export interface Tuning {
  /**
   * Use stubs and `search_tools` at all. Off: every tool ships in full, as without toolsift.
   * @defaultValue true
   */
  toolSearch?: boolean;
  /**
   * Below or at this estimated size of the full tool block, ship everything in full: search
   * would cost a turn and save little.
   * @defaultValue 10_000
   */
  toolSearchThresholdTokens?: number;
  /**
   * Tools always shipped in full, in this order, right after `search_tools`: the few the
   * agent uses on most turns.
   * @defaultValue []
   */
  keepTools?: readonly string[];
  /**
   * How many used tools keep their full definition; the least recently used falls back to a stub.
   * @defaultValue 15
   */
  maxHydratedTools?: number;
  /**
   * Above this estimated size of all the stubs together, the block lists no stubs at all:
   * only `search_tools`, the keep tools and the hydrated tools, and the model searches for
   * everything else (as with Anthropic's deferred loading). Stubs that cost more than the
   * threshold at which tool search starts would undo its point.
   * @defaultValue 10_000, the same as `toolSearchThresholdTokens`
   */
  maxStubTokens?: number;
  /**
   * How many matches `search_tools` returns when the model gives no `limit`.
   * @defaultValue 5
   */
  searchLimit?: number;
  /**
   * How many sessions keep their state; past it the least recently used session is
   * forgotten (its next call starts clean). Bounds memory for servers that never call
   * `endSession`.
   * @defaultValue 1_000
   */
  maxSessions?: number;
}

export type ResolvedTuning = Required<Tuning>;

/** Fills in defaults and rejects values that cannot work. */
export function resolveTuning(tuning: Tuning = {}): ResolvedTuning {
  const resolved: ResolvedTuning = {
    toolSearch: tuning.toolSearch ?? true,
    toolSearchThresholdTokens: tuning.toolSearchThresholdTokens ?? 10_000,
    keepTools: tuning.keepTools ?? [],
    maxHydratedTools: tuning.maxHydratedTools ?? 15,
    maxStubTokens: tuning.maxStubTokens ?? 10_000,
    searchLimit: tuning.searchLimit ?? 5,
    maxSessions: tuning.maxSessions ?? 1_000,
  };
  requireCount(resolved.toolSearchThresholdTokens, "toolSearchThresholdTokens", 0);
  requireCount(resolved.maxHydratedTools, "maxHydratedTools", 0);
  requireCount(resolved.maxStubTokens, "maxStubTokens", 0);
  requireCount(resolved.searchLimit, "searchLimit", 1, MAX_SEARCH_LIMIT);
  requireCount(resolved.maxSessions, "maxSessions", 1);
  if (!Array.isArray(resolved.keepTools) || !resolved.keepTools.every((name) => typeof name === "string")) {
    throw new OptionsError("invalid_tuning", "tuning.keepTools must be an array of tool names.");
  }
  return resolved;
}

function requireCount(value: number, name: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new OptionsError("invalid_tuning", `tuning.${name} must be a whole number ${range}, got ${JSON.stringify(value)}.`);
  }
}
