/**
 * Fits a static embedding's rows to a sentence encoder's vectors (in the manner of model2vec's
 * "tokenlearn", Tulkens and van Dongen, 2024, here as a closed-form ridge regression): the mean
 * of a sentence's rows should point where the encoder's vector of that sentence points. Rows
 * encoded alone know each piece out of context; fitted, they carry what the encoder reads from
 * pieces together ("reset" beside "password"), while the regression's pull towards the rows
 * they start from keeps what the corpus says little about.
 */

/** A corpus sentence as the static model tokenises it: its rows and how often each occurs. */
export interface SentenceRows {
  rows: Int32Array;
  counts: Float32Array;
}

export interface FitRowsOptions {
  /** Rows to start from and to pull towards, `rows × dimensions`. */
  start: Float32Array;
  dimensions: number;
  sentences: readonly SentenceRows[];
  /** The encoder's vector of each sentence, `sentences.length × dimensions`, unit length. */
  targets: Float32Array;
  /**
   * Pull towards `start`, as a multiple of the median weight a row has in the corpus (the
   * median of Σ aᵢ² over the sentences using it), so the same value means the same with any
   * corpus size.
   */
  pull: number;
  /** Conjugate-gradient steps; the fit stops earlier only when nothing is left to fit. */
  iterations: number;
  log?: (line: string) => void;
}

/**
 * The rows E minimising Σₓ ‖Aₓ·E − cₓ·tₓ‖² + λ‖E − E₀‖², where Aₓ·E is sentence x's mean row
 * (each row weighted by its count), tₓ the encoder's vector and cₓ = ‖Aₓ·E₀‖, so each sentence
 * keeps the length its mean had and only its direction is taught. Solved by conjugate gradient
 * on the normal equations, one system per dimension. Rows no sentence uses stay as they were,
 * and a sentence with no rows adds nothing.
 */
export function fitRows(options: FitRowsOptions): Float32Array {
  const { start, dimensions: d, sentences, targets, iterations } = options;
  const rowCount = start.length / d;
  // The sentence-by-row matrix A, as compressed rows: sentence x holds entries first[x]..first[x+1].
  const first = new Int32Array(sentences.length + 1);
  let entries = 0;
  sentences.forEach((sentence, x) => {
    entries += sentence.rows.length;
    first[x + 1] = entries;
  });
  const column = new Int32Array(entries);
  const weight = new Float32Array(entries);
  sentences.forEach((sentence, x) => {
    let total = 0;
    for (const count of sentence.counts) total += count;
    sentence.rows.forEach((row, k) => {
      if (row < 0 || row >= rowCount) throw new RangeError(`sentence ${x} uses row ${row}, outside 0..${rowCount - 1}`);
      column[(first[x] as number) + k] = row;
      weight[(first[x] as number) + k] = (sentence.counts[k] as number) / total;
    });
  });

  /** `out` = A·`matrix` (each sentence's mean row), or Aᵀ·`matrix` when `transposed`. */
  const multiply = (matrix: Float32Array, out: Float32Array, transposed: boolean) => {
    out.fill(0);
    for (let x = 0; x < sentences.length; x++) {
      for (let k = first[x] as number; k < (first[x + 1] as number); k++) {
        const [from, to] = transposed ? [x * d, (column[k] as number) * d] : [(column[k] as number) * d, x * d];
        const w = weight[k] as number;
        for (let i = 0; i < d; i++) out[to + i] = (out[to + i] as number) + w * (matrix[from + i] as number);
      }
    }
  };

  const used = new Float64Array(rowCount);
  for (let k = 0; k < entries; k++)
    used[column[k] as number] = (used[column[k] as number] as number) + (weight[k] as number) ** 2;
  const inUse = [...used].filter((value) => value > 0).sort((a, b) => a - b);
  const lambda = options.pull * (inUse[inUse.length >> 1] ?? 1);

  const perSentence = new Float32Array(sentences.length * d);
  multiply(start, perSentence, false);
  for (let x = 0; x < sentences.length; x++) {
    let square = 0;
    for (let i = 0; i < d; i++) square += (perSentence[x * d + i] as number) ** 2;
    const length = Math.sqrt(square);
    for (let i = 0; i < d; i++) perSentence[x * d + i] = length * (targets[x * d + i] as number);
  }
  const right = new Float32Array(rowCount * d);
  multiply(perSentence, right, true);
  for (let j = 0; j < right.length; j++) right[j] = (right[j] as number) + lambda * (start[j] as number);

  const apply = (p: Float32Array, out: Float32Array) => {
    multiply(p, perSentence, false);
    multiply(perSentence, out, true);
    for (let j = 0; j < out.length; j++) out[j] = (out[j] as number) + lambda * (p[j] as number);
  };
  const columnDots = (a: Float32Array, b: Float32Array) => {
    const sums = new Float64Array(d);
    for (let j = 0; j < a.length; j++) sums[j % d] = (sums[j % d] as number) + (a[j] as number) * (b[j] as number);
    return sums;
  };

  const solution = start.slice();
  const residual = new Float32Array(rowCount * d);
  apply(solution, residual);
  for (let j = 0; j < residual.length; j++) residual[j] = (right[j] as number) - (residual[j] as number);
  const direction = residual.slice();
  const applied = new Float32Array(rowCount * d);
  let squares = columnDots(residual, residual);
  const initial = squares.reduce((sum, value) => sum + value, 0);
  for (let step = 0; step < iterations; step++) {
    apply(direction, applied);
    const curvature = columnDots(direction, applied);
    const alpha = squares.map((value, i) => ((curvature[i] as number) > 0 ? value / (curvature[i] as number) : 0));
    for (let j = 0; j < solution.length; j++) {
      const a = alpha[j % d] as number;
      solution[j] = (solution[j] as number) + a * (direction[j] as number);
      residual[j] = (residual[j] as number) - a * (applied[j] as number);
    }
    const next = columnDots(residual, residual);
    const beta = next.map((value, i) => ((squares[i] as number) > 0 ? value / (squares[i] as number) : 0));
    for (let j = 0; j < direction.length; j++)
      direction[j] = (residual[j] as number) + (beta[j % d] as number) * (direction[j] as number);
    squares = next;
    const left = squares.reduce((sum, value) => sum + value, 0);
    options.log?.(
      `fit step ${step + 1} of ${iterations}: residual ${(left / (initial || 1)).toExponential(2)} of the first`,
    );
    if (left === 0) break;
  }
  return solution;
}
