import type { Ranker } from "../ranker.js";
import { createDotProductKernel } from "./dot-product-kernel.js";

/** Tools sampled for the catalogue's similarity profile: 32,640 pairs at most, a few milliseconds. */
export const PROFILE_SAMPLE = 256;
/** Fewer tools than this give too few pairs for a quantile worth trusting. */
export const PROFILE_MIN_TOOLS = 10;

/**
 * The `quantile` (0 to 1) of the similarities between a catalogue's tools, from the vectors of
 * at most {@link PROFILE_SAMPLE} of them taken evenly in the given order: how close a model puts
 * tools that have, mostly, nothing to do with each other. Its scale is the model's own, so a
 * threshold read from it means the same with any model. `undefined` for fewer than
 * {@link PROFILE_MIN_TOOLS} vectors, or too few pairs for that quantile (see {@link quantileOf}).
 */
export function similarityQuantile(vectors: readonly Float32Array[], quantile: number): number | undefined {
  const profile = similarityProfile(vectors);
  return profile === undefined ? undefined : quantileOf(profile, quantile);
}

/**
 * The sorted similarities between at most {@link PROFILE_SAMPLE} of the tools (see
 * {@link similarityQuantile}), for reading several quantiles at the cost of one;
 * `undefined` for fewer than {@link PROFILE_MIN_TOOLS} vectors.
 */
export function similarityProfile(vectors: readonly Float32Array[]): Float64Array | undefined {
  if (vectors.length < PROFILE_MIN_TOOLS) return undefined;
  const count = Math.min(vectors.length, PROFILE_SAMPLE);
  const sample = Array.from({ length: count }, (_, i) => vectors[Math.floor((i * vectors.length) / count)]!);
  // A SIMD kernel: 32,640 products of 512 dimensions took ~40 ms of a cold start in a
  // JavaScript loop. Same vectors, so only float32 rounding differs.
  const width = Math.max(...sample.map((vector) => vector.length));
  const stride = Math.ceil(width / 4) * 4;
  const kernel = createDotProductKernel();
  const vectorsBytes = count * stride * 4;
  kernel.reserve(vectorsBytes + count * 4);
  const floats = new Float32Array(kernel.memory.buffer);
  sample.forEach((vector, i) => floats.set(vector, i * stride));
  const similarities = new Float64Array((count * (count - 1)) / 2);
  let next = 0;
  for (let i = 0; i < count - 1; i++) {
    const others = count - i - 1;
    kernel.dots((i + 1) * stride * 4, others, i * stride * 4, stride / 4, vectorsBytes);
    similarities.set(floats.subarray(vectorsBytes / 4, vectorsBytes / 4 + others), next);
    next += others;
  }
  return similarities.sort();
}

/**
 * The `quantile` (0 to 1) of a profile from {@link similarityProfile}; `undefined` when the
 * profile has too few pairs to place it: a tail of share p needs at least 1/p pairs. Why: the
 * 0.999 quantile of a 17-tool catalogue's 136 pairs is only its closest pair, so a level read
 * from it called a nonsense query's nearest guess strong.
 */
export function quantileOf(profile: Float64Array, quantile: number): number | undefined {
  const tail = Math.min(quantile, 1 - quantile);
  if (tail > 0 && profile.length * tail < 1) return undefined;
  return profile[Math.min(profile.length - 1, Math.max(0, Math.floor(quantile * profile.length)))]!;
}

/**
 * A quantile of the catalogue's similarities as `ranker` measures them, when it can
 * (`EmbeddingRanker.catalogueSimilarity`); `undefined` for a ranker that cannot, such as one
 * of your own.
 */
export async function catalogueQuantile(ranker: Ranker, quantile: number): Promise<number | undefined> {
  const side = ranker as Ranker & { catalogueSimilarity?: (quantile: number) => Promise<number | undefined> };
  return typeof side.catalogueSimilarity === "function" ? side.catalogueSimilarity(quantile) : undefined;
}
