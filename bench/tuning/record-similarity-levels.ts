import { Bm25Ranker, EmbeddingRanker, HybridRanker, loadEmbedder, type Embedder } from "../../src/ranking/index.js";
import { guardSample } from "../guard/measure-guard.js";
import type { BenchDataset } from "../load-dataset.js";
import { PROFILE_SAMPLE } from "../../src/ranking/embedding/catalogue-similarity.js";
import { embeddingTextOf } from "../../src/ranking/embedding/embedding-text.js";
import { requestText } from "../request-text.js";

/** The quantiles of each tool's similarity to its nearest other tool a level may be read from. */
export const NEAREST_QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9] as const;

/** The quantiles of the catalogue's tool-to-tool similarities a level may be read from. */
export const LEVEL_QUANTILES = [0.1, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999] as const;

/** One query as the similarity levels see it, recorded once so every level is judged offline. */
export interface LevelQuery {
  answerable: boolean;
  expected: string[];
  /** The default hybrid's top five (floor at the catalogue's 0.1 quantile, abstention off). */
  hybrid: { name: string; lexicallyStrong: boolean; similarity: number }[];
  /** The lexical side's coverage of the query. */
  coverage: number;
  /** The best semantic similarity of the whole query at or above the floor; 0 when none. */
  topSimilarity: number;
  /** The lexical side finds nothing once it abstains (as it does under the hybrid's abstention). */
  lexicalAbstains: boolean;
  /** The embedding ranker alone, every neighbour kept: its top five and their similarities. */
  embedding: { name: string; similarity: number }[];
}

export interface LevelRecord {
  model: string;
  dataset: string;
  /** Each of {@link LEVEL_QUANTILES} of the catalogue's tool-to-tool similarities, by quantile. */
  quantiles: Record<string, number>;
  /** Each of {@link NEAREST_QUANTILES} of the tools' similarities to their nearest other tool, by quantile. */
  nearest: Record<string, number>;
  queries: LevelQuery[];
}

/** Every text embedded once per model: the settings and sides share one query's vector. */
function memoised(embedder: Embedder): Embedder {
  const seen = new Map<string, Float32Array>();
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    async embed(texts) {
      const missing = [...new Set(texts.filter((text) => !seen.has(text)))];
      if (missing.length > 0) {
        const vectors = await embedder.embed(missing);
        missing.forEach((text, i) => seen.set(text, vectors[i]!));
      }
      return texts.map((text) => seen.get(text)!);
    },
  };
}

/**
 * Runs the sides and the default hybrid once over a dataset's sampled queries (at most 1,000
 * answerable and 1,000 unanswerable, seed 42, as `bench:guard` samples them) with one model,
 * and records what every similarity level decides on.
 */
export async function recordLevels(dataset: BenchDataset, model: string, modelDir: string): Promise<LevelRecord> {
  const loaded = await loadEmbedder({ model: modelDir });
  const embedder = memoised(loaded);
  const single = { exactNames: false, multiPart: false } as const;
  const lexical = new Bm25Ranker(single);
  const abstaining = new Bm25Ranker({ ...single, abstention: true });
  const semantic = new EmbeddingRanker({ ...single, embedder, cacheDir: false, minSimilarity: -1 });
  const alone = new EmbeddingRanker({ embedder, cacheDir: false, minSimilarity: -1 });
  for (const ranker of [lexical, abstaining]) await ranker.update(dataset.documents);
  await semantic.update(dataset.documents);
  await alone.update(dataset.documents);
  const quantiles: Record<string, number> = {};
  for (const quantile of LEVEL_QUANTILES)
    quantiles[quantile] = (await semantic.catalogueSimilarity(quantile)) ?? Number.NaN;
  const floor = quantiles[0.1]!;
  const nearest = await nearestQuantiles(embedder, dataset);
  const hybrid = new HybridRanker({ lexical, semantic, semanticFloor: floor });
  await hybrid.update(dataset.documents);
  const sample = (answerable: boolean) =>
    guardSample(
      dataset.queries.filter((query) => query.expected.length > 0 === answerable),
      1_000,
      42,
    );
  const queries: LevelQuery[] = [];
  for (const query of [...sample(true), ...sample(false)]) {
    const text = requestText(query.query);
    const depth = { limit: 50 };
    const lexicalHits = await lexical.search(text, depth);
    const semanticHits = await semantic.search(text, depth);
    const lexicalOf = new Map(lexicalHits.map((hit) => [hit.name, hit]));
    const similarityOf = new Map(semanticHits.map((hit) => [hit.name, hit.score]));
    const answer = await hybrid.search(text, { limit: 5 });
    queries.push({
      answerable: query.expected.length > 0,
      expected: [...query.expected],
      hybrid: answer.map((hit) => ({
        name: hit.name,
        lexicallyStrong: lexicalOf.has(hit.name) && lexicalOf.get(hit.name)!.confidence !== "weak",
        similarity: similarityOf.get(hit.name) ?? -1,
      })),
      coverage: lexical.coverage(text),
      topSimilarity: semanticHits.find((hit) => hit.score >= floor)?.score ?? 0,
      lexicalAbstains: (await abstaining.search(text, depth)).length === 0,
      embedding: (await alone.search(text, { limit: 5 })).map((hit) => ({ name: hit.name, similarity: hit.score })),
    });
  }
  await hybrid.close();
  await alone.close();
  await loaded.close?.();
  return { model, dataset: dataset.id, quantiles, nearest, queries };
}

/** The tools sampled as `similarityQuantile` samples them, and each one's similarity to its nearest other one. */
async function nearestQuantiles(embedder: Embedder, dataset: BenchDataset): Promise<Record<string, number>> {
  const documents = [...dataset.documents].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const vectors = (await embedder.embed(documents.map(embeddingTextOf))).filter((vector) =>
    vector.some((value) => value !== 0),
  );
  const count = Math.min(vectors.length, PROFILE_SAMPLE);
  const sample = Array.from({ length: count }, (_, i) => vectors[Math.floor((i * vectors.length) / count)]!);
  const best = sample.map((a, i) =>
    Math.max(...sample.map((b, j) => (i === j ? -1 : a.reduce((sum, value, k) => sum + value * b[k]!, 0)))),
  );
  best.sort((a, b) => a - b);
  return Object.fromEntries(
    NEAREST_QUANTILES.map((quantile) => [
      quantile,
      best[Math.min(best.length - 1, Math.floor(quantile * best.length))]!,
    ]),
  );
}
