/**
 * Retrofitting (Faruqui et al., NAACL 2015): pulls the vectors of words a lexicon links
 * towards each other while keeping each near its original, so corpus-trained vectors learn
 * the senses a domain needs (GloVe's "ticket" is about fares and seats; in a tool request it is
 * an issue). Each linked word becomes, repeatedly, the average of its original vector and the
 * mean of its neighbours' current vectors (α = 1, β = 1/degree in the paper's terms).
 */

/**
 * Retrofits the rows of `matrix` in place. `groups` lists row indices that mean the same;
 * a row in several groups is linked to all their members. Deterministic: Jacobi-style updates
 * from the original vectors, in float64, a fixed number of times.
 *
 * @example
 * ```ts
 * retrofitRows(matrix, 100, [[rowOf("ticket"), rowOf("issue")]]);
 * ```
 */
export function retrofitRows(
  matrix: Float32Array,
  dimensions: number,
  groups: readonly (readonly number[])[],
  iterations = 10,
): void {
  const neighbours = new Map<number, Set<number>>();
  for (const group of groups) {
    for (const row of group) {
      const linked = neighbours.get(row) ?? new Set<number>();
      for (const other of group) if (other !== row) linked.add(other);
      neighbours.set(row, linked);
    }
  }
  const rows = [...neighbours.keys()].filter((row) => (neighbours.get(row)?.size ?? 0) > 0).sort((a, b) => a - b);
  const original = new Map<number, Float64Array>();
  for (const row of rows)
    original.set(row, Float64Array.from(matrix.subarray(row * dimensions, (row + 1) * dimensions)));

  let current = new Map(original);
  for (let iteration = 0; iteration < iterations; iteration++) {
    const next = new Map<number, Float64Array>();
    for (const row of rows) {
      // Sorted, so the sum (and so the bytes) do not depend on the order groups are listed in.
      const linked = [...(neighbours.get(row) as Set<number>)].sort((a, b) => a - b);
      const mean = new Float64Array(dimensions);
      for (const other of linked) {
        const vector = current.get(other) as Float64Array;
        for (let d = 0; d < dimensions; d++) mean[d] = (mean[d] as number) + (vector[d] as number) / linked.length;
      }
      const base = original.get(row) as Float64Array;
      next.set(
        row,
        base.map((value, d) => (value + (mean[d] as number)) / 2),
      );
    }
    current = next;
  }
  for (const row of rows) matrix.set(current.get(row) as Float64Array, row * dimensions);
}
