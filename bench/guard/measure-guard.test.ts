import { describe, expect, it } from "vitest";
import { parseDataset } from "../load-dataset.js";
import { RegistryBm25Ranker } from "../peers/registry-bm25-ranker.js";
import { guardSample, measureGuard, measureReference } from "./measure-guard.js";

const dataset = parseDataset(
  {
    tools: [
      { name: "weather__forecast", description: "Get the weather forecast for a city." },
      { name: "slack__post_message", description: "Post a message to a Slack channel." },
      { name: "jira__create_issue", description: "Create an issue in a Jira project." },
    ],
    queries: [
      { query: "what is the weather forecast in Paris", expected: ["weather__forecast"] },
      { query: "post a message to the team channel", expected: ["slack__post_message"] },
      { query: "file a bug in the tracker", expected: ["jira__create_issue"] },
      // Letters of scripts the bundled model has no piece for: any Latin word splits into known pieces.
      { query: "ⴰⴱⴳ ᚠᚢᚦ", expected: ["jira__create_issue"] },
      { query: "bake a banana bread", expected: [] },
    ],
  },
  "tiny.json",
);

describe("guardSample", () => {
  it("takes the same queries for the same seed, all of them when there are few", () => {
    const queries = Array.from({ length: 50 }, (_, i) => ({ query: `q${i}`, expected: ["t"] }));
    expect(guardSample(queries, 10, 7)).toEqual(guardSample(queries, 10, 7));
    expect(guardSample(queries, 10, 7)).not.toEqual(guardSample(queries, 10, 8));
    expect(new Set(guardSample(queries, 10, 7).map((query) => query.query)).size).toBe(10);
    expect(guardSample(queries.slice(0, 5), 10, 7)).toHaveLength(5);
  });
});

describe("measureGuard", () => {
  it("measures recall@5, empty answers, weak best matches and alarms on unanswerable queries through toolSearch.search", async () => {
    const row = await measureGuard(dataset, "bm25");
    expect(row).toMatchObject({ dataset: "tiny", ranker: "bm25", answerable: 4, unanswerable: 1 });
    // The nonsense query knows no word of any tool or of the model: the one empty answer.
    expect(row.emptyRate).toBe(0.25);
    expect(row.recallAt5).toBeGreaterThanOrEqual(0.75);
    expect(row.unanswerableWeakRate).toBe(1);
  });

  it("measures the plain reference on the same sample", async () => {
    const reference = await measureReference(dataset, new RegistryBm25Ranker());
    // Without stop words, "in" and "a" find the Jira tool for the bug report; the nonsense query finds nothing.
    expect(reference).toEqual({ dataset: "tiny", answerable: 4, recallAt5: 0.75 });
  });
});
