import { describe, expect, it } from "vitest";
import { createToolSearch, type AnthropicTool } from "../../src/index.js";
import { nativeStrategy, stubsStrategy } from "../../src/public/agent.js";
import { estimateBlockTokens } from "../../src/session/index.js";
import { sampleTools } from "../../src/testing/index.js";
import { firstRequestCost, measurePrefetch } from "./measure-prefetch.js";

const LOW = { toolSearchThresholdTokens: 100 };

/** Two tasks over the sample tools: one whose best match is its label, one whose best match is not. */
async function catalogue() {
  const tools = sampleTools();
  const toolSearch = await createToolSearch({ tools, tuning: LOW });
  const [top, second] = await toolSearch.search("create a github issue", { limit: 2 });
  await toolSearch.close();
  return {
    catalogue: {
      id: "tiny",
      tools,
      queries: [
        { query: "post a message to a slack channel", expected: "slack__post_message" },
        { query: "create a github issue", expected: second!.name },
      ],
    },
    top: top!.name,
  };
}

describe("measurePrefetch", () => {
  it("counts discovery, precision, still-searched and wrong hydrations against hand-counted sessions (limit 1)", async () => {
    const { catalogue: tiny } = await catalogue();
    const [run] = await measurePrefetch(tiny, [{ strategy: stubsStrategy, limit: 1 }], { tuning: LOW });
    expect(run!.error).toBeUndefined();
    expect(run!.limit).toBe(1);
    // Off: both tasks search; only the first one's top match is its label (called on request 2).
    expect(run!.off).toMatchObject({ successRate: 0.5, discoveryTurns: 2, firstTurn: 0, requestsPerTask: 3 });
    // On: task 1's label is prefetched and called at once (2 requests); task 2's prefetch is wrong, so it searches (3).
    expect(run!.on).toMatchObject({ successRate: 0.5, discoveryTurns: 1, firstTurn: 0.5, requestsPerTask: 2.5 });
    expect(run!).toMatchObject({
      sessions: 2,
      hydratedPerTask: 1,
      tasksPrefetched: 1,
      precision: 0.5,
      neededPrefetched: 0.5,
      stillSearched: 0.5,
      wrongHydrated: 0.5,
    });
    expect(run!.cache.tasks).toBe(2);
    expect(run!.cache.changedTokens).toBeGreaterThan(0);
  });

  it("finds no effect under native, whose block ignores hydration: no first-turn call, no changed byte", async () => {
    const { catalogue: tiny } = await catalogue();
    const [run] = await measurePrefetch(tiny, [{ strategy: nativeStrategy }], { tuning: LOW });
    expect(run!.on.firstTurn).toBe(0);
    expect(run!.stillSearched).toBe(1);
    expect(run!.cache.changedBytes).toBe(0);
    expect(run!.cache.changedTokens).toBe(0);
    expect(run!.on.prefixStability).toBe(1);
  });
});

describe("firstRequestCost", () => {
  const tool = (name: string): AnthropicTool => ({ name, description: `${name}.`, input_schema: { type: "object" } });
  const [a, b, c] = [tool("alpha"), tool("beta"), tool("gamma")];

  it("counts the bytes after the shared JSON prefix and the tokens from the first tool that differs", () => {
    const cost = firstRequestCost([a, b], [a, c, b]);
    const warm = JSON.stringify([a, c, b]);
    // Shared: "[", alpha's JSON, "," and `{"name":"` (gamma and beta differ at their first letter).
    const shared = 1 + JSON.stringify(a).length + 1 + '{"name":"'.length;
    expect(cost.changedBytes).toBe(warm.length - shared);
    expect(cost.changedTokens).toBe(estimateBlockTokens([c, b]));
    expect(cost.coldBytes).toBe(JSON.stringify([a, b]).length);
    expect(cost.coldTokens).toBe(estimateBlockTokens([a, b]));
  });

  it("costs nothing when the blocks are the same", () => {
    expect(firstRequestCost([a, b], [a, b])).toMatchObject({ changedBytes: 0, changedTokens: 0 });
  });
});
