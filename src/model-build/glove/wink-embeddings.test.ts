import { describe, expect, it } from "vitest";
import { WinkEmbeddingFile } from "./wink-embeddings.js";

/** A file in the package's format with 2-d vectors: [d0, d1, l2norm, index]. */
function winkJson(
  entries: [string, number[]][],
  override?: (entry: [string, number[]], rank: number) => number[],
): Buffer {
  const vectors = entries
    .map((entry, rank) => {
      const [word, vector] = entry;
      const values = override?.(entry, rank) ?? [...vector, Math.hypot(...vector), rank];
      return `${JSON.stringify(word)}:[${values.join(",")}]`;
    })
    .join(",");
  const words = JSON.stringify(entries.map(([word]) => word));
  return Buffer.from(
    `{"precision":8,"l2NormIndex":2,"wordIndex":3,"size":${entries.length},"dimensions":2,"words":${words},"vectors":{${vectors}},"unkVector":[0,0,-1]}`,
  );
}

const ENTRIES: [string, number[]][] = [
  ["the", [0.5, -0.25]],
  ['"', [1, 2]],
  ["café", [-3.5, 0.125]],
  ["a]b", [0, 1]],
];

describe("WinkEmbeddingFile", () => {
  it("reads the header and the words in frequency order, escapes included", () => {
    const file = new WinkEmbeddingFile(winkJson(ENTRIES));
    expect(file.header).toEqual({ dimensions: 2, size: 4, l2NormIndex: 2, wordIndex: 3 });
    expect(file.words).toEqual(["the", '"', "café", "a]b"]);
  });

  it("decodes only the vectors asked for, in the order asked", () => {
    const file = new WinkEmbeddingFile(winkJson(ENTRIES));
    expect([...file.vectors([2, 0])]).toEqual([-3.5, 0.125, 0.5, -0.25]);
    expect([...file.vectors([3])]).toEqual([0, 1]);
  });

  it("rejects vectors out of step with the word list", () => {
    const swapped = winkJson(ENTRIES).toString().replace('"words":["the","\\""', '"words":["\\"","the"');
    expect(() => new WinkEmbeddingFile(Buffer.from(swapped))).toThrow(/vector #0 is for "the"/);
  });

  it("rejects a vector whose stored norm or index disagrees", () => {
    const badNorm = new WinkEmbeddingFile(
      winkJson(ENTRIES, ([, v], rank) => (rank === 1 ? [...v, 9, rank] : [...v, Math.hypot(...v), rank])),
    );
    expect(() => badNorm.vectors([1])).toThrow(/stored norm/);
    const badIndex = new WinkEmbeddingFile(
      winkJson(ENTRIES, ([, v], rank) => [...v, Math.hypot(...v), rank === 2 ? 7 : rank]),
    );
    expect(() => badIndex.vectors([2])).toThrow(/claims index 7/);
  });

  it("rejects files that are not in the format", () => {
    expect(() => new WinkEmbeddingFile(Buffer.from('{"size":1}'))).toThrow(/no "words" array/);
  });
});
