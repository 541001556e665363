import { describe, expect, it } from "vitest";
import { rankDocumentOf, type RankDocument } from "../../src/ranking/index.js";
import { analyzeIdentifier, analyzeText } from "../../src/ranking/text/index.js";
import { tinyCatalogue } from "../peers/tiny-catalogue.fixture.js";
import { generateSkewedCatalogue } from "./generate-skewed-catalogue.js";
import { ReferenceBm25 } from "./reference-bm25.js";

const names = (results: { name: string }[]) => results.map((result) => result.name);

/** BM25 written the plain way, with maps and a full sort: what the typed arrays must reproduce. */
function straightforwardScores(
  documents: readonly RankDocument[],
  query: string,
  k1 = 1.2,
  b = 0.75,
): Map<string, number> {
  const bags = documents.map((document) => [...analyzeIdentifier(document.name), ...analyzeText(document.description)]);
  const average = bags.reduce((sum, bag) => sum + bag.length, 0) / bags.length;
  const scores = new Map<string, number>();
  for (const term of new Set(analyzeText(query))) {
    const df = bags.filter((bag) => bag.includes(term)).length;
    if (df === 0) continue;
    const idf = Math.log(1 + (bags.length - df + 0.5) / (df + 0.5));
    bags.forEach((bag, index) => {
      const tf = bag.filter((word) => word === term).length;
      if (tf === 0) return;
      const weight = (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * bag.length) / average));
      const name = documents[index]!.name;
      scores.set(name, (scores.get(name) ?? 0) + weight);
    });
  }
  return scores;
}

describe("ReferenceBm25", () => {
  it("puts the obviously matching tool first and returns nothing for unknown words", () => {
    const reference = new ReferenceBm25();
    reference.update(tinyCatalogue);
    expect(names(reference.search("weather forecast", { limit: 5 }))[0]).toBe("weather__get_forecast");
    expect(names(reference.search("send an email", { limit: 5 }))[0]).toBe("mail__send_email");
    expect(names(reference.search("create a github issue", { limit: 5 }))[0]).toBe("github__create_issue");
    expect(reference.search("zzzz qqqq", { limit: 5 })).toEqual([]);
  });

  it("scores exactly as a straightforward BM25 over name words and description, best first, at most limit", () => {
    const dataset = generateSkewedCatalogue({ size: 400, queries: 25, seed: 11 });
    const reference = new ReferenceBm25();
    reference.update(dataset.documents);
    for (const { query } of dataset.queries) {
      const expected = [...straightforwardScores(dataset.documents, query)].sort((a, b) => b[1] - a[1]);
      const results = reference.search(query, { limit: 10 });
      expect(results).toHaveLength(Math.min(10, expected.length));
      for (let i = 1; i < results.length; i++) expect(results[i - 1]!.score).toBeGreaterThanOrEqual(results[i]!.score);
      const truth = new Map(expected);
      // Float32 weights: equal to the plain sums to ~7 digits, so compare closely, not exactly.
      for (const result of results) expect(result.score).toBeCloseTo(truth.get(result.name)!, 4);
      expect(results.at(-1)!.score).toBeCloseTo(expected[results.length - 1]![1], 4);
    }
  });

  it("resets its accumulator between searches: a repeated query answers the same", () => {
    const dataset = generateSkewedCatalogue({ size: 300, queries: 10, seed: 5 });
    const reference = new ReferenceBm25();
    reference.update(dataset.documents);
    const first = reference.search(dataset.queries[0]!.query, { limit: 10 });
    for (const { query } of dataset.queries) reference.search(query, { limit: 3 });
    expect(reference.search(dataset.queries[0]!.query, { limit: 10 })).toEqual(first);
  });

  it("breaks ties by catalogue order and applies the filter without losing places", () => {
    const twins = ["alpha", "beta", "gamma", "delta"].map((name) =>
      rankDocumentOf({ name: `${name}__export_report`, description: "Export a report." }),
    );
    const reference = new ReferenceBm25();
    reference.update(twins);
    expect(names(reference.search("export report", { limit: 2 }))).toEqual([
      "alpha__export_report",
      "beta__export_report",
    ]);
    const filtered = reference.search("export report", {
      limit: 2,
      filter: (name) => !name.startsWith("alpha") && !name.startsWith("gamma"),
    });
    expect(names(filtered)).toEqual(["beta__export_report", "delta__export_report"]);
  });

  it("forgets the previous catalogue on update", () => {
    const reference = new ReferenceBm25();
    reference.update(tinyCatalogue);
    reference.update(tinyCatalogue.filter((document) => document.name !== "weather__get_forecast"));
    expect(names(reference.search("weather forecast", { limit: 5 }))).not.toContain("weather__get_forecast");
    reference.update([]);
    expect(reference.search("weather", { limit: 5 })).toEqual([]);
  });
});
