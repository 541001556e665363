import { describe, expect, it } from "vitest";
import { unitVectors } from "./seeded-vectors.fixture.js";
import { ExactVectorIndex } from "./exact-vector-index.js";
import { INT8_LIMIT, INT16_LIMIT, quantizeInto } from "./quantize.js";

/** A vector as the index holds it: rounded to `limit` steps of its largest magnitude. */
function rounded(vector: Float32Array, limit: number): Float32Array {
  const integers = limit === INT8_LIMIT ? new Int8Array(vector.length) : new Int16Array(vector.length);
  const scale = quantizeInto(vector, integers, limit);
  return Float32Array.from(integers, (value) => value * scale);
}

/** Brute force in double precision: the answer an exact index must give. */
function bruteForce(
  vectors: Map<string, Float32Array>,
  query: Float32Array,
  k: number,
  filter?: (name: string) => boolean,
) {
  return [...vectors]
    .filter(([name]) => !filter || filter(name))
    .map(([name, vector]) => ({ name, similarity: vector.reduce((sum, value, d) => sum + value * query[d]!, 0) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, k);
}

describe("ExactVectorIndex", () => {
  // 512 and 100 dimensions are the bundled model's and GloVe's; 37 is not a multiple of the
  // 16 bytes of a SIMD load. The index compares every stored vector, so its answer is brute force
  // over the vectors as stored (rounded to int8, the query to int16), and within rounding of
  // brute force over the floats.
  it.each([512, 100, 37])(
    "finds exactly the brute-force neighbours (%i dimensions), through growth, removal and slot reuse",
    (dimensions) => {
      const index = new ExactVectorIndex(dimensions);
      const vectors = new Map<string, Float32Array>();
      const pool = unitVectors(400, dimensions, dimensions);
      const stored = new Map<string, Float32Array>();
      pool.slice(0, 300).forEach((vector, i) => {
        index.upsert(`tool_${i}`, `h${i}`, vector);
        vectors.set(`tool_${i}`, vector);
      });
      for (let i = 0; i < 300; i += 3) {
        index.remove(`tool_${i}`);
        vectors.delete(`tool_${i}`);
      }
      pool.slice(300).forEach((vector, i) => {
        index.upsert(`new_${i}`, `n${i}`, vector);
        vectors.set(`new_${i}`, vector);
      });
      for (const [name, vector] of vectors) stored.set(name, rounded(vector, INT8_LIMIT));
      expect(index.size).toBe(vectors.size);
      const filter = (name: string) => !name.endsWith("7");
      for (const query of unitVectors(20, dimensions, 99)) {
        for (const [k, keep] of [
          [1, undefined],
          [10, undefined],
          [25, filter],
        ] as const) {
          const got = index.search(query, k, keep);
          const want = bruteForce(stored, rounded(query, INT16_LIMIT), k, keep);
          expect(got.map((hit) => hit.name)).toEqual(want.map((hit) => hit.name));
          got.forEach((hit, i) => expect(hit.similarity).toBeCloseTo(want[i]!.similarity, 5));
          const unrounded = bruteForce(vectors, query, vectors.size).map((hit) => [hit.name, hit.similarity]);
          const floatSimilarity = new Map(unrounded as [string, number][]);
          for (const hit of got) expect(Math.abs(hit.similarity - floatSimilarity.get(hit.name)!)).toBeLessThan(0.01);
        }
      }
    },
  );

  it("replaces a tool's vector in place", () => {
    const [a, b] = unitVectors(2, 8, 1);
    const index = new ExactVectorIndex(8);
    index.upsert("tool", "old", a!);
    index.upsert("tool", "new", b!);
    expect(index.size).toBe(1);
    expect(index.textHashOf("tool")).toBe("new");
    expect(index.search(b!, 1)[0]!.similarity).toBeCloseTo(1, 2);
  });

  it("asks the filter about a handful of tools, not every tool", () => {
    const vectors = unitVectors(5_000, 32, 7);
    const index = new ExactVectorIndex(32);
    vectors.forEach((vector, i) => index.upsert(`tool_${i}`, "h", vector));
    let asked = 0;
    const hits = index.search(vectors[0]!, 5, () => (asked++, true));
    expect(hits).toHaveLength(5);
    expect(asked).toBeLessThan(500);
  });

  it("breaks ties by insertion slot, so equal scores rank the same every time", () => {
    const [vector] = unitVectors(1, 8, 3);
    const index = new ExactVectorIndex(8);
    for (const name of ["c", "a", "b"]) index.upsert(name, "h", vector!);
    expect(index.search(vector!, 3).map((hit) => hit.name)).toEqual(["c", "a", "b"]);
  });

  it("returns nothing from an empty index or for k = 0", () => {
    const index = new ExactVectorIndex(4);
    expect(index.search(new Float32Array(4), 3)).toEqual([]);
    index.upsert("a", "h", new Float32Array([1, 0, 0, 0]));
    expect(index.search(new Float32Array([1, 0, 0, 0]), 0)).toEqual([]);
  });
});
