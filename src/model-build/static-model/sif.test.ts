import { describe, expect, it } from "vitest";
import { commonComponents, projectRows, removeComponents, scaleRows, sifWeight, zipfProbability } from "./sif.js";

describe("zipfProbability / sifWeight", () => {
  it("is a distribution over the vocabulary that falls as 1/rank", () => {
    let total = 0;
    for (let rank = 0; rank < 1000; rank++) total += zipfProbability(rank, 1000);
    expect(total).toBeCloseTo(1, 10);
    expect(zipfProbability(0, 1000) / zipfProbability(9, 1000)).toBeCloseTo(10, 10);
  });

  it("weighs frequent words down and leaves rare ones near 1", () => {
    expect(sifWeight(1e-3, 1e-3)).toBeCloseTo(0.5, 12);
    expect(sifWeight(1e-7, 1e-3)).toBeGreaterThan(0.999);
  });
});

describe("commonComponents / removeComponents", () => {
  // Rows share a strong direction (1, 1, 0) plus small individual parts.
  const rows = (): Float32Array => new Float32Array([5, 5, 0.1, 4, 4.2, -0.3, 6, 5.8, 0.2, 5, 5.1, -0.1, -0.2, 0.3, 1]);

  it("finds the dominant uncentred direction", () => {
    const [u] = commonComponents(rows(), 3, 1);
    const direction = u as Float64Array;
    expect(Math.hypot(...direction)).toBeCloseTo(1, 10);
    expect(Math.abs(direction[0] as number)).toBeCloseTo(Math.SQRT1_2, 1);
    expect(Math.abs(direction[1] as number)).toBeCloseTo(Math.SQRT1_2, 1);
  });

  it("returns orthogonal directions and removes them from every row", () => {
    const matrix = rows();
    const components = commonComponents(matrix, 3, 2);
    const [u, v] = components as [Float64Array, Float64Array];
    expect(u.reduce((sum, x, i) => sum + x * (v[i] as number), 0)).toBeCloseTo(0, 8);
    removeComponents(matrix, 3, components);
    for (let row = 0; row < 5; row++) {
      for (const component of components) {
        let dot = 0;
        for (let d = 0; d < 3; d++) dot += (matrix[row * 3 + d] as number) * (component[d] as number);
        expect(dot).toBeCloseTo(0, 5);
      }
    }
  });

  it("baked into rows, gives the SIF sentence vector after mean pooling (up to length)", () => {
    const dimensions = 3;
    const words = rows();
    const weights = [0.2, 0.9, 0.5, 1, 0.7];
    const sentence = [0, 2, 3];

    // Reference: weighted average of the sentence's word vectors, then remove the component.
    const weighted = Float32Array.from(words);
    scaleRows(weighted, dimensions, weights);
    const components = commonComponents(weighted, dimensions, 1);
    const reference = new Float32Array(dimensions);
    for (const word of sentence)
      for (let d = 0; d < dimensions; d++)
        reference[d] = (reference[d] as number) + (weighted[word * dimensions + d] as number) / sentence.length;
    removeComponents(reference, dimensions, components);

    // Baked: remove the component from each weighted row, then mean-pool the rows.
    const baked = Float32Array.from(weighted);
    removeComponents(baked, dimensions, components);
    const pooled = new Float32Array(dimensions);
    for (const word of sentence)
      for (let d = 0; d < dimensions; d++)
        pooled[d] = (pooled[d] as number) + (baked[word * dimensions + d] as number) / sentence.length;

    for (let d = 0; d < dimensions; d++) expect(pooled[d]).toBeCloseTo(reference[d] as number, 5);
  });
});

describe("projectRows", () => {
  it("gives each row's coordinates on the directions, which keep its dot products with rows in their span", () => {
    const matrix = new Float32Array([3, 4, 0, 1, 0, 2]);
    const directions = [new Float64Array([0.6, 0.8, 0]), new Float64Array([0, 0, 1])];
    expect([...projectRows(matrix, 3, directions)].map((v) => Number(v.toFixed(6)))).toEqual([5, 0, 0.6, 2]);
  });
});
