/**
 * Smooth inverse frequency (SIF) sentence embeddings (Arora, Liang, Ma, ICLR 2017) baked into
 * word rows. A SIF sentence vector is Σ a/(a+p(w)) · v_w over the sentence's words, minus its
 * projection on the corpus' common component(s). Both steps are linear in the word vectors, so
 * applying them to every row once makes mean pooling + L2 normalisation of the rows give the SIF
 * sentence vector (mean vs sum only changes the length, which normalisation removes).
 */

/**
 * Unigram probability of the word at 0-based frequency `rank` under Zipf's law with exponent 1
 * over a vocabulary of `vocabularySize` words: p(r) = 1 / ((r+1) · H(vocabularySize)).
 * GloVe files list words by corpus frequency but carry no counts, so rank stands in for them.
 *
 * @example
 * ```ts
 * zipfProbability(0, 400_000); // ≈ 0.076, about the share of "the" in English text
 * ```
 */
export function zipfProbability(rank: number, vocabularySize: number): number {
  return 1 / ((rank + 1) * harmonic(vocabularySize));
}

const harmonicCache = new Map<number, number>();
function harmonic(n: number): number {
  let value = harmonicCache.get(n);
  if (value === undefined) {
    value = 0;
    for (let k = n; k >= 1; k--) value += 1 / k;
    harmonicCache.set(n, value);
  }
  return value;
}

/** SIF weight a / (a + p): near 1 for rare words, small for very frequent ones. */
export function sifWeight(probability: number, a: number): number {
  return a / (a + probability);
}

/** Multiplies row i of `matrix` by `weights[i]`, in place. */
export function scaleRows(matrix: Float32Array, dimensions: number, weights: ArrayLike<number>): void {
  for (let row = 0; row < weights.length; row++) {
    const weight = weights[row] as number;
    for (let d = row * dimensions; d < (row + 1) * dimensions; d++) matrix[d] = (matrix[d] as number) * weight;
  }
}

/** Scales every non-zero row to unit length, in place. */
export function normaliseRows(matrix: Float32Array, dimensions: number): void {
  const rows = matrix.length / dimensions;
  for (let row = 0; row < rows; row++) {
    let squares = 0;
    for (let d = row * dimensions; d < (row + 1) * dimensions; d++) squares += (matrix[d] as number) ** 2;
    if (squares === 0) continue;
    const inverse = 1 / Math.sqrt(squares);
    for (let d = row * dimensions; d < (row + 1) * dimensions; d++) matrix[d] = (matrix[d] as number) * inverse;
  }
}

/**
 * The `count` leading principal directions of the rows, uncentred (as SIF's truncated SVD is):
 * unit eigenvectors of Σ wᵢ rᵢ rᵢᵀ by power iteration with deflation, in float64 and from a fixed
 * start, so the result is deterministic. `rowWeights` defaults to 1 per row.
 *
 * @example
 * ```ts
 * const [u] = commonComponents(matrix, 100, 1);
 * ```
 */
export function commonComponents(
  matrix: Float32Array,
  dimensions: number,
  count: number,
  rowWeights?: ArrayLike<number>,
): Float64Array[] {
  const gram = new Float64Array(dimensions * dimensions);
  const rows = matrix.length / dimensions;
  const row = new Float64Array(dimensions);
  for (let r = 0; r < rows; r++) {
    const weight = rowWeights === undefined ? 1 : (rowWeights[r] as number);
    for (let d = 0; d < dimensions; d++) row[d] = matrix[r * dimensions + d] as number;
    for (let i = 0; i < dimensions; i++) {
      const scaled = weight * (row[i] as number);
      for (let j = 0; j < dimensions; j++)
        gram[i * dimensions + j] = (gram[i * dimensions + j] as number) + scaled * (row[j] as number);
    }
  }

  const components: Float64Array[] = [];
  for (let c = 0; c < count; c++) {
    let vector = new Float64Array(dimensions).fill(1 / Math.sqrt(dimensions));
    let eigenvalue = 0;
    for (let iteration = 0; iteration < 10_000; iteration++) {
      const next = new Float64Array(dimensions);
      for (let i = 0; i < dimensions; i++) {
        let sum = 0;
        for (let j = 0; j < dimensions; j++) sum += (gram[i * dimensions + j] as number) * (vector[j] as number);
        next[i] = sum;
      }
      const norm = Math.hypot(...next);
      if (norm === 0) break;
      let change = 0;
      for (let i = 0; i < dimensions; i++) {
        next[i] = (next[i] as number) / norm;
        change = Math.max(change, Math.abs((next[i] as number) - (vector[i] as number)));
      }
      vector = next;
      eigenvalue = norm;
      if (change < 1e-13) break;
    }
    components.push(vector);
    // Deflate so the next iteration finds the next direction.
    for (let i = 0; i < dimensions; i++) {
      for (let j = 0; j < dimensions; j++) {
        gram[i * dimensions + j] =
          (gram[i * dimensions + j] as number) - eigenvalue * (vector[i] as number) * (vector[j] as number);
      }
    }
  }
  return components;
}

/** Subtracts from every row its projection on each (unit, mutually orthogonal) component, in place. */
export function removeComponents(matrix: Float32Array, dimensions: number, components: readonly Float64Array[]): void {
  const rows = matrix.length / dimensions;
  for (let r = 0; r < rows; r++) {
    const start = r * dimensions;
    for (const component of components) {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += (matrix[start + d] as number) * (component[d] as number);
      for (let d = 0; d < dimensions; d++)
        matrix[start + d] = (matrix[start + d] as number) - dot * (component[d] as number);
    }
  }
}

/**
 * Each row's coordinates on the given (unit, mutually orthogonal) directions: a matrix of
 * `directions.length` columns. With principal directions this is PCA without centring.
 */
export function projectRows(
  matrix: Float32Array,
  dimensions: number,
  directions: readonly Float64Array[],
): Float32Array {
  const rows = matrix.length / dimensions;
  const out = new Float32Array(rows * directions.length);
  for (let r = 0; r < rows; r++) {
    const start = r * dimensions;
    directions.forEach((direction, c) => {
      let dot = 0;
      for (let d = 0; d < dimensions; d++) dot += (matrix[start + d] as number) * (direction[d] as number);
      out[r * directions.length + c] = dot;
    });
  }
  return out;
}
