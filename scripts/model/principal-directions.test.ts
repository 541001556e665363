import { describe, expect, it } from "vitest";
import { principalDirections, symmetricEigen } from "./principal-directions.js";
import { commonComponents } from "../../src/model-build/static-model/sif.js";

describe("symmetricEigen", () => {
  it("diagonalises a symmetric matrix: A·v = λ·v for every column", () => {
    const source = [4, 1, 2, 1, 3, 0.5, 2, 0.5, 5];
    const { values, vectors } = symmetricEigen(new Float64Array(source), 3);
    for (let column = 0; column < 3; column++) {
      for (let i = 0; i < 3; i++) {
        let av = 0;
        for (let j = 0; j < 3; j++) av += (source[i * 3 + j] as number) * (vectors[j * 3 + column] as number);
        expect(av).toBeCloseTo((values[column] as number) * (vectors[i * 3 + column] as number), 10);
      }
    }
  });
});

describe("principalDirections", () => {
  it("finds the directions power iteration finds, largest first, with a fixed sign", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const dimensions = 6;
    const matrix = new Float32Array(
      Array.from({ length: 200 * dimensions }, (_, i) => random() * (1 + (i % dimensions))),
    );
    const fast = principalDirections(matrix, dimensions, 3);
    const slow = commonComponents(matrix, dimensions, 3);
    fast.forEach((direction, c) => {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += (direction[d] as number) * ((slow[c] as Float64Array)[d] as number);
      expect(Math.abs(dot)).toBeCloseTo(1, 8);
      const largest = [...direction].reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a));
      expect(largest).toBeGreaterThan(0);
    });
  });
});
