/** A small deterministic generator of values in [−0.5, 0.5), so the vector tests' failures reproduce. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32 - 0.5;
  };
}

/** `count` unit vectors of `dimensions` from {@link seededRandom}. */
export function unitVectors(count: number, dimensions: number, seed: number): Float32Array[] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const vector = Float32Array.from({ length: dimensions }, next);
    const norm = Math.hypot(...vector);
    return vector.map((value) => value / norm);
  });
}
