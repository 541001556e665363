import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OptionsError } from "../../errors.js";
import { BUNDLED_MODEL_DIR } from "./bundled-model.js";
import type { Embedder } from "./embedder.js";
import { joinEmbedders } from "./joined-embedder.js";
import { loadEmbedder } from "./load-embedder.js";

const GLOVE_MODEL_DIR = join(import.meta.dirname, "..", "..", "..", "models", "glove-100d-sif");

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

/** An embedder that returns the vectors it is given, text by text, and records being closed. */
function fixed(id: string, vectors: Record<string, number[]>): Embedder & { closed: boolean } {
  const dimensions = Object.values(vectors)[0]!.length;
  return {
    id,
    dimensions,
    closed: false,
    async embed(texts) {
      return texts.map((text) => Float32Array.from(vectors[text] ?? new Array<number>(dimensions).fill(0)));
    },
    async close() {
      this.closed = true;
    },
  };
}

describe("joinEmbedders", () => {
  it("gives unit vectors whose cosine is the mean of the parts' cosines", async () => {
    const a = fixed("a", { x: [3, 4], y: [4, 3], z: [0, 0] });
    const b = fixed("b", { x: [1, 0, 0], y: [0, 2, 0], z: [0, 0, 5] });
    const joined = joinEmbedders([a, b]);
    expect(joined.dimensions).toBe(5);
    expect(joined.id).toBe("joined(a+b)");
    const [x, y, z] = await joined.embed(["x", "y", "z"]);
    expect(dot(x!, x!)).toBeCloseTo(1, 6);
    // a: cos(x, y) = 24/25; b: 0.
    expect(dot(x!, y!)).toBeCloseTo((24 / 25 + 0) / 2, 6);
    // z is unknown to a: b alone decides, at full length.
    expect(dot(z!, z!)).toBeCloseTo(1, 6);
    expect([...z!.slice(0, 2)]).toEqual([0, 0]);
    await joined.close?.();
    expect(a.closed && b.closed).toBe(true);
  });

  it("joins the bundled model and GloVe through loadEmbedder, keeping GloVe's 'ticket' near 'issue'", async () => {
    const texts = ["open a ticket", "create an issue in the tracker", "convert celsius to fahrenheit"];
    const joined = await loadEmbedder({ model: [BUNDLED_MODEL_DIR, GLOVE_MODEL_DIR] });
    const use = await loadEmbedder();
    const glove = await loadEmbedder({ model: GLOVE_MODEL_DIR });
    try {
      expect(joined.dimensions).toBe(use.dimensions + glove.dimensions);
      expect(joined.id).toBe(`joined(${use.id}+${glove.id})`);
      const [j, u, g] = await Promise.all([joined.embed(texts), use.embed(texts), glove.embed(texts)]);
      for (const [first, second] of [
        [0, 1],
        [0, 2],
        [1, 2],
      ] as const) {
        const mean = (dot(u[first]!, u[second]!) + dot(g[first]!, g[second]!)) / 2;
        expect(dot(j[first]!, j[second]!)).toBeCloseTo(mean, 5);
      }
      expect(dot(j[0]!, j[1]!)).toBeGreaterThan(dot(j[0]!, j[2]!));
    } finally {
      await Promise.all([joined, use, glove].map((embedder) => embedder.close?.()));
    }
  });

  it.each([
    ["one folder in a list", [BUNDLED_MODEL_DIR], /model must be .* a list of 2 to 4 of them/],
    ["five folders", ["a", "b", "c", "d", "e"], /not an array of 5 items/],
    [
      "a folder twice",
      [BUNDLED_MODEL_DIR, `${BUNDLED_MODEL_DIR}/.`],
      /model\[1\] must be a folder the list does not already hold/,
    ],
    ["a number among them", [BUNDLED_MODEL_DIR, 7], /model\[1\] must be the path of a model folder/],
  ])("refuses %s, naming the entry", async (_case, model, message) => {
    await expect(loadEmbedder({ model: model as string[] })).rejects.toThrow(message);
    await expect(loadEmbedder({ model: model as string[] })).rejects.toBeInstanceOf(OptionsError);
  });

  it("refuses normalize: false with several folders, whose vectors are always unit length", async () => {
    await expect(loadEmbedder({ model: [BUNDLED_MODEL_DIR, GLOVE_MODEL_DIR], normalize: false })).rejects.toThrow(
      /normalize must be true or absent with several model folders/,
    );
  });

  it("refuses a missing folder among them, naming it", async () => {
    await expect(loadEmbedder({ model: [BUNDLED_MODEL_DIR, join(GLOVE_MODEL_DIR, "missing")] })).rejects.toThrow(
      /No embedding model folder at .*missing/,
    );
  });
});
