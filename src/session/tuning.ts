import { OptionsError } from "../errors.js";
import { MAX_SEARCH_LIMIT } from "./search-tools-tool.js";
import { describeValue } from "../describe-value.js";

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

const DEFAULTS: ResolvedTuning = {
  toolSearch: true,
  toolSearchThresholdTokens: 10_000,
  keepTools: [],
  maxHydratedTools: 15,
  maxStubTokens: 10_000,
  searchLimit: 5,
  maxSessions: 1_000,
};

/**
 * Fills in defaults and rejects values that cannot work, each with an {@link OptionsError}
 * that names the option: a string where a boolean belongs (`toolSearch: "false"` is truthy)
 * or a misspelt key would otherwise be read silently and wrongly. Duplicate `keepTools`
 * names are dropped (a tool twice in a request is refused by the API).
 */
export function resolveTuning(tuning: unknown = {}): ResolvedTuning {
  if (typeof tuning !== "object" || tuning === null || Array.isArray(tuning)) {
    throw new OptionsError(
      "invalid_tuning",
      `tuning must be an object such as { maxHydratedTools: 10 }, or left out; got ${describeValue(tuning)}.`,
    );
  }
  const given = tuning as Tuning;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(DEFAULTS, key)) {
      throw new OptionsError(
        "invalid_tuning",
        `Unknown tuning option "${key}". The options are ${Object.keys(DEFAULTS).join(", ")}.`,
      );
    }
  }
  const resolved: ResolvedTuning = { ...DEFAULTS };
  for (const [key, value] of Object.entries(given)) if (value !== undefined) Object.assign(resolved, { [key]: value });
  if (typeof resolved.toolSearch !== "boolean") {
    throw new OptionsError(
      "invalid_tuning",
      `tuning.toolSearch must be true or false, got ${describeValue(resolved.toolSearch)}.`,
    );
  }
  requireCount(resolved.toolSearchThresholdTokens, "toolSearchThresholdTokens", 0);
  requireCount(resolved.maxHydratedTools, "maxHydratedTools", 0);
  requireCount(resolved.maxStubTokens, "maxStubTokens", 0);
  requireCount(resolved.searchLimit, "searchLimit", 1, MAX_SEARCH_LIMIT);
  requireCount(resolved.maxSessions, "maxSessions", 1);
  if (!Array.isArray(resolved.keepTools) || !resolved.keepTools.every((name) => typeof name === "string")) {
    throw new OptionsError("invalid_tuning", "tuning.keepTools must be an array of tool names.");
  }
  return { ...resolved, keepTools: [...new Set(resolved.keepTools)] };
}

function requireCount(value: number, name: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new OptionsError(
      "invalid_tuning",
      `tuning.${name} must be a whole number ${range}, got ${describeValue(value)}.`,
    );
  }
}
