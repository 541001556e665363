import { describe, expect, it } from "vitest";
import { evaluateRanker, sampleQueries } from "./evaluate-ranker.js";
import { parseDataset } from "./load-dataset.js";
import { RegistryBm25Ranker } from "./peers/registry-bm25-ranker.js";
import { OTHER_MODEL_RANKERS, rankerRegistry, type RankerEntry } from "./rankers.js";

const dataset = parseDataset(
  {
    tools: [
      { name: "weather__get_forecast", description: "Get the weather forecast for a city." },
      { name: "mail__send_email", description: "Send an email message." },
      { name: "files__read_file", description: "Read a file from disk." },
    ],
    queries: [
      { query: "weather forecast", expected: ["weather__get_forecast"], kind: "direct" },
      { query: "send an email", expected: ["mail__send_email"], kind: "direct" },
      { query: "will it rain tomorrow", expected: ["weather__get_forecast"], kind: "paraphrase" },
      { query: "zzz qqq", expected: [], kind: "unanswerable" },
    ],
  },
  "tiny.json",
);

const peer: RankerEntry = {
  id: "registry",
  label: "registry",
  kind: "peer",
  source: "test",
  create: () => new RegistryBm25Ranker(),
};

describe("evaluateRanker", () => {
  it("averages quality over answerable queries, scores abstention and breaks recall down by kind", async () => {
    const run = await evaluateRanker(peer, dataset, dataset.queries, { progress: { sink: { write: () => true } } });
    expect(run).toMatchObject({ ranker: "registry", dataset: "tiny", queries: 4, answerable: 3, unanswerable: 1 });
    // The two direct queries hit at rank 1; the paraphrase shares no word with any tool.
    expect(run.recallAt1).toBeCloseTo(2 / 3, 10);
    expect(run.recallAt5).toBeCloseTo(2 / 3, 10);
    expect(run.mrrAt10).toBeCloseTo(2 / 3, 10);
    expect(run.abstention).toBe(1);
    expect(run.byKind).toEqual({ direct: { queries: 2, recallAt5: 1 }, paraphrase: { queries: 1, recallAt5: 0 } });
    expect(run.latencyMs.p95).toBeGreaterThanOrEqual(run.latencyMs.p50);
    expect(run.buildMs).toBeGreaterThanOrEqual(0);
    expect(run.error).toBeUndefined();
  });

  it("reports COMP@5 over the multi-tool queries, and none for a set without them", async () => {
    const multi = parseDataset(
      {
        tools: dataset.tools.map((tool) => ({ name: tool.name, description: tool.description })),
        queries: [
          { query: "weather forecast and send an email", expected: ["weather__get_forecast", "mail__send_email"] },
          { query: "weather forecast", expected: ["weather__get_forecast", "files__read_file"] },
          { query: "send an email", expected: ["mail__send_email"] },
        ],
      },
      "multi.json",
    );
    const quiet = { progress: { sink: { write: () => true } } };
    const run = await evaluateRanker(peer, multi, multi.queries, quiet);
    // The first is answered whole; the second lacks the file tool, which no word of it names.
    expect(run).toMatchObject({ compAt5: 0.5, multiTool: 2 });
    expect(await evaluateRanker(peer, dataset, dataset.queries, quiet)).toMatchObject({ compAt5: null, multiTool: 0 });
  });

  it("reports a failing ranker as an error instead of throwing", async () => {
    const broken: RankerEntry = {
      ...peer,
      id: "broken",
      create: () => ({
        name: "broken",
        update: () => undefined,
        search: () => {
          throw new Error("index corrupt");
        },
      }),
    };
    const run = await evaluateRanker(broken, dataset, dataset.queries, { progress: { sink: { write: () => true } } });
    expect(run.error).toBe("Error: index corrupt");
  });
});

describe("sampleQueries", () => {
  it("keeps everything under the cap and spreads the sample evenly over the set otherwise", () => {
    const queries = Array.from({ length: 10 }, (_, i) => ({ query: `q${i}`, expected: ["x"] }));
    expect(sampleQueries(queries, undefined)).toBe(queries);
    expect(sampleQueries(queries, 20)).toBe(queries);
    expect(sampleQueries(queries, 4).map((query) => query.query)).toEqual(["q0", "q2", "q5", "q7"]);
  });
});

describe("rankerRegistry", () => {
  it("lists toolsift's BM25 and the peers under unique ids", () => {
    const { entries } = rankerRegistry();
    const ids = entries.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        "bm25",
        "peer-substring",
        "peer-registry-bm25",
        "peer-ai-sdk",
        "peer-minisearch",
        "peer-minisearch-tuned",
      ]),
    );
  });

  it("has the opt-in rankers on the other model, which find a real model folder", async () => {
    const { entries } = rankerRegistry();
    expect(OTHER_MODEL_RANKERS).toEqual(["embedding-glove", "hybrid-adaptive-glove"]);
    const entry = entries.find((candidate) => candidate.id === "embedding-glove");
    expect(entry).toBeDefined();
    const ranker = await entry!.create();
    await ranker.update(dataset.documents);
    const results = await ranker.search("will it rain tomorrow", { limit: 1 });
    expect(results.map((result) => result.name)).toEqual(["weather__get_forecast"]);
    await ranker.close?.();
  });
});
