import { OptionsError } from "../../errors.js";
import type { AgentStrategy, StrategyName } from "./agent-strategy.js";
import { changesStrategy } from "./changes.js";
import { nativeStrategy } from "./native.js";
import { stableStrategy } from "./stable.js";
import { stubsStrategy } from "./stubs.js";

export type { AgentStrategy, StrategyName } from "./agent-strategy.js";
export { MAX_DEFERRED_TOOLS, UNAVAILABLE_TOOL_DESCRIPTION, nativeStrategy } from "./native.js";
export { stableStrategy } from "./stable.js";
export { cappedNativeStrategy, changesStrategy, changesStrategyOf } from "./changes.js";
export { stubsStrategy } from "./stubs.js";

/** Every strategy by name. */
export const STRATEGIES: Readonly<Record<StrategyName, AgentStrategy>> = {
  stubs: stubsStrategy,
  native: nativeStrategy,
  stable: stableStrategy,
  changes: changesStrategy,
};

/**
 * The strategy with this name.
 *
 * @throws {@link OptionsError} `unknown_strategy` for any other name.
 */
export function strategyOf(name: unknown): AgentStrategy {
  if (typeof name === "string" && Object.hasOwn(STRATEGIES, name)) return STRATEGIES[name as StrategyName];
  throw new OptionsError(
    "unknown_strategy",
    `strategy must be one of ${Object.keys(STRATEGIES)
      .map((known) => `"${known}"`)
      .join(", ")}, got ${JSON.stringify(name)}.`,
  );
}
