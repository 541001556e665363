/**
 * Principal directions of a matrix's rows (uncentred), all at once: the eigenvectors of the
 * Gram matrix by cyclic Jacobi rotations. sif.ts' power iteration finds a few directions one by
 * one; for dozens or hundreds of them (removal plus a projection) this is much faster, and
 * exact to rounding.
 */

/**
 * The `count` leading directions (unit, mutually orthogonal, largest eigenvalue first) of the
 * rows' Gram matrix Σ rowᵀ·row. Each direction's sign is fixed (its largest coordinate is
 * positive), so the same rows always give the same directions.
 */
export function principalDirections(matrix: Float32Array, dimensions: number, count: number): Float64Array[] {
  const n = dimensions;
  const gram = new Float64Array(n * n);
  const rows = matrix.length / n;
  for (let r = 0; r < rows; r++) {
    const start = r * n;
    for (let i = 0; i < n; i++) {
      const value = matrix[start + i] as number;
      if (value === 0) continue;
      for (let j = i; j < n; j++) gram[i * n + j] = (gram[i * n + j] as number) + value * (matrix[start + j] as number);
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) gram[i * n + j] = gram[j * n + i] as number;
  const { values, vectors } = symmetricEigen(gram, n);
  const order = [...values.keys()].sort((a, b) => (values[b] as number) - (values[a] as number) || a - b);
  return order.slice(0, count).map((column) => {
    const direction = new Float64Array(n);
    let largest = 0;
    for (let i = 0; i < n; i++) {
      direction[i] = vectors[i * n + column] as number;
      if (Math.abs(direction[i] as number) > Math.abs(largest)) largest = direction[i] as number;
    }
    if (largest < 0) for (let i = 0; i < n; i++) direction[i] = -(direction[i] as number);
    return direction;
  });
}

/**
 * Eigenvalues and eigenvectors (the columns of `vectors`, row-major n×n) of a symmetric matrix,
 * which is overwritten. Cyclic Jacobi: rotate away each off-diagonal entry in turn until they
 * are negligible against the diagonal.
 */
export function symmetricEigen(a: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let diagonal = 0;
    for (let i = 0; i < n; i++) {
      diagonal += (a[i * n + i] as number) ** 2;
      for (let j = i + 1; j < n; j++) off += (a[i * n + j] as number) ** 2;
    }
    if (off <= 1e-30 * diagonal || off === 0) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q] as number;
        if (apq === 0) continue;
        const theta = ((a[q * n + q] as number) - (a[p * n + p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const kp = a[k * n + p] as number;
          const kq = a[k * n + q] as number;
          a[k * n + p] = c * kp - s * kq;
          a[k * n + q] = s * kp + c * kq;
        }
        for (let k = 0; k < n; k++) {
          const pk = a[p * n + k] as number;
          const qk = a[q * n + k] as number;
          a[p * n + k] = c * pk - s * qk;
          a[q * n + k] = s * pk + c * qk;
        }
        for (let k = 0; k < n; k++) {
          const kp = v[k * n + p] as number;
          const kq = v[k * n + q] as number;
          v[k * n + p] = c * kp - s * kq;
          v[k * n + q] = s * kp + c * kq;
        }
      }
    }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i] as number;
  return { values, vectors: v };
}
