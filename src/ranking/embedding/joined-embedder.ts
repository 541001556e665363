import type { Embedder } from "./embedder.js";

/**
 * One embedder made of several, each text's vector the parts' unit vectors side by side, scaled
 * so that the whole has unit length: the cosine of two texts is then the mean of the parts'
 * cosines, every part counting alike, with no weight to tune. A part that knows no word of a text
 * (its zero vector) leaves the others to decide.
 *
 * Models that learnt from different text know different things: GloVe's retrofitted words put
 * "ticket" near "issue", which the distilled USE-lite does not, and USE-lite reads paraphrases
 * GloVe misses.
 */
export function joinEmbedders(parts: readonly Embedder[]): Embedder {
  const dimensions = parts.reduce((sum, part) => sum + part.dimensions, 0);
  return {
    id: `joined(${parts.map((part) => part.id).join("+")})`,
    dimensions,
    async embed(texts) {
      const vectors = await Promise.all(parts.map((part) => part.embed(texts)));
      return texts.map((_, index) =>
        joinedVector(
          vectors.map((ofPart) => ofPart[index]!),
          dimensions,
        ),
      );
    },
    async close() {
      await Promise.all(parts.map((part) => part.close?.()));
    },
  };
}

function joinedVector(pieces: readonly Float32Array[], dimensions: number): Float32Array {
  const joined = new Float32Array(dimensions);
  let offset = 0;
  let known = 0;
  for (const piece of pieces) {
    let squares = 0;
    for (const value of piece) squares += value * value;
    const length = Math.sqrt(squares);
    if (length > 0) {
      for (let at = 0; at < piece.length; at++) joined[offset + at] = piece[at]! / length;
      known++;
    }
    offset += piece.length;
  }
  if (known > 1) {
    const scale = 1 / Math.sqrt(known);
    for (let at = 0; at < dimensions; at++) joined[at]! *= scale;
  }
  return joined;
}
