import type { ToolSearch } from "../../src/index.js";
import type { OpenAIResponsesNativeTool, OpenAIResponsesToolSearchOutput } from "../../src/public/agent.js";
import type { SummarisedSession } from "./measure-strategies.js";
import { oracleInputFor } from "./oracle-input.js";
import type { OracleAction, OracleTurn } from "./oracle-session.js";

/** The strategy name OpenAI's native presentation is reported under. */
export const OPENAI_NATIVE = "openai-native";

/** Tokens by the rule of toolsift's default `estimateTokens`: JSON characters / 3.5. */
const tokensOf = (value: unknown) => Math.ceil(JSON.stringify(value).length / 3.5);

/**
 * What the model has in context of a native `tools` array: OpenAI's guide says that for a
 * namespace the model sees only its name and description until tool search loads its
 * functions, so a namespace counts as those two fields; every other tool counts whole.
 */
export function visibleTokens(tools: readonly OpenAIResponsesNativeTool[]): number {
  return tools.reduce(
    (sum, tool) =>
      sum +
      tokensOf(tool.type === "namespace" ? { type: tool.type, name: tool.name, description: tool.description } : tool),
    0,
  );
}

let sessions = 0;

/**
 * The oracle of `runOracleSession`, played against OpenAI's native presentation
 * (`tools({ format: "openai-responses", presentation: "native" })`, client-executed search):
 * request 1 → a `tool_search_call` with the query, answered through `session.execute`;
 * request 2 → a call to the top match; request 3 → the answer. **context** is what the model
 * sees of the array ({@link visibleTokens}) plus the definitions the `tool_search_output` loaded;
 * **search result** is that output without its definitions (counted once, in context).
 *
 * @example
 * ```ts
 * const session = await runOpenAINativeSession(toolSearch, "post to #ops", "slack__post_message");
 * ```
 */
export async function runOpenAINativeSession(
  toolSearch: ToolSearch,
  query: string,
  expected: string,
): Promise<SummarisedSession> {
  const id = `oracle-${OPENAI_NATIVE}-${++sessions}`;
  const session = toolSearch.session(id);
  const turns: (Omit<OracleTurn, "tools"> & { tools: OpenAIResponsesNativeTool[] })[] = [];
  let loadedTokens = 0;
  let carried = 0;
  const request = async (action: OracleAction) => {
    const tools = await session.tools({ format: "openai-responses", presentation: "native" });
    turns.push({
      turn: turns.length + 1,
      tools,
      wireTokens: tokensOf(tools),
      contextTokens: visibleTokens(tools) + loadedTokens,
      searchResultTokens: carried,
      action,
    });
  };
  const call = async (name: string) => {
    const schema = (await session.view()).fullByName.get(name)?.input_schema;
    await session.execute({
      type: "function_call",
      call_id: `call_${turns.length}`,
      name,
      arguments: JSON.stringify(oracleInputFor(schema)),
    });
  };
  try {
    const first = await session.view();
    const base = { expected, progressive: first.progressive, fullTokens: first.fullTokens };
    if (!first.progressive) {
      await request({ type: "call", name: expected, input: {} });
      await call(expected);
      await request({ type: "answer" });
      return { ...base, turns, matches: [], searchResult: undefined, discoveryTurn: 1 };
    }
    await request({ type: "search", query });
    const output: OpenAIResponsesToolSearchOutput = await session.execute({
      type: "tool_search_call",
      call_id: "call_search",
      execution: "client",
      arguments: { query },
    });
    loadedTokens += output.tools.reduce((sum, tool) => sum + tokensOf(tool), 0);
    carried += tokensOf({ ...output, tools: [] });
    const matches = output.tools.flatMap((tool) =>
      tool.type === "namespace" ? tool.tools.map((fn) => fn.name) : [tool.name],
    );
    const top = matches[0];
    if (top === undefined) {
      await request({ type: "answer" });
      return { ...base, turns, matches, searchResult: output, discoveryTurn: null };
    }
    await request({ type: "call", name: top, input: {} });
    await call(top);
    await request({ type: "answer" });
    return { ...base, turns, matches, searchResult: output, discoveryTurn: top === expected ? 2 : null };
  } finally {
    toolSearch.endSession(id);
  }
}
