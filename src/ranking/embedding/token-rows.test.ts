import { describe, expect, it } from "vitest";
import type { StaticEmbeddingGraph } from "./onnx/static-embedding-graph.js";
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
    expect([...second.distinct[1]!.row!]).toEqual([5, -5]);
    // Every row read in one evaluation; a later text's known tokens are not read again.
    tokens.count([1, 5, 7]);
    tokens.lookUp();
    expect(reads).toEqual([[3, 1, 2, 5], [7]]);
    expect(tokens.count([]).distinct).toEqual([]);
  });

  it("leaves no token without a row when the model refuses one, so the next text is read again", () => {
    const reads: number[][] = [];
    const tokens = new TokenRows(graph(reads));
    tokens.count([4, 99]);
    expect(() => tokens.lookUp()).toThrow(/row 99/);
    const again = tokens.count([4]);
    tokens.lookUp();
    expect([...again.distinct[0]!.row!]).toEqual([4, -4]);
    tokens.count([99]);
    expect(() => tokens.lookUp()).toThrow(/row 99/);
  });

  it("forgets every row on clear", () => {
    const reads: number[][] = [];
    const tokens = new TokenRows(graph(reads));
    tokens.count([1]);
    tokens.lookUp();
    tokens.clear();
    tokens.count([1]);
    tokens.lookUp();
    expect(reads).toEqual([[1], [1]]);
  });
});
