import { createToolSearch, type ToolDefinition, type Tuning } from "../../src/index.js";
import { estimateBlockTokens } from "../../src/session/index.js";
import type { BlockSavingRun } from "../report/bench-report.js";

/** A catalogue to measure the tool block of: its tools, and queries each labelled with one tool. */
export interface BlockSavingCatalogue {
  id: string;
  /** Where the tools come from, for the report. */
  source: string;
  tools: readonly ToolDefinition[];
  queries: readonly { query: string; expected: string }[];
  /** Tuning on top of the defaults, e.g. a `maxStubTokens` that keeps every stub listed. */
  tuning?: Tuning;
}

export interface BlockSavingOptions {
  /** Sessions to average over, taken evenly from the queries. @defaultValue 20 */
  maxSessions?: number;
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * The tool block a session sends after one `search_tools` call and one hydration, against
 * every tool in full: issue 13's "stub diet" measure. Per query (at most `maxSessions`, spread
 * evenly), a fresh session asks `tools()`, runs `search_tools` with the query, calls the
 * query's tool (input `{}`: a validation error still hydrates it) and asks `tools()` again.
 * Tokens are toolsift's `estimateBlockTokens`; bytes are the JSON's UTF-8 length.
 *
 * A catalogue under the default threshold would ship in full (no saving, by design); it is
 * measured with `toolSearchThresholdTokens: 0` instead, and `progressiveByDefault` says so.
 *
 * @example
 * ```ts
 * const run = await measureBlockSaving({ id: "example-catalogue", source: "examples/catalogue", tools, queries });
 * run.saving; // e.g. 0.885
 * ```
 */
export async function measureBlockSaving(
  catalogue: BlockSavingCatalogue,
  options: BlockSavingOptions = {},
): Promise<BlockSavingRun> {
  const base = { catalogue: catalogue.id, source: catalogue.source, tools: catalogue.tools.length };
  try {
    const full = await createToolSearch({ tools: catalogue.tools, tuning: { toolSearch: false } });
    const fullBlock = await full.session("full").tools();
    await full.close();

    let toolSearch = await createToolSearch({ tools: catalogue.tools, tuning: { ...catalogue.tuning } });
    const progressiveByDefault = (await toolSearch.session("probe").view()).progressive;
    if (!progressiveByDefault) {
      await toolSearch.close();
      toolSearch = await createToolSearch({
        tools: catalogue.tools,
        tuning: { ...catalogue.tuning, toolSearchThresholdTokens: 0 },
      });
    }
    const max = options.maxSessions ?? 20;
    const step = Math.max(1, catalogue.queries.length / max);
    const picked = Array.from(
      { length: Math.min(max, catalogue.queries.length) },
      (_, i) => catalogue.queries[Math.floor(i * step)]!,
    );
    let stubTokens = 0;
    const afterTokens: number[] = [];
    const afterBytes: number[] = [];
    for (const [index, { query, expected }] of picked.entries()) {
      const session = toolSearch.session(`saving-${index}`);
      stubTokens = estimateBlockTokens(await session.tools());
      const search = await session.execute({
        type: "tool_use",
        id: `toolu_search_${index}`,
        name: "search_tools",
        input: { query },
      });
      if (search.is_error) throw new Error(`search_tools failed for "${query}": ${JSON.stringify(search.content)}`);
      await session.execute({ type: "tool_use", id: `toolu_call_${index}`, name: expected, input: {} });
      if (!session.hydrated().includes(expected)) throw new Error(`calling ${expected} did not hydrate it`);
      const block = await session.tools();
      afterTokens.push(estimateBlockTokens(block));
      afterBytes.push(bytesOf(block));
    }
    await toolSearch.close();
    if (picked.length === 0) throw new Error("the catalogue has no queries to open sessions with");
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const fullTokens = estimateBlockTokens(fullBlock);
    return {
      ...base,
      sessions: picked.length,
      fullTokens,
      fullBytes: bytesOf(fullBlock),
      stubTokens,
      afterTokens: mean(afterTokens),
      afterBytes: mean(afterBytes),
      saving: 1 - mean(afterTokens) / fullTokens,
      progressiveByDefault,
    };
  } catch (error) {
    return {
      ...base,
      sessions: 0,
      fullTokens: 0,
      fullBytes: 0,
      stubTokens: 0,
      afterTokens: 0,
      afterBytes: 0,
      saving: 0,
      progressiveByDefault: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** A catalogue without labelled queries (an MCP server's tools): one query per tool, its name in words. */
export function queriesFromNames(tools: readonly ToolDefinition[]): { query: string; expected: string }[] {
  return tools.map((tool) => ({ query: tool.name.split("__").at(-1)!.replace(/[_-]+/g, " "), expected: tool.name }));
}
