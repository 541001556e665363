import { describe, expect, it } from "vitest";
import { OptionsError } from "../src/errors.js";
import { DEFAULT_SIZES, DEFAULT_VECTOR_SIZES, parseBenchOptions } from "./cli-options.js";

describe("parseBenchOptions", () => {
  it("defaults to every ranker and section, the default datasets, all queries and sizes 1,000/10,000/50,000", () => {
    const options = parseBenchOptions([]);
    expect(options).toMatchObject({
      datasets: [],
      rankers: [],
      quick: false,
      maxQueries: undefined,
      noDefaults: false,
      noScale: false,
      noStrategies: false,
      noPackage: false,
      noVectorIndex: false,
      noRelevance: false,
    });
    expect(options.sizes).toEqual([1_000, 10_000, 50_000]);
    expect(options.sizes).toEqual(DEFAULT_SIZES);
    expect(options.vectorSizes).toEqual(DEFAULT_VECTOR_SIZES);
  });

  it("collects repeated --dataset and --ranker and sorts --sizes", () => {
    const options = parseBenchOptions([
      "--dataset",
      "a.json",
      "--dataset",
      "b.json",
      "--ranker",
      "bm25",
      "--ranker",
      "peer-ai-sdk",
      "--sizes",
      "1000,100,10_000",
    ]);
    expect(options.datasets).toEqual(["a.json", "b.json"]);
    expect(options.rankers).toEqual(["bm25", "peer-ai-sdk"]);
    expect(options.sizes).toEqual([100, 1000, 10000]);
  });

  it("turns off scale, strategy, package, vector-index and relevance runs on request", () => {
    expect(
      parseBenchOptions(["--no-scale", "--no-strategies", "--no-package", "--no-vector-index", "--no-relevance"]),
    ).toMatchObject({
      noScale: true,
      noStrategies: true,
      noPackage: true,
      noVectorIndex: true,
      noRelevance: true,
    });
  });

  it("runs learning curves by default, on 1,500 held-back queries (300 with --quick), and skips them on request", () => {
    expect(parseBenchOptions([])).toMatchObject({ noLearning: false, learningQueries: 1_500 });
    expect(parseBenchOptions(["--quick"])).toMatchObject({ learningQueries: 300 });
    expect(parseBenchOptions(["--no-learning", "--learning-queries", "40"])).toMatchObject({
      noLearning: true,
      learningQueries: 40,
    });
    expect(() => parseBenchOptions(["--learning-queries", "0"])).toThrow(
      /--learning-queries "0" is not a whole number ≥ 1/,
    );
  });

  it("takes the exact-vs-HNSW sizes apart from the scale sizes", () => {
    expect(parseBenchOptions(["--sizes", "2000", "--vector-sizes", "100000,1000"])).toMatchObject({
      sizes: [2000],
      vectorSizes: [1000, 100000],
    });
  });

  it("compares the vector indexes on generated catalogues unless asked for real API operations", () => {
    expect(parseBenchOptions([]).vectorCatalogue).toBe("generated");
    expect(parseBenchOptions(["--vector-catalogue", "openapi"]).vectorCatalogue).toBe("openapi");
    expect(() => parseBenchOptions(["--vector-catalogue", "rapidapi"])).toThrow(
      /--vector-catalogue "rapidapi" is not a catalogue: use generated or openapi/,
    );
  });

  it("makes --quick smaller unless told otherwise", () => {
    const quick = parseBenchOptions(["--quick"]);
    expect(quick.sizes).toEqual([1000, 10000]);
    expect(quick.vectorSizes).toEqual([1000, 10000]);
    expect(quick.maxQueries).toBeLessThan(1000);
    expect(parseBenchOptions(["--quick", "--sizes", "50", "--max-queries", "9"])).toMatchObject({
      sizes: [50],
      maxQueries: 9,
    });
  });

  it("rejects unknown options and bad numbers with the option's name", () => {
    expect(() => parseBenchOptions(["--fast"])).toThrow(OptionsError);
    expect(() => parseBenchOptions(["--fast"])).toThrow(/--fast/);
    expect(() => parseBenchOptions(["--sizes", "100,,1000"])).toThrow(/--sizes "100,,1000" has an empty entry/);
    expect(() => parseBenchOptions(["--sizes", "1e3"])).toThrow(/--sizes "1e3" is not a whole number ≥ 1/);
    expect(() => parseBenchOptions(["--max-queries", "0"])).toThrow(/--max-queries "0"/);
    expect(() => parseBenchOptions(["--vector-sizes", "x"])).toThrow(/--vector-sizes "x" is not a whole number ≥ 1/);
    expect(() => parseBenchOptions(["--sizes", "300000"])).toThrow(
      /--sizes: 300000 is above the generator's limit of 200000/,
    );
  });
});
