import { describe, expect, it } from "vitest";
import { sampleTools } from "../../src/testing/index.js";
import { measureOpenAINative } from "./measure-openai-native.js";

const LOW = { toolSearchThresholdTokens: 100 };
const CATALOGUE = {
  id: "tiny",
  tools: sampleTools(),
  queries: [
    { query: "post a message to a slack channel", expected: "slack__post_message" },
    { query: "run a sql query", expected: "postgres__query" },
  ],
};

describe("measureOpenAINative", () => {
  it("keeps the tools array byte-identical on every request, and finds and calls the expected tool", async () => {
    const run = await measureOpenAINative(CATALOGUE, { tuning: LOW });
    expect(run.error).toBeUndefined();
    expect(run).toMatchObject({
      strategy: "openai-native",
      sessions: 2,
      progressive: true,
      successRate: 1,
      discoveryTurns: 2,
    });
    expect(run.prefixStability).toBe(1);
    expect(run.comparedTurns).toBe(4);
  });

  it("counts the namespaces by name and description in context, far below the deferred definitions on the wire, plus what a search loaded", async () => {
    const run = await measureOpenAINative(CATALOGUE, { tuning: LOW });
    const [first, second] = run.turns;
    expect(first!.contextTokens).toBeLessThan(first!.wireTokens / 2);
    // The second request has the loaded definitions in context; the array itself is unchanged.
    expect(second!.contextTokens).toBeGreaterThan(first!.contextTokens);
    expect(second!.wireTokens).toBe(first!.wireTokens);
  });
});
