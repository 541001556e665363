import { describe, expect, it } from "vitest";
import { OptionsError } from "../errors.js";
import { Bm25Ranker } from "./bm25/index.js";
import { EmbeddingRanker, loadEmbedder } from "./embedding/index.js";
import { HybridRanker } from "./hybrid/index.js";
import type { Ranker } from "./ranker.js";

/** The refusal of building a ranker with `options`, which must be an OptionsError. */
function refusal(build: () => unknown): OptionsError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsError);
    return error as OptionsError;
  }
  throw new Error("expected the options to be refused");
}

const ranker: Ranker = { name: "own", update: () => undefined, search: () => [] };

describe("ranker options are checked when the ranker is built", () => {
  it("says what is wrong, where, and what would do", () => {
    expect(refusal(() => new Bm25Ranker({ k1: "fast" as unknown as number }))).toMatchObject({
      code: "invalid_options",
      message: 'Bm25Ranker: k1 must be a finite number ≥ 0, such as 1.2, not "fast" (a string).',
    });
    expect(refusal(() => new HybridRanker({ semantic: { minSimilarity: 2 } })).message).toBe(
      "HybridRanker: semantic.minSimilarity must be a finite number from -1 to 1, such as 0.35, not 2.",
    );
  });

  it.each<[string, () => unknown, string]>([
    // Bm25Ranker
    ["Bm25Ranker options", () => new Bm25Ranker(5 as never), "Bm25Ranker: options must be an object"],
    ["k1", () => new Bm25Ranker({ k1: Number.NaN }), "Bm25Ranker: k1 must be a finite number ≥ 0"],
    ["k1 below 0", () => new Bm25Ranker({ k1: -1 }), "Bm25Ranker: k1 must be"],
    [
      "b",
      () => new Bm25Ranker({ b: 1.5 }),
      "Bm25Ranker: b must be a finite number from 0 to 1, such as 0.75, not 1.5.",
    ],
    [
      "descriptionTerms",
      () => new Bm25Ranker({ descriptionTerms: 0 }),
      "Bm25Ranker: descriptionTerms must be a whole number ≥ 1, such as 64, not 0.",
    ],
    [
      "descriptionTerms -Infinity",
      () => new Bm25Ranker({ descriptionTerms: Number.NEGATIVE_INFINITY }),
      "Bm25Ranker: descriptionTerms must be a whole number ≥ 1",
    ],
    ["fieldWeights", () => new Bm25Ranker({ fieldWeights: [] as never }), "Bm25Ranker: fieldWeights must be an object"],
    [
      "fieldWeights.name",
      () => new Bm25Ranker({ fieldWeights: { name: "3" as never } }),
      'Bm25Ranker: fieldWeights.name must be a finite number ≥ 0, such as 3, not "3" (a string).',
    ],
    [
      "abstention",
      () => new Bm25Ranker({ abstention: "yes" as never }),
      "Bm25Ranker: abstention must be true, false, or limits",
    ],
    [
      "abstention.maxEvidence",
      () => new Bm25Ranker({ abstention: { maxEvidence: -0.5 } }),
      "Bm25Ranker: abstention.maxEvidence must be a finite number ≥ 0",
    ],
    [
      "abstention.maxExplained",
      () => new Bm25Ranker({ abstention: { maxExplained: 2 } }),
      "Bm25Ranker: abstention.maxExplained must be a finite number from 0 to 1",
    ],
    [
      "shortForms",
      () => new Bm25Ranker({ shortForms: true as never }),
      'Bm25Ranker: shortForms must be false, or short forms such as { svc: "service" }',
    ],
    [
      "a shortForms key of two words",
      () => new Bm25Ranker({ shortForms: { "sv c": "service" } }),
      'Bm25Ranker: shortForms key must be one word of letters and digits, such as "svc", not "sv c"',
    ],
    [
      "a shortForms long form that is no text",
      () => new Bm25Ranker({ shortForms: { svc: 5 as never } }),
      "Bm25Ranker: shortForms.svc must be words of at most 200 characters",
    ],
    [
      "a shortForms long form with no word",
      () => new Bm25Ranker({ shortForms: { svc: " - " } }),
      "Bm25Ranker: shortForms.svc must be words of at most 200 characters",
    ],
    [
      "too many shortForms",
      () => new Bm25Ranker({ shortForms: Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`s${i}`, "x"])) }),
      "Bm25Ranker: shortForms must be at most 1000 short forms",
    ],
    [
      "exactNames",
      () => new Bm25Ranker({ exactNames: "false" as never }),
      'Bm25Ranker: exactNames must be true or false, not "false" (a string).',
    ],
    [
      "multiPart",
      () => new Bm25Ranker({ multiPart: 0 as never }),
      "Bm25Ranker: multiPart must be true or false, not 0.",
    ],
    [
      "siblings",
      () => new Bm25Ranker({ siblings: "yes" as never }),
      'Bm25Ranker: siblings must be true or false, not "yes" (a string).',
    ],
    // EmbeddingRanker
    [
      "EmbeddingRanker options",
      () => new EmbeddingRanker("fast" as never),
      "EmbeddingRanker: options must be an object",
    ],
    [
      "embedder",
      () => new EmbeddingRanker({ embedder: "models/x" as never }),
      "EmbeddingRanker: embedder must be an object",
    ],
    [
      "embedder.model",
      () => new EmbeddingRanker({ embedder: { model: "" } }),
      'EmbeddingRanker: embedder.model must be the path of a model folder, such as "models/all-MiniLM-L6-v2", not "" (a string).',
    ],
    [
      "embedder.batchSize",
      () => new EmbeddingRanker({ embedder: { batchSize: 0.5 } }),
      "EmbeddingRanker: embedder.batchSize must be a whole number ≥ 1, such as 64, not 0.5.",
    ],
    [
      "embedder.embed",
      () => new EmbeddingRanker({ embedder: { embed: 1 } as never }),
      "EmbeddingRanker: embedder.embed must be a function",
    ],
    [
      "embedder.dimensions",
      () => new EmbeddingRanker({ embedder: { id: "x", embed: async () => [] } as never }),
      "EmbeddingRanker: embedder.dimensions must be a whole number ≥ 1",
    ],
    [
      "cacheDir",
      () => new EmbeddingRanker({ cacheDir: true as never }),
      "EmbeddingRanker: cacheDir must be a folder path",
    ],
    [
      "minSimilarity",
      () => new EmbeddingRanker({ minSimilarity: Number.POSITIVE_INFINITY }),
      "EmbeddingRanker: minSimilarity must be a finite number from -1 to 1, such as 0.35, not Infinity.",
    ],
    [
      "abstention",
      () => new EmbeddingRanker({ abstention: {} as never }),
      "EmbeddingRanker: abstention must be true or false, not an object.",
    ],
    ["index", () => new EmbeddingRanker({ index: "hnsw" as never }), "EmbeddingRanker: index must be an object"],
    [
      "index.kind",
      () => new EmbeddingRanker({ index: { kind: "annoy" as never } }),
      'EmbeddingRanker: index.kind must be one of "auto", "exact", "hnsw", not "annoy" (a string).',
    ],
    [
      "index.hnswAbove",
      () => new EmbeddingRanker({ index: { hnswAbove: -1 } }),
      "EmbeddingRanker: index.hnswAbove must be a whole number ≥ 0",
    ],
    ["index.m", () => new EmbeddingRanker({ index: { m: 1 } }), "EmbeddingRanker: index.m must be a whole number ≥ 2"],
    [
      "index.efConstruction",
      () => new EmbeddingRanker({ index: { efConstruction: 0 } }),
      "EmbeddingRanker: index.efConstruction must be a whole number ≥ 1",
    ],
    [
      "index.efSearch",
      () => new EmbeddingRanker({ index: { efSearch: 2.5 } }),
      "EmbeddingRanker: index.efSearch must be a whole number ≥ 1",
    ],
    [
      "onWarning",
      () => new EmbeddingRanker({ onWarning: "log" as never }),
      'EmbeddingRanker: onWarning must be a function such as (code, message) => console.warn(message), not "log" (a string).',
    ],
    [
      "exactNames",
      () => new EmbeddingRanker({ exactNames: null as never }),
      "EmbeddingRanker: exactNames must be true or false, not null.",
    ],
    [
      "multiPart",
      () => new EmbeddingRanker({ multiPart: "no" as never }),
      "EmbeddingRanker: multiPart must be true or false",
    ],
    // HybridRanker
    ["HybridRanker options", () => new HybridRanker([] as never), "HybridRanker: options must be an object"],
    ["lexical", () => new HybridRanker({ lexical: {} as never }), "HybridRanker: lexical must be a Ranker"],
    [
      "semantic as a half ranker",
      () => new HybridRanker({ semantic: { search: () => [] } as never }),
      "HybridRanker: semantic must be a Ranker",
    ],
    [
      "semantic.embedder.pooling",
      () => new HybridRanker({ semantic: { embedder: { pooling: "max" as never } } }),
      'HybridRanker: semantic.embedder.pooling must be one of "mean", "cls", "none", not "max" (a string).',
    ],
    [
      "fusion",
      () => new HybridRanker({ fusion: "RRF" as never }),
      'HybridRanker: fusion must be one of "adaptive", "weighted", "rrf", not "RRF" (a string).',
    ],
    ["rrfK", () => new HybridRanker({ rrfK: 0 }), "HybridRanker: rrfK must be a finite number > 0, such as 60, not 0."],
    [
      "lexicalWeight",
      () => new HybridRanker({ lexicalWeight: 1.1 }),
      "HybridRanker: lexicalWeight must be a finite number from 0 to 1",
    ],
    [
      "lexicalWeightRange",
      () => new HybridRanker({ lexicalWeightRange: [0.5] as never }),
      "HybridRanker: lexicalWeightRange must be [low, high]",
    ],
    [
      "lexicalWeightRange[1]",
      () => new HybridRanker({ lexicalWeightRange: [0.5, "1"] as never }),
      "HybridRanker: lexicalWeightRange[1] must be a finite number from 0 to 1",
    ],
    [
      "semanticFloor",
      () => new HybridRanker({ semanticFloor: -2 }),
      "HybridRanker: semanticFloor must be a finite number from -1 to 1",
    ],
    [
      "candidates",
      () => new HybridRanker({ candidates: 0 }),
      "HybridRanker: candidates must be a whole number ≥ 1, such as 50, not 0.",
    ],
    [
      "fallbackToLexical",
      () => new HybridRanker({ fallbackToLexical: "true" as never }),
      "HybridRanker: fallbackToLexical must be true or false",
    ],
    [
      "abstention",
      () => new HybridRanker({ abstention: 1 as never }),
      "HybridRanker: abstention must be true, false, or limits",
    ],
    [
      "abstention.maxCoverage missing",
      () => new HybridRanker({ abstention: { minSimilarity: 0.5 } as never }),
      "HybridRanker: abstention.maxCoverage must be a finite number from 0 to 1, such as 0.2, not undefined.",
    ],
    [
      "abstention.minSimilarity",
      () => new HybridRanker({ abstention: { maxCoverage: 0.2, minSimilarity: 5 } }),
      "HybridRanker: abstention.minSimilarity must be a finite number from -1 to 1 (or ±Infinity), such as 0.5, not 5.",
    ],
    [
      "abstention.minSimilarityWithoutLexical",
      () =>
        new HybridRanker({
          abstention: { maxCoverage: 0.2, minSimilarity: 0.5, minSimilarityWithoutLexical: "0.4" as never },
        }),
      "HybridRanker: abstention.minSimilarityWithoutLexical must be",
    ],
    ["onWarning", () => new HybridRanker({ onWarning: {} as never }), "HybridRanker: onWarning must be a function"],
    [
      "exactNames",
      () => new HybridRanker({ exactNames: 1 as never }),
      "HybridRanker: exactNames must be true or false",
    ],
    [
      "multiPart",
      () => new HybridRanker({ multiPart: [] as never }),
      "HybridRanker: multiPart must be true or false, not an empty array.",
    ],
    [
      "siblings",
      () => new HybridRanker({ siblings: 0 as never }),
      "HybridRanker: siblings must be true or false, not 0.",
    ],
  ])("refuses a bad %s", (_option, build, message) => {
    const error = refusal(build);
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(error.code).toMatch(/^invalid_/);
  });

  it.each<[string, () => unknown, string]>([
    [
      "a typo",
      () => new HybridRanker({ fusin: "rrf" } as never),
      'HybridRanker: unknown option "fusin". Did you mean "fusion"? The options are lexical, semantic,',
    ],
    [
      "another case",
      () => new Bm25Ranker({ K1: 1.2 } as never),
      'Bm25Ranker: unknown option "K1". Did you mean "k1"? The options are fieldWeights, k1, b,',
    ],
    [
      "a nested typo",
      () => new Bm25Ranker({ fieldWeights: { nmae: 4 } } as never),
      'Bm25Ranker: unknown option "fieldWeights.nmae". Did you mean "fieldWeights.name"? fieldWeights takes name, tags, description, parameters, examples.',
    ],
    [
      "a key nothing is close to",
      () => new Bm25Ranker({ fusion: "rrf" } as never),
      'Bm25Ranker: unknown option "fusion". The options are fieldWeights,',
    ],
    [
      "an embedder option one level too high",
      () => new EmbeddingRanker({ model: "models/x" } as never),
      'EmbeddingRanker: unknown option "model". Did you mean "embedder.model"? The options are embedder,',
    ],
    [
      "a semantic option one level too high",
      () => new HybridRanker({ cacheDir: false } as never),
      'HybridRanker: unknown option "cacheDir". Did you mean "semantic.cacheDir"?',
    ],
    [
      "an embedder option's typo",
      () => new EmbeddingRanker({ embedder: { modle: "x" } } as never),
      'EmbeddingRanker: unknown option "embedder.modle". Did you mean "embedder.model"?',
    ],
    [
      "a semantic option's typo",
      () => new HybridRanker({ semantic: { minSimilarty: 0.4 } } as never),
      'HybridRanker: unknown option "semantic.minSimilarty". Did you mean "semantic.minSimilarity"?',
    ],
  ])("refuses an unknown key: %s, naming the options", (_case, build, message) => {
    const error = refusal(build);
    expect(error.code).toBe("invalid_options");
    expect(error.message.startsWith(message), error.message).toBe(true);
  });

  it("takes good options, a ranker of the caller's, and options set to undefined as left out", () => {
    expect(
      () =>
        new Bm25Ranker({
          k1: 0,
          b: 1,
          fieldWeights: { name: 4, tags: undefined },
          abstention: { maxEvidence: 0.5 },
          exactNames: false,
        }),
    ).not.toThrow();
    expect(
      () =>
        new EmbeddingRanker({
          cacheDir: undefined,
          minSimilarity: -1,
          index: { kind: "exact" },
          embedder: { model: "models/x", dtype: "q8" },
        }),
    ).not.toThrow();
    expect(
      () =>
        new HybridRanker({
          lexical: ranker,
          semantic: ranker,
          fusion: "rrf",
          rrfK: 30,
          lexicalWeightRange: [0, 1],
          abstention: true,
        }),
    ).not.toThrow();
    // A similarity limit of -Infinity turns its abstention rule off.
    expect(
      () =>
        new HybridRanker({
          semantic: ranker,
          abstention: { maxCoverage: 0.2, minSimilarity: 0.5, minSimilarityWithoutLexical: Number.NEGATIVE_INFINITY },
        }),
    ).not.toThrow();
  });

  it("loadEmbedder refuses unknown keys and bad values as it did, naming itself", async () => {
    await expect(loadEmbedder({ normalise: true } as never)).rejects.toMatchObject({
      code: "invalid_options",
      message: expect.stringMatching(/^loadEmbedder: unknown option "normalise"\. Did you mean "normalize"\?/),
    });
    await expect(loadEmbedder({ normalize: "yes" as never })).rejects.toMatchObject({
      code: "invalid_options",
      message: 'loadEmbedder: normalize must be true or false, not "yes" (a string).',
    });
    await expect(loadEmbedder({ model: 42 as never })).rejects.toMatchObject({
      code: "invalid_options",
      message: expect.stringMatching(/^loadEmbedder: model must be the path of a model folder/),
    });
    await expect(loadEmbedder({ batchSize: 0 })).rejects.toMatchObject({
      code: "invalid_batch_size",
      message: "loadEmbedder: batchSize must be a whole number ≥ 1, such as 64, not 0.",
    });
  });
});
