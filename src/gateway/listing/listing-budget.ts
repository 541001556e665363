import { estimateTokens, type AnthropicTool } from "../../index.js";

/** A tool as a listing holds it: a name, and whatever JSON `tools/list` sends of it. */
export interface NamedTool {
  readonly name: string;
}

/**
 * How much one client's `tools/list` may hold: clients cap the tools of a request (Cursor sends
 * the first 40, VS Code refuses more than 128), and every definition costs context.
 */
export interface ListingBudget {
  /** At most this many tools, `search_tools` included; `undefined`: no cap. */
  maxListedTools: number | undefined;
  /** At most about this many tokens of definitions, by the library's estimator; `undefined`: no cap. */
  maxListedTokens: number | undefined;
}

/** No cap: the listing as the session lays it out. */
export const NO_BUDGET: ListingBudget = Object.freeze({ maxListedTools: undefined, maxListedTokens: undefined });

/** The parts of a listing, in the order `tools/list` sends them. */
export interface ListingParts<T extends NamedTool = NamedTool> {
  /** `search_tools` and the keep tools: always listed, whatever the budget. */
  fixed: readonly T[];
  /** Hydrated tools in full, in listing order (first hydrated first). */
  hydrated: readonly T[];
  /** The hydrated tools' names, least recently used first (`ToolSearchSession.hydrated()`). */
  recency: readonly string[];
  /** Stubs, in catalogue order (`stubs` mode), listed while there is room. */
  stubs: readonly T[];
}

/** A listing under a budget. */
export interface BudgetedListing<T extends NamedTool = NamedTool> {
  tools: T[];
  /** Hydrated tools the budget leaves out, least recently used first: unload them from the session. */
  evicted: string[];
  /** How many stubs were left out. */
  omittedStubs: number;
  /** `search_tools` and the keep tools alone are over the budget (they are listed anyway). */
  overBudget: boolean;
  /** What `search_tools` and the keep tools cost, when the budget counts tokens (else 0). */
  fixedTokens: number;
}

/**
 * The library's token estimate of a tool as a client passes it to its model: its name,
 * description and input schema. A title, annotations, an output schema and `_meta` are for the
 * client itself (its display, its prompts, its check of structured results, how it loads the
 * tool), and a client does not send them to the model, so they cost no context. The estimator
 * reads only the length of the definition's JSON (`estimateTokens` says so), so the MCP field
 * names are measured as they are.
 */
export function listedToolTokens(tool: NamedTool): number {
  const {
    title: _title,
    annotations: _annotations,
    outputSchema: _outputSchema,
    _meta: _clientMeta,
    ...read
  } = tool as NamedTool & {
    title?: unknown;
    annotations?: unknown;
    outputSchema?: unknown;
    _meta?: unknown;
  };
  return estimateTokens(read as unknown as AnthropicTool);
}

/**
 * Lays out a listing under a budget. `search_tools` and the keep tools always stay. Hydrated
 * tools stay most recently used first while they fit; the first one that does not fit is
 * evicted with every tool used less recently (the least recently used go first, so what stays
 * is always the most recent ones), except a tool too big for the room there is at all, which is
 * evicted on its own. Stubs fill what is left, in catalogue order, skipping any that does not fit.
 *
 * @param tokensOf - The cost of one tool. @defaultValue {@link listedToolTokens}
 * @example
 * ```ts
 * const { tools, evicted } = budgetListing(parts, { maxListedTools: 40, maxListedTokens: undefined });
 * session.dehydrate(evicted);
 * ```
 */
export function budgetListing<T extends NamedTool>(
  parts: ListingParts<T>,
  budget: ListingBudget,
  tokensOf: (tool: T) => number = listedToolTokens,
): BudgetedListing<T> {
  const maxTools = budget.maxListedTools ?? Number.POSITIVE_INFINITY;
  const maxTokens = budget.maxListedTokens ?? Number.POSITIVE_INFINITY;
  const metered = budget.maxListedTokens !== undefined;
  const cost = (tool: T) => (metered ? tokensOf(tool) : 0);
  let count = parts.fixed.length;
  let tokens = parts.fixed.reduce((sum, tool) => sum + cost(tool), 0);
  const overBudget = count > maxTools || tokens > maxTokens;
  const room = maxTokens - tokens;
  const fits = (price: number) => count + 1 <= maxTools && tokens + price <= maxTokens;

  const byName = new Map(parts.hydrated.map((tool) => [tool.name, tool]));
  // A hydrated tool missing from the recency order counts as the least recently used.
  const inRecency = new Set(parts.recency);
  const newestFirst = [
    ...[...parts.recency].reverse().filter((name) => byName.has(name)),
    ...parts.hydrated.map((tool) => tool.name).filter((name) => !inRecency.has(name)),
  ];
  const kept = new Set<string>();
  const evicted: string[] = [];
  let full = false;
  for (const name of newestFirst) {
    const tool = byName.get(name)!;
    const price = cost(tool);
    if (!full && fits(price)) {
      kept.add(name);
      count++;
      tokens += price;
    } else {
      // Too big for all the room there is: it never fits, and pushing out older tools would not help.
      if (!full && price > room && count + 1 <= maxTools) {
        evicted.push(name);
        continue;
      }
      full = true;
      evicted.push(name);
    }
  }

  const stubs: T[] = [];
  for (const stub of parts.stubs) {
    if (count >= maxTools) break;
    // A stub too big for what is left is skipped: one long first sentence must not hide the rest.
    const price = cost(stub);
    if (!fits(price)) continue;
    stubs.push(stub);
    count++;
    tokens += price;
  }
  return {
    tools: [...parts.fixed, ...parts.hydrated.filter((tool) => kept.has(tool.name)), ...stubs],
    evicted: evicted.reverse(),
    omittedStubs: parts.stubs.length - stubs.length,
    overBudget,
    fixedTokens: metered ? maxTokens - room : 0,
  };
}

/** Whether a budget caps anything. */
export function budgetInForce(budget: ListingBudget): boolean {
  return budget.maxListedTools !== undefined || budget.maxListedTokens !== undefined;
}

/** Whether a whole listing fits a budget as it is. */
export function fitsBudget(tools: readonly NamedTool[], budget: ListingBudget): boolean {
  if (budget.maxListedTools !== undefined && tools.length > budget.maxListedTools) return false;
  if (budget.maxListedTokens === undefined) return true;
  let tokens = 0;
  for (const tool of tools) {
    tokens += listedToolTokens(tool);
    if (tokens > budget.maxListedTokens) return false;
  }
  return true;
}

/** The limit in words, for `search_tools`' description and the search answer: "at most 40 tools". */
export function budgetInWords(budget: ListingBudget): string {
  const limits = [
    ...(budget.maxListedTools === undefined ? [] : [`${budget.maxListedTools} tools`]),
    ...(budget.maxListedTokens === undefined ? [] : [`about ${budget.maxListedTokens} tokens of tool definitions`]),
  ];
  return `at most ${limits.join(" and ")}`;
}

/**
 * The log line for a budget too small for `search_tools` and the keep tools, which are listed
 * anyway: what the limit is, what they take, and what to change.
 */
export function overBudgetWarning(budget: ListingBudget, fixedTokens: number, configFile: string): string {
  return (
    `search_tools, call_tool and the keepTools take about ${fixedTokens} tokens, more than the maxListedTokens of ${budget.maxListedTokens} ` +
    `a client is given, so its tool list is over that limit. Raise maxListedTokens in ${configFile} (or in the client's policy), or keep fewer tools.`
  );
}
