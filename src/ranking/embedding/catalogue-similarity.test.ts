import { describe, expect, it } from "vitest";
import { PROFILE_MIN_TOOLS, PROFILE_SAMPLE, similarityProfile, similarityQuantile } from "./catalogue-similarity.js";

/** A unit vector at `angle` radians in the plane: two of them have similarity cos(difference). */
const at = (angle: number) => Float32Array.from([Math.cos(angle), Math.sin(angle)]);

describe("similarityProfile", () => {
  it("holds every sampled pair's dot product, sorted, whatever the width", () => {
    // 101 dimensions: not a whole number of SIMD lanes, so the padding must add nothing.
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const vectors = Array.from({ length: 300 }, () => Float32Array.from({ length: 101 }, random));
    const sample = Array.from({ length: PROFILE_SAMPLE }, (_, i) => vectors[Math.floor((i * 300) / PROFILE_SAMPLE)]!);
    const expected: number[] = [];
    for (let i = 0; i < sample.length; i++)
      for (let j = i + 1; j < sample.length; j++)
        expected.push(sample[i]!.reduce((sum, value, d) => sum + value * sample[j]![d]!, 0));
    expected.sort((a, b) => a - b);
    const profile = similarityProfile(vectors)!;
    expect(profile).toHaveLength(expected.length);
    let worst = 0;
    for (let k = 0; k < expected.length; k++) worst = Math.max(worst, Math.abs(profile[k]! - expected[k]!));
    // float32 sums against float64 ones: rounding only.
    expect(worst).toBeLessThan(1e-4);
  });
});

describe("similarityQuantile", () => {
  it("reads the quantile of the similarities between the tools, in the model's own scale", () => {
    // Ten tools on a quarter circle: 45 pairs, similarities cos(k·π/18) for gaps k = 1..9.
    const vectors = Array.from({ length: 10 }, (_, i) => at((i * Math.PI) / 18));
    const pairs: number[] = [];
    for (let i = 0; i < 10; i++) for (let j = i + 1; j < 10; j++) pairs.push(Math.cos(((j - i) * Math.PI) / 18));
    pairs.sort((a, b) => a - b);
    expect(similarityQuantile(vectors, 0)).toBeCloseTo(pairs[0]!, 6);
    expect(similarityQuantile(vectors, 0.5)).toBeCloseTo(pairs[22]!, 6);
    expect(similarityQuantile(vectors, 1)).toBeCloseTo(pairs[44]!, 6);
    // Another model that puts every pair closer gives a higher floor: the scale is its own.
    const closer = Array.from({ length: 10 }, (_, i) => at((i * Math.PI) / 90));
    expect(similarityQuantile(closer, 0.1)!).toBeGreaterThan(similarityQuantile(vectors, 0.1)!);
  });

  it("says nothing of a catalogue too small to tell", () => {
    const vectors = Array.from({ length: PROFILE_MIN_TOOLS - 1 }, (_, i) => at(i));
    expect(similarityQuantile(vectors, 0.1)).toBeUndefined();
  });

  it("places a far quantile only with enough pairs for its tail: 1/p pairs for a tail of share p", () => {
    // 17 tools: 136 pairs, enough for the 0.99 quantile (100 needed), not for the 0.999 (1,000).
    const seventeen = Array.from({ length: 17 }, (_, i) => at(i / 10));
    expect(similarityQuantile(seventeen, 0.99)).toBeDefined();
    expect(similarityQuantile(seventeen, 0.999)).toBeUndefined();
    expect(similarityQuantile(seventeen, 0.001)).toBeUndefined();
    // 46 tools: 1,035 pairs.
    const fortySix = Array.from({ length: 46 }, (_, i) => at(i / 30));
    expect(similarityQuantile(fortySix, 0.999)).toBeDefined();
  });

  it("samples a large catalogue evenly, so its cost is bounded", () => {
    // Two halves at right angles: an even sample holds as many of each, so about half the pairs
    // are across (similarity 0) and half within (1).
    const half = PROFILE_SAMPLE * 20;
    const vectors = Array.from({ length: half * 2 }, (_, i) => at(i < half ? 0 : Math.PI / 2));
    const started = performance.now();
    expect(similarityQuantile(vectors, 0.25)).toBeCloseTo(0, 6);
    expect(similarityQuantile(vectors, 0.75)).toBeCloseTo(1, 6);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
