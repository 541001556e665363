import { describe, expect, it } from "vitest";
import { sampleTools } from "../../src/testing/index.js";
import { createToolSearch } from "../../src/index.js";
import { nativeStrategy, stableStrategy, stubsStrategy, type AgentStrategy } from "../../src/public/agent.js";
import { measureStrategies } from "./measure-strategies.js";

const LOW = { toolSearchThresholdTokens: 100 };

async function catalogue() {
  const tools = sampleTools();
  // One query whose top match is not its label, so the success rate is measured, not assumed.
  const toolSearch = await createToolSearch({ tools, tuning: LOW });
  const [, second] = await toolSearch.search("create a github issue", { limit: 2 });
  return {
    id: "tiny",
    tools,
    queries: [
      { query: "post a message to a slack channel", expected: "slack__post_message" },
      { query: "run a sql query", expected: "postgres__query" },
      { query: "create a github issue", expected: second!.name },
    ],
  };
}

describe("measureStrategies", () => {
  it("gives cache-prefix stability 1.0 for native and stable, and less for stubs, which hydrate into the array", async () => {
    const runs = await measureStrategies(await catalogue(), [stubsStrategy, nativeStrategy, stableStrategy], {
      tuning: LOW,
    });
    const by = Object.fromEntries(runs.map((run) => [run.strategy, run]));
    expect(by.native!.prefixStability).toBe(1);
    expect(by.stable!.prefixStability).toBe(1);
    // Each session calls a tool on turn 2: turn 2 repeats turn 1, turn 3 carries the hydrated tool.
    expect(by.stubs!.prefixStability).toBe(0.5);
    for (const run of runs) expect(run.comparedTurns).toBe(6);
  });

  it("reports per-turn tokens, the session total, and the oracle's success", async () => {
    const runs = await measureStrategies(await catalogue(), [stubsStrategy, nativeStrategy], { tuning: LOW });
    for (const run of runs) {
      expect(run.sessions).toBe(3);
      expect(run.ranker).toBe("bm25"); // createToolSearch's default
      expect(run.progressive).toBe(true);
      expect(run.turns.map((turn) => [turn.turn, turn.sessions])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
      expect(run.successRate).toBeCloseTo(2 / 3);
      expect(run.discoveryTurns).toBe(2);
      expect(run.foundInResults).toBe(1);
      const perTurn = run.turns.reduce((sum, turn) => sum + turn.contextTokens + turn.searchResultTokens, 0);
      expect(run.sessionTokens).toBeCloseTo(perTurn);
      expect(run.sessionFullTokens).toBeCloseTo(3 * run.turns[0]!.fullTokens);
    }
    const [stubs, native] = runs;
    expect(stubs!.turns[2]!.wireTokens).toBeGreaterThan(stubs!.turns[0]!.wireTokens);
    expect(native!.turns[0]!.contextTokens).toBeLessThan(native!.turns[1]!.contextTokens);
  });

  it("records a strategy that throws as a run with its error", async () => {
    const broken: AgentStrategy = {
      ...stableStrategy,
      tools: () => {
        throw new Error("no layout");
      },
    };
    const [run] = await measureStrategies(await catalogue(), [broken], { tuning: LOW });
    expect(run!.error).toBe("no layout");
    expect(run!.sessions).toBe(0);
  });
});
