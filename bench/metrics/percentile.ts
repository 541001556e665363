/**
 * The `p`-th percentile (0–100) of `values`, linearly interpolated between the two closest
 * ranks (the "type 7" definition spreadsheets and NumPy use). `NaN` for an empty list.
 *
 * @example
 * ```ts
 * percentile([1, 2, 3, 4], 50); // 2.5
 * ```
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

/** Arithmetic mean; `NaN` for an empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}
