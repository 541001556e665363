import { describe, expect, it } from "vitest";
import { Bm25Ranker } from "../../src/ranking/index.js";
import { parseDataset } from "../load-dataset.js";
import { measureEnrichmentCurve } from "./measure-enrichment-curve.js";
import { enrichedDocuments, MAX_EXAMPLES, simulateEnrichment } from "./simulated-enrichment.js";

// Two look-alike tools whose descriptions share no word with how people ask for them.
const dataset = parseDataset(
  {
    tools: [
      { name: "ledger_entry", description: "Record a ledger entry." },
      { name: "ledger_report", description: "Produce a ledger report." },
      { name: "weather", description: "Weather forecast." },
    ],
    queries: [
      ...Array.from({ length: 12 }, (_, i) => ({ query: `I paid ${i} dollars for lunch`, expected: ["ledger_entry"] })),
      ...Array.from({ length: 12 }, (_, i) => ({
        query: `how much did I spend in month ${i}`,
        expected: ["ledger_report"],
      })),
      { query: "forecast for Oslo", expected: ["weather"] },
      { query: "I paid for lunch, now show what I spent", expected: ["ledger_entry", "ledger_report"] },
      { query: "play some jazz", expected: [] },
    ],
  },
  "fixture.json",
);

describe("the simulated enricher", () => {
  const simulation = simulateEnrichment(dataset, { seed: 7 });

  it("pools up to 8 single-tool queries per tool, leaving every pooled tool measured, and tests on all the rest", () => {
    expect(simulation.pools.get("ledger_entry")).toHaveLength(MAX_EXAMPLES);
    expect(simulation.pools.get("ledger_report")).toHaveLength(MAX_EXAMPLES);
    // Its one query is its only test: it gets no examples.
    expect(simulation.pools.has("weather")).toBe(false);
    const pooled = new Set([...simulation.pools.values()].flat());
    const tested = simulation.test.map((query) => query.query);
    expect(tested.filter((query) => pooled.has(query))).toEqual([]);
    expect(tested).toHaveLength(26 - 16);
    expect(tested).toContain("forecast for Oslo");
    expect(simulation.unanswerable.map((query) => query.query)).toEqual(["play some jazz"]);
  });

  it("is the same for the same seed, different for another, and caps the test set", () => {
    expect(simulateEnrichment(dataset, { seed: 7 })).toEqual(simulation);
    expect(simulateEnrichment(dataset, { seed: 8 }).pools).not.toEqual(simulation.pools);
    const capped = simulateEnrichment(dataset, { seed: 7, maxTestQueries: 3 });
    expect(capped.test).toHaveLength(3);
    expect(capped.testAvailable).toBe(10);
  });

  it("gives each tool the first N of its pool, nothing at 0, with the fingerprint following the examples", () => {
    const none = enrichedDocuments(dataset, simulation.pools, 0);
    const two = enrichedDocuments(dataset, simulation.pools, 2);
    expect(none.map((document) => document.examples)).toEqual([undefined, undefined, undefined]);
    expect(none.map((document) => document.fingerprint)).toEqual(dataset.documents.map((d) => d.fingerprint));
    expect(two[0]!.examples).toEqual(simulation.pools.get("ledger_entry")!.slice(0, 2));
    expect(two[0]!.fingerprint).not.toBe(none[0]!.fingerprint);
    expect(two[2]!.fingerprint).toBe(none[2]!.fingerprint);
  });

  it("draws the curve on the same test queries at every N", async () => {
    const run = await measureEnrichmentCurve({ id: "bm25", create: () => new Bm25Ranker() }, dataset, simulation);
    expect(run.error).toBeUndefined();
    expect(run.points.map((point) => point.examples)).toEqual([0, 1, 2, 4, 8]);
    expect(run).toMatchObject({ toolsWithExamples: 2, pooledQueries: 16, testQueries: 10, unanswerable: 1 });
    expect(run.points[0]!.toolsWithExamples).toBe(0);
    expect(run.points[4]!.toolsWithExamples).toBe(2);
    // The descriptions share no word with how people ask; the examples do, once indexed.
    expect(run.points[4]!.recallAt5).toBeGreaterThan(run.points[0]!.recallAt5);
    expect(run.points[4]!.recallAt5Covered).toBeGreaterThan(0.9);
  });
});
