import { OptionsError } from "../src/errors.js";

/** The counts an option accepts, both ends included. */
export interface CountRange {
  /** Default 1: most counts (queries, processes, sizes) mean nothing at 0. */
  readonly min?: number;
  /** Default: the largest safe integer. */
  readonly max?: number;
}

/**
 * A whole-number command-line option of a bench script, such as `--max-queries 300`. Digits only,
 * so `1e3`, `-1`, `0x10` and `12abc` are refused rather than read as something else than was meant
 * (`Number("")` is 0 and `Number("1e3")` is 1000).
 *
 * @example countOption("--runs", "7", { max: 200 }) // 7
 * @throws OptionsError `BENCH_OPTIONS`, naming the option, the text and the range it takes.
 */
export function countOption(option: string, text: string, range: CountRange = {}): number {
  const min = range.min ?? 1;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    const accepted = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new OptionsError("BENCH_OPTIONS", `${option} "${text}" is not a whole number ${accepted}.`);
  }
  return value;
}

/** {@link countOption} for an option that may be absent: `fallback` when it is. */
export function countOrDefault(option: string, text: string | undefined, fallback: number, range?: CountRange): number {
  return text === undefined ? fallback : countOption(option, text, range);
}
