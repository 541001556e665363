import { describe, expect, it } from "vitest";
import { parseDataset } from "../load-dataset.js";
import { generateSkewedCatalogue } from "./generate-skewed-catalogue.js";
import { measureSessionScale } from "./measure-session-scale.js";

describe("measureSessionScale", () => {
  it("times build, search, search_tools and tools() in every situation through the public API", async () => {
    const dataset = generateSkewedCatalogue({ size: 300, queries: 10, seed: 9 });
    const run = await measureSessionScale(dataset, { repeats: 4, buildRounds: 3 });
    expect(run.error).toBeUndefined();
    expect(run).toMatchObject({ size: 300, queries: 10, repeats: 4 });
    expect(run.buildMs).toBeGreaterThan(0);
    for (const paired of [run.bm25, run.reference]) {
      expect(paired.builds).toHaveLength(3);
      expect(paired.buildMs).toBe([...paired.builds].sort((a, b) => a - b)[1]);
    }
    const latencies = [
      run.bm25.searchMs,
      run.reference.searchMs,
      run.searchMs,
      run.searchToolsMs,
      run.searchToolsAfterChangeMs,
      ...Object.values(run.toolsMs),
    ];
    expect(latencies).toHaveLength(9);
    for (const latency of latencies) {
      expect(latency.p50).toBeGreaterThan(0);
      expect(latency.p95).toBeGreaterThanOrEqual(latency.p50);
    }
    // 300 generated tools are over the default threshold, and their stubs over the default stub
    // budget: the block is search_tools alone.
    expect(run.blockTools).toBe(1);
    expect(run.memory.gcExposed).toBe(true);
  });

  it("reports a catalogue toolsift rejects as a failed run, not a crash", async () => {
    const dataset = parseDataset(
      { tools: [{ name: "not a valid name!", description: "Broken." }], queries: [{ query: "broken", expected: [] }] },
      "broken",
    );
    const run = await measureSessionScale(dataset, { repeats: 2 });
    expect(run.error).toMatch(/not a valid name!/);
    expect(run.searchMs.p50).toBe(0);
  });
});
