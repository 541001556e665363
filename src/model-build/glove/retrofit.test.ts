import { describe, expect, it } from "vitest";
import { retrofitRows } from "./retrofit.js";

function cosine(matrix: Float32Array, a: number, b: number, dimensions: number): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let d = 0; d < dimensions; d++) {
    const x = matrix[a * dimensions + d] as number;
    const y = matrix[b * dimensions + d] as number;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return dot / Math.sqrt(na * nb);
}

describe("retrofitRows", () => {
  const original = new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0]);

  it("pulls linked rows together and leaves the others alone", () => {
    const matrix = Float32Array.from(original);
    retrofitRows(matrix, 3, [[0, 1]]);
    expect(cosine(matrix, 0, 1, 3)).toBeGreaterThan(cosine(original, 0, 1, 3) + 0.5);
    expect([...matrix.subarray(6)]).toEqual([...original.subarray(6)]);
  });

  it("keeps each linked row nearer its own original than its neighbour's", () => {
    const matrix = Float32Array.from(original);
    retrofitRows(matrix, 3, [[0, 1]]);
    // row 0 keeps more of x than of y
    expect(matrix[0] as number).toBeGreaterThan(matrix[1] as number);
    expect(matrix[4] as number).toBeGreaterThan(matrix[3] as number);
  });

  it("is deterministic and independent of the order groups are listed in", () => {
    const a = Float32Array.from(original);
    const b = Float32Array.from(original);
    retrofitRows(a, 3, [
      [0, 1],
      [1, 2],
    ]);
    retrofitRows(b, 3, [
      [2, 1],
      [1, 0],
    ]);
    expect([...a]).toEqual([...b]);
  });
});
