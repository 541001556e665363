import { describe, expect, it } from "vitest";
import { rankDocumentOf } from "../rank-document.js";
import { ExampleVectors, liftedByExamples } from "./example-vectors.js";

/** Two-dimensional unit vectors, by angle in degrees: the texts of these tests are angles. */
const unit = (degrees: number) =>
  Float32Array.of(Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180));
const doc = (name: string, examples: string[]) => rankDocumentOf({ name, description: name, examples });
const embedded: string[] = [];
const vectorsOf = async (texts: readonly { text: string }[]) =>
  texts.map(({ text }) => (embedded.push(text), unit(Number(text))));
const hashOf = (text: string) => `h${text}`;

describe("ExampleVectors", () => {
  it("reads deeper until it has as many distinct tools as asked, each at its nearest example", async () => {
    const vectors = new ExampleVectors(2);
    // Eight examples of one tool all nearer the query (0°) than the other tool's.
    await vectors.update(
      [doc("near", ["1", "2", "3", "4", "5", "6", "7", "8", "9"]), doc("far", ["40", "80"])],
      hashOf,
      vectorsOf,
    );
    const hits = vectors.search(unit(0), 2);
    expect(hits.map((hit) => hit.name)).toEqual(["near", "far"]);
    expect(hits[0]!.similarity).toBeCloseTo(Math.cos(Math.PI / 180), 5);
    expect(hits[1]!.similarity).toBeCloseTo(Math.cos((40 * Math.PI) / 180), 5);
    expect(vectors.search(unit(0), 2, (name) => name !== "near").map((hit) => hit.name)).toEqual(["far"]);
  });

  it("holds at most its cap of vectors, says how many it left out, and frees room as tools leave", async () => {
    const vectors = new ExampleVectors(2, 3);
    expect(await vectors.update([doc("a", ["1", "2"]), doc("b", ["3", "4"])], hashOf, vectorsOf)).toBe(1);
    expect(vectors.size).toBe(3);
    expect(await vectors.update([doc("b", ["3", "4"])], hashOf, vectorsOf)).toBe(0);
    expect(vectors.size).toBe(2);
    expect(vectors.search(unit(0), 5).map((hit) => hit.name)).toEqual(["b"]);
  });

  it("embeds only what changed: nothing for an unchanged tool, one text for one new example", async () => {
    const vectors = new ExampleVectors(2);
    await vectors.update([doc("a", ["10", "20"])], hashOf, vectorsOf);
    embedded.length = 0;
    await vectors.update([doc("a", ["10", "20"])], hashOf, vectorsOf);
    expect(embedded).toEqual([]);
    await vectors.update([doc("a", ["10", "30"])], hashOf, vectorsOf);
    expect(embedded).toEqual(["30"]);
    await vectors.update([doc("a", ["10"])], hashOf, vectorsOf);
    expect(vectors.size).toBe(1);
  });
});

describe("liftedByExamples", () => {
  it("lifts each tool halfway towards its nearest example, best first, and never lowers one", () => {
    const own = [
      { name: "a", similarity: 0.9 },
      { name: "b", similarity: 0.2 },
    ];
    const examples = [
      { name: "b", similarity: 0.95 },
      { name: "c", similarity: 0.5 },
      { name: "a", similarity: 0.1 },
    ];
    // c is not in the own list: its own similarity is read from its vector.
    const ownOf = (name: string) => (name === "c" ? 0.3 : undefined);
    expect(liftedByExamples(own, examples, ownOf, 3)).toEqual([
      { name: "a", similarity: 0.9 },
      { name: "b", similarity: 0.575 },
      { name: "c", similarity: 0.4 },
    ]);
  });

  it("leaves out a tool found only through an example whose own vector is gone", () => {
    expect(liftedByExamples([], [{ name: "gone", similarity: 0.9 }], () => undefined, 3)).toEqual([]);
  });
});
