import { describe, expect, it } from "vitest";
import type { StaticEmbeddingGraph } from "./onnx/static-embedding-graph.js";
import { poolTokens } from "./pool-tokens.js";
import { TokenRows } from "./token-rows.js";

/** Rows `[id, -id]` for ids 0–9; any other id is refused, as a model refuses one outside its table. */
function graph(reads: number[][]): StaticEmbeddingGraph {
  return {
    dimensions: 2,
    rows(ids) {
      reads.push([...ids]);
      const bad = ids.find((id) => id < 0 || id > 9);
      if (bad !== undefined) throw new RangeError(`the model looks up row ${bad} of a table of 10`);
      return Float32Array.from(ids.flatMap((id) => [id, -id]));
    },
  };
}

/** A model of `dimensions` (not a multiple of four, so rows are padded) whose row `id` is pseudo-random. */
function wideGraph(dimensions: number): StaticEmbeddingGraph {
  const value = (id: number, d: number) => Math.fround(Math.sin(id * 131 + d * 7) * (1 + (id % 5)));
  return {
    dimensions,
    rows: (ids) => Float32Array.from(ids.flatMap((id) => Array.from({ length: dimensions }, (_, d) => value(id, d)))),
  };
}

describe("TokenRows", () => {
  it("counts a text's distinct tokens in first-occurrence order and reads each row once per process", () => {
    const reads: number[][] = [];
    const tokens = new TokenRows(graph(reads));
    const first = tokens.count([3, 1, 3, 3, 2, 1]);
    const second = tokens.count([2, 5, 2]);
    tokens.lookUp();
    expect(first.distinct.map((token) => token.id)).toEqual([3, 1, 2]);
    expect(first.counts).toEqual([3, 2, 1]);
    expect(second.distinct.map((token) => token.id)).toEqual([2, 5]);
    expect(second.counts).toEqual([2, 1]);
    expect([...tokens.first(second)]).toEqual([2, -2]);
    // Every row read in one evaluation; a later text's known tokens are not read again.
    tokens.count([1, 5, 7]);
    tokens.lookUp();
    expect(reads).toEqual([[3, 1, 2, 5], [7]]);
    expect(tokens.count([]).distinct).toEqual([]);
  });

  it("gives a text's mean row, each distinct row counted as often as it occurs", () => {
    const tokens = new TokenRows(graph([]));
    const text = tokens.count([3, 1, 3, 3, 2, 1]);
    tokens.lookUp();
    expect([...tokens.mean(text)]).toEqual([
      Math.fround((3 * 3 + 2 * 1 + 2) / 6),
      Math.fround(-(3 * 3 + 2 * 1 + 2) / 6),
    ]);
    expect([...tokens.mean(tokens.count([]))]).toEqual([0, 0]);
    expect([...tokens.first(tokens.count([]))]).toEqual([0, 0]);
  });

  it("sums the same floats in SIMD and in JavaScript, equal to pooling every token in turn", () => {
    const ids = Array.from({ length: 400 }, (_, i) => (i * 37) % 61);
    const [simd, plain] = [undefined, false].map((flag) => new TokenRows(wideGraph(13), { simd: flag }));
    const means = [simd!, plain!].map((tokens) => {
      // Rows looked up in two batches with a sum between them, so later rows land where that
      // sum's scratch was.
      const early = tokens.count(ids.slice(0, 50));
      tokens.lookUp();
      tokens.mean(early);
      const text = tokens.count(ids);
      tokens.lookUp();
      return tokens.mean(text);
    });
    expect([...means[0]!]).toEqual([...means[1]!]);
    const everyToken = poolTokens(
      ids.map((id) => wideGraph(13).rows([id])),
      13,
      "mean",
    );
    for (let d = 0; d < 13; d++) expect(means[0]![d]).toBeCloseTo(everyToken[d]!, 5);
  });

  it("keeps the rows through the memory's growth", () => {
    const tokens = new TokenRows(wideGraph(512));
    const first = tokens.count([0]);
    tokens.lookUp();
    const before = [...tokens.first(first)];
    // 2,000 rows of 2 kB: the kernel's memory grows from one page to about 4 MB.
    const many = tokens.count(Array.from({ length: 2_000 }, (_, i) => i + 1));
    tokens.lookUp();
    expect([...tokens.first(first)]).toEqual(before);
    expect([...tokens.first(many)]).toEqual([...wideGraph(512).rows([1])]);
    expect([...tokens.mean(tokens.count([0, 0]))]).toEqual(before);
  });

  it("leaves no token without a row when the model refuses one, so the next text is read again", () => {
    const reads: number[][] = [];
    const tokens = new TokenRows(graph(reads));
    tokens.count([4, 99]);
    expect(() => tokens.lookUp()).toThrow(/row 99/);
    const again = tokens.count([4]);
    tokens.lookUp();
    expect([...tokens.first(again)]).toEqual([4, -4]);
    tokens.count([99]);
    expect(() => tokens.lookUp()).toThrow(/row 99/);
  });

  it("forgets every row on clear", () => {
    const reads: number[][] = [];
    const tokens = new TokenRows(graph(reads));
    tokens.count([1]);
    tokens.lookUp();
    tokens.clear();
    const text = tokens.count([1]);
    tokens.lookUp();
    expect(reads).toEqual([[1], [1]]);
    expect([...tokens.mean(text)]).toEqual([1, -1]);
  });
});
