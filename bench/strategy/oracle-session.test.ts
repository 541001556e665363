import { describe, expect, it } from "vitest";
import { blockNames } from "../../test/support/block-names.js";
import { sampleTools } from "../../src/testing/index.js";
import { SEARCH_TOOLS_NAME, createToolSearch, estimateTokens, type ToolResultContentBlock } from "../../src/index.js";
import { nativeStrategy, stableStrategy, stubsStrategy } from "../../src/public/agent.js";
import { estimateBlockTokens } from "../../src/session/index.js";
import { estimateResultTokens } from "./estimate-json-tokens.js";
import { runOracleSession } from "./oracle-session.js";

const QUERY = "post a message to a slack channel";
const EXPECTED = "slack__post_message";

async function tinySearch(threshold = 100) {
  const calls: { name: string; input: unknown }[] = [];
  const toolSearch = await createToolSearch({
    tools: sampleTools(calls),
    tuning: { toolSearchThresholdTokens: threshold },
  });
  return { toolSearch, calls };
}

const serialised = (tools: unknown) => JSON.stringify(tools);

describe("runOracleSession", () => {
  it("searches, calls the top match with placeholder input, then answers; stubs hydrate it into turn 3 only", async () => {
    const { toolSearch, calls } = await tinySearch();
    const session = await runOracleSession(toolSearch, stubsStrategy, QUERY, EXPECTED);
    expect(session.turns.map((turn) => turn.action.type)).toEqual(["search", "call", "answer"]);
    expect(session.matches[0]).toBe(EXPECTED);
    expect(session.called).toBe(EXPECTED);
    expect(session.discoveryTurn).toBe(2);
    expect(calls).toEqual([{ name: EXPECTED, input: { channel: "example", text: "example" } }]);

    const [first, second, third] = session.turns;
    expect(serialised(second!.tools)).toBe(serialised(first!.tools));
    expect(serialised(third!.tools)).not.toBe(serialised(second!.tools));
    expect(blockNames(first!.tools)).toContain(`~${EXPECTED}`);
    expect(blockNames(third!.tools)).toContain(EXPECTED);
    for (const turn of session.turns) {
      expect(turn.wireTokens).toBe(estimateBlockTokens(turn.tools));
      expect(turn.contextTokens).toBe(turn.wireTokens);
    }
    expect(third!.wireTokens).toBeGreaterThan(first!.wireTokens);
    expect(session.turns.map((turn) => turn.searchResultTokens)).toEqual([
      0,
      estimateResultTokens(session.searchResult!),
      estimateResultTokens(session.searchResult!),
    ]);
  });

  it("native: the same deferred array every turn; the context grows by the definitions tool_reference expanded", async () => {
    const { toolSearch } = await tinySearch();
    const session = await runOracleSession(toolSearch, nativeStrategy, QUERY, EXPECTED);
    const [first, second, third] = session.turns;
    expect(new Set(session.turns.map((turn) => serialised(turn.tools))).size).toBe(1);
    expect(first!.tools.filter((tool) => tool.defer_loading !== true).map((tool) => tool.name)).toEqual([
      SEARCH_TOOLS_NAME,
    ]);

    const references = (session.searchResult!.content as ToolResultContentBlock[]).flatMap((block) =>
      block.type === "tool_reference" ? [block.tool_name] : [],
    );
    expect(references).toEqual(session.matches);
    const expandedTokens = references.reduce<number>((sum, name) => {
      const { defer_loading: _, ...definition } = first!.tools.find((tool) => tool.name === name)!;
      return sum + estimateTokens(definition);
    }, 0);
    expect(first!.contextTokens).toBe(estimateTokens(first!.tools[0]!));
    expect(second!.contextTokens).toBe(first!.contextTokens + expandedTokens);
    expect(third!.contextTokens).toBe(second!.contextTokens);
    // Every tool travels in full on the wire, deferred or not.
    expect(first!.wireTokens).toBeGreaterThan(session.fullTokens);
    expect(first!.contextTokens).toBeLessThan(first!.wireTokens);
  });

  it("stable: the same stub array every turn, with input schemas in the search result instead", async () => {
    const { toolSearch } = await tinySearch();
    const stable = await runOracleSession(toolSearch, stableStrategy, QUERY, EXPECTED);
    const stubs = await runOracleSession(toolSearch, stubsStrategy, QUERY, EXPECTED);
    expect(new Set(stable.turns.map((turn) => serialised(turn.tools))).size).toBe(1);
    expect(stable.turns[0]!.wireTokens).toBe(stubs.turns[0]!.wireTokens);
    const matches = JSON.parse(stable.searchResult!.content as string).matches as {
      name: string;
      input_schema?: unknown;
    }[];
    expect(matches.every((match) => match.input_schema !== undefined)).toBe(true);
    expect(estimateResultTokens(stable.searchResult!)).toBeGreaterThan(estimateResultTokens(stubs.searchResult!));
    expect(stable.turns[2]!.searchResultTokens).toBe(estimateResultTokens(stable.searchResult!));
  });

  it("counts no discovery when the top match is not the expected tool, though the call still happens", async () => {
    const { toolSearch, calls } = await tinySearch();
    const query = "create a github issue";
    const [top, other] = await toolSearch.search(query, { limit: 2 });
    const session = await runOracleSession(toolSearch, stubsStrategy, query, other!.name);
    expect(session.called).toBe(top!.name);
    expect(calls.map((call) => call.name)).toEqual([top!.name]);
    expect(session.discoveryTurn).toBeNull();
    expect(session.matches).toContain(other!.name);
  });

  it("answers on turn 2 when the search finds nothing", async () => {
    const { toolSearch, calls } = await tinySearch();
    // Letters of scripts the bundled model has no piece for: any Latin word splits into known pieces.
    const session = await runOracleSession(toolSearch, stableStrategy, "ⴰⴱⴳ ᚠᚢᚦ", EXPECTED);
    expect(session.matches).toEqual([]);
    expect(session.turns.map((turn) => turn.action.type)).toEqual(["search", "answer"]);
    expect(session.discoveryTurn).toBeNull();
    expect(calls).toEqual([]);
  });

  it("under the threshold there is no search: the oracle calls the expected tool on turn 1", async () => {
    const { toolSearch } = await tinySearch(1_000_000);
    for (const strategy of [stubsStrategy, nativeStrategy, stableStrategy]) {
      const session = await runOracleSession(toolSearch, strategy, QUERY, EXPECTED);
      expect(session.progressive).toBe(false);
      expect(session.turns.map((turn) => turn.action.type)).toEqual(["call", "answer"]);
      expect(session.discoveryTurn).toBe(1);
      expect(session.turns[0]!.tools.map((tool) => tool.name)).not.toContain(SEARCH_TOOLS_NAME);
      expect(session.turns[0]!.wireTokens).toBe(session.fullTokens);
    }
  });

  it("with prefetch: calls a prefetched expected tool on turn 1, then answers on an identical block", async () => {
    const { toolSearch, calls } = await tinySearch();
    const session = await runOracleSession(toolSearch, stubsStrategy, QUERY, EXPECTED, { prefetch: { limit: 1 } });
    expect(session.prefetch?.hydrated).toEqual([EXPECTED]);
    expect(session.turns.map((turn) => turn.action.type)).toEqual(["call", "answer"]);
    expect(session.discoveryTurn).toBe(1);
    expect(calls.map((call) => call.name)).toEqual([EXPECTED]);
    expect(blockNames(session.turns[0]!.tools)).toContain(EXPECTED);
    expect(serialised(session.turns[1]!.tools)).toBe(serialised(session.turns[0]!.tools));
  });

  it("with prefetch: still searches when the prefetch did not bring the expected tool in full", async () => {
    const { toolSearch } = await tinySearch();
    const query = "create a github issue";
    const [top, other] = await toolSearch.search(query, { limit: 2 });
    const session = await runOracleSession(toolSearch, stubsStrategy, query, other!.name, { prefetch: { limit: 1 } });
    expect(session.prefetch?.hydrated).toEqual([top!.name]);
    expect(session.turns[0]!.action.type).toBe("search");
  });
});
