import { listedTools } from "../../gateway/index.js";
import type { AnthropicTool, SearchToolsOutcome, SessionView, ToolResultBlock, ToolSearch } from "../../index.js";
import { nativeStrategy, stableStrategy, stubsStrategy } from "../../public/agent.js";
import { OptionsError } from "../../errors.js";
import { estimateBlockTokens } from "../../for-apps.js";
import { firstSentence } from "../../for-apps.js";

/** The ways a request can carry a catalogue, as the report names them. */
export type ProjectedStrategy = "full" | "stubs" | "native" | "stable" | "serve";

/** What one strategy costs per request, averaged over the sample searches. */
export interface StrategyCost {
  strategy: ProjectedStrategy;
  /** Tool definitions the model reads on a request after the search (for native: the loaded ones plus those the search expanded). */
  toolTokens: number;
  /** The search result left in the conversation, which every later request sends again. */
  searchResultTokens: number;
  /** Why the strategy cannot carry this catalogue (native past the API's deferred-tool limit); its tokens are 0 then. */
  unavailable?: string;
}

/**
 * What the `stubs` block holds for this catalogue: `stubs` (every other tool as a stub), `search-only`
 * (past `maxStubTokens`, no stubs at all) or `full` (under the threshold, every tool in full).
 */
export type StubsBlock = "stubs" | "search-only" | "full";

/** Every strategy's cost, from {@link projectStrategies}. */
export interface Projection {
  /** How many searches the means are over. */
  samples: number;
  /** What the `stubs` row's block holds, so the report does not call a block of no stubs "stubs". */
  stubsBlock: StubsBlock;
  costs: StrategyCost[];
}

/** How many tools the projection searches for, at most, spread over the catalogue. */
export const PROJECTION_SAMPLES = 20;

/**
 * The tool tokens per request under each strategy once a typical search has run: each sampled
 * tool's first sentence is searched for, then
 * - `full`: every tool in full, as without toolsift;
 * - `stubs`: the session's block after the top match was called (and so hydrated);
 * - `native`: `search_tools` and the keep tools, plus the matches the API expands from the search's `tool_reference` blocks;
 * - `stable`: the never-changing block of stubs, plus the matches' schemas in the search result;
 * - `serve`: what a client of `toolsift serve` lists: `search_tools`, `call_tool`, the keep tools and the matches.
 * Nothing is called: hydration is done without running the tools.
 */
export async function projectStrategies(
  toolSearch: ToolSearch,
  samples: readonly { name: string; description: string }[],
): Promise<Projection> {
  const totals = new Map<ProjectedStrategy, { tools: number; results: number }>();
  const add = (strategy: ProjectedStrategy, tools: number, results = 0) => {
    const total = totals.get(strategy) ?? { tools: 0, results: 0 };
    totals.set(strategy, { tools: total.tools + tools, results: total.results + results });
  };
  let index = 0;
  // A catalogue past the Messages API's deferred-tool limit cannot go native; the other rows
  // are what such a catalogue needs to see, so the refusal is reported, not thrown.
  let nativeRefusal: string | undefined;
  const probe = toolSearch.session("toolsift-inspect-block");
  const first = await probe.view();
  toolSearch.endSession(probe.id);
  const stubsBlock: StubsBlock = !first.progressive ? "full" : first.presentation;
  for (const sample of samples) {
    const query = firstSentence(sample.description).replace(/…$/, "").slice(0, 500);
    const id = `toolsift-inspect-${index++}`;
    const session = toolSearch.session(id);
    try {
      const before = await session.view();
      const outcome = await session.searchTools({ query }, "toolu_search");
      const matches = outcome.ok ? outcome.matches.map((match) => match.name) : [];
      add("full", before.fullTokens);

      nativeRefusal ??= addNative(before, outcome, matches, add);
      add(
        "stable",
        estimateBlockTokens(stableStrategy.tools(before)),
        resultTokens(stableStrategy.searchResult("toolu_search", outcome, before)),
      );

      if (matches[0] !== undefined) await session.hydrate([matches[0]]);
      const called = await session.view();
      add(
        "stubs",
        estimateBlockTokens(stubsStrategy.tools(called)),
        resultTokens(stubsStrategy.searchResult("toolu_search", outcome, called)),
      );

      await session.hydrate(matches.slice(0, toolSearch.tuning.maxHydratedTools).reverse());
      const listed = listedTools(await session.view(), "search", () => ({})).map(
        (tool): AnthropicTool => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }),
      );
      add(
        "serve",
        estimateBlockTokens(listed),
        resultTokens(stubsStrategy.searchResult("toolu_search", outcome, called)),
      );
    } finally {
      toolSearch.endSession(id);
    }
  }
  const count = Math.max(1, samples.length);
  const order: ProjectedStrategy[] = ["full", "stubs", "native", "stable", "serve"];
  return {
    samples: samples.length,
    stubsBlock,
    costs: order.map((strategy) => {
      const total = totals.get(strategy) ?? { tools: 0, results: 0 };
      return {
        strategy,
        toolTokens: Math.round(total.tools / count),
        searchResultTokens: Math.round(total.results / count),
        ...(strategy === "native" && nativeRefusal !== undefined ? { unavailable: nativeRefusal } : {}),
      };
    }),
  };
}

/** Adds the native strategy's cost of one search; returns why it cannot be projected, if it cannot. */
function addNative(
  before: SessionView,
  outcome: SearchToolsOutcome,
  matches: readonly string[],
  add: (strategy: ProjectedStrategy, tools: number, results?: number) => void,
): string | undefined {
  let native: AnthropicTool[];
  try {
    native = nativeStrategy.tools(before).filter((tool) => tool.defer_loading !== true);
  } catch (error) {
    if (error instanceof OptionsError && error.code === "too_many_deferred_tools") return error.message;
    throw error;
  }
  const expanded = before.others.filter((tool) => matches.includes(tool.name)).map((tool) => tool.full);
  add(
    "native",
    estimateBlockTokens(native) + estimateBlockTokens(expanded),
    resultTokens(nativeStrategy.searchResult("toolu_search", outcome, before)),
  );
  return undefined;
}

/** Up to `count` items spread evenly over a list, first and last included. */
export function spread<T>(items: readonly T[], count: number = PROJECTION_SAMPLES): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))]!);
}

/** A `tool_result` block's estimated tokens, by the same rule as tool definitions (JSON characters / 3.5). */
function resultTokens(block: ToolResultBlock): number {
  return Math.ceil(JSON.stringify(block).length / 3.5);
}
