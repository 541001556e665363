import type { ToolEventHandler } from "./mock-tools.js";
import type { StrategyName } from "../../public/agent.js";
import type { ToolDefinition, ToolSearch } from "../../index.js";
import type { GatewaySettings } from "../../gateway/index.js";
import type { RankerName } from "../../index.js";
import type { ToolSearchEvent } from "../../index.js";
import { closeSearch, searchOver } from "../load-catalogue.js";

import type { ArmName } from "./parse-eval-agent.js";

export type { ArmName } from "./parse-eval-agent.js";

/** One arm, ready to run tasks: its tool search, how runAgent is called, and where its search events go. */
export interface Arm {
  name: ArmName;
  toolSearch: ToolSearch;
  strategy: StrategyName;
  prefetch: boolean;
  /** Sends the search's events to `handler` until the next call (one task at a time). */
  listen(handler: ToolEventHandler | undefined): void;
  close(): Promise<void>;
}

/**
 * An arm's search over the tools:
 * - `full`: tool search off (`tuning.toolSearch: false`), so every tool ships in full, as without toolsift;
 * - `toolsift`: search on whatever the block's size, with the chosen strategy;
 * - `prefetch`: the same with `runAgent({ prefetch: true })`, under `stubs` (the only strategy
 *   runAgent prefetches for).
 */
export async function openArm(
  name: ArmName,
  tools: readonly ToolDefinition[],
  settings: GatewaySettings,
  ranker: RankerName,
  strategy: StrategyName,
  warn: (line: string) => void,
): Promise<Arm> {
  let handler: ToolEventHandler | undefined;
  const onEvent = (event: ToolSearchEvent) => handler?.(event);
  const toolSearch = await searchOver(tools, settings, ranker, warn, {
    onEvent,
    ...(name === "full" ? { tuning: { toolSearch: false } } : {}),
  });
  return {
    name,
    toolSearch,
    strategy: name === "toolsift" ? strategy : "stubs",
    prefetch: name === "prefetch",
    listen: (next) => {
      handler = next;
    },
    close: () => closeSearch(toolSearch),
  };
}
