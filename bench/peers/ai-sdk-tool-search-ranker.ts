import { jsonSchema, tool, toolSearch, type Tool, type ToolSet } from "ai";
import { createToolSearchState } from "ai/internal";
import type { RankDocument, RankedTool, Ranker, RankOptions } from "../../src/ranking/index.js";

/** The key the search tool sits under in the tool set; it cannot clash with a deferred tool's. */
const SEARCH_TOOL_KEY = "__bench_tool_search__";

type SearchExecute = (input: { query: string }, options: { toolCallId: string; messages: [] }) => Promise<unknown>;

/**
 * Peer (c): the Vercel AI SDK's `toolSearch()` with its default keyword search, run from the
 * installed `ai` package, not re-implemented.
 *
 * Every tool is registered with `deferLoading: true` next to a `toolSearch({ maxResults })`
 * tool; `createToolSearchState` (the function `generateText` and `streamText` use to bind the
 * search tool to a generation, exported from `ai/internal`) binds it, and each query calls
 * the bound tool's `execute`. The SDK ranks name-word hits (2 points) above description-word
 * hits (1 point), drops tools scoring 0 and keeps registration order on ties; it returns only
 * names, so `score` here is derived from the position (higher is better).
 */
export class AiSdkToolSearchRanker implements Ranker {
  readonly name = "peer-ai-sdk";
  private tools: Record<string, Tool> = {};
  /** One bound search tool per result limit, since `maxResults` is fixed when the tool is made. */
  private bound = new Map<number, SearchExecute>();

  update(documents: readonly RankDocument[]): void {
    const tools: Record<string, Tool> = {};
    for (const document of documents) {
      tools[document.name] = tool({
        description: document.description,
        inputSchema: jsonSchema({ type: "object", properties: {} }),
        deferLoading: true,
      });
    }
    this.tools = tools;
    this.bound.clear();
  }

  async search(query: string, options: RankOptions): Promise<RankedTool[]> {
    if (query.trim() === "") return [];
    const execute = this.searchFor(options.limit);
    const output = (await execute({ query }, { toolCallId: "bench", messages: [] })) as { tools: { name: string }[] };
    const names = output.tools.map((match) => match.name);
    const allowed = options.filter ? names.filter((name) => options.filter?.(name)) : names;
    return allowed.map((name, index) => ({ name, score: allowed.length - index }));
  }

  private searchFor(limit: number): SearchExecute {
    const cached = this.bound.get(limit);
    if (cached) return cached;
    const set: ToolSet = { ...this.tools, [SEARCH_TOOL_KEY]: toolSearch({ maxResults: Math.max(1, limit) }) };
    const prepare = createToolSearchState({ tools: set, toolCallers: undefined });
    const active = prepare(set);
    const execute = active?.[SEARCH_TOOL_KEY]?.execute as SearchExecute | undefined;
    if (!execute)
      throw new Error(
        "ai's createToolSearchState did not bind the search tool; the installed ai version may have changed.",
      );
    this.bound.set(limit, execute);
    return execute;
  }
}
