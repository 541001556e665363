import type { ToolEventHandler } from "./mock-tools.js";
import type { StrategyName } from "../../public/agent.js";
import type { ToolDefinition, ToolSearch } from "../../index.js";
import type { GatewaySettings } from "../../gateway/index.js";
import type { RankerName } from "../../index.js";
import type { ToolSearchEvent } from "../../index.js";
import { closeSearch, searchOver } from "../load-catalogue.js";

import type { AgentProviderName, ArmName } from "./parse-eval-agent.js";

export type { ArmName } from "./parse-eval-agent.js";

/** One arm, ready to run tasks: its tool search, how runAgent is called, and where its search events go. */
export interface Arm {
  name: ArmName;
  /** The arm's name as reports print it: the name, or what the API made of it (see {@link armLabel}). */
  label: string;
  /** The most tools one request of the provider carries, when it has a cap. */
  toolCap: number | undefined;
  toolSearch: ToolSearch;
  strategy: StrategyName;
  prefetch: boolean;
  /** Sends the search's events to `handler` until the next call (one task at a time). */
  listen(handler: ToolEventHandler | undefined): void;
  close(): Promise<void>;
}

/**
 * Chat Completions' cap on the tools of a request, which the openai-chat provider applies (the
 * eval-agent test holds the two equal through a request).
 */
const OPENAI_CHAT_TOOL_CAP = 128;

/** The most tools one request of `provider` carries; `undefined` when it takes them all. */
export function toolCapOf(provider: AgentProviderName): number | undefined {
  return provider === "openai-chat" ? OPENAI_CHAT_TOOL_CAP : undefined;
}

/**
 * An arm's name as reports print it. The `full` arm sends every tool, unless the API caps a
 * request below the catalogue: it is then named "full (capped at N)", not to pass a cut block
 * off as the whole one.
 */
export function armLabel(name: ArmName, toolCount: number, cap: number | undefined): string {
  return name === "full" && cap !== undefined && toolCount > cap ? `full (capped at ${cap})` : name;
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
  provider: AgentProviderName,
  warn: (line: string) => void,
): Promise<Arm> {
  let handler: ToolEventHandler | undefined;
  const onEvent = (event: ToolSearchEvent) => handler?.(event);
  const toolSearch = await searchOver(tools, settings, ranker, warn, {
    onEvent,
    ...(name === "full" ? { tuning: { toolSearch: false } } : {}),
  });
  const toolCap = toolCapOf(provider);
  return {
    name,
    label: armLabel(name, tools.length, toolCap),
    toolCap,
    toolSearch,
    strategy: name === "toolsift" ? strategy : "stubs",
    prefetch: name === "prefetch",
    listen: (next) => {
      handler = next;
    },
    close: () => closeSearch(toolSearch),
  };
}
