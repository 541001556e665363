import type { RowStorage } from "../../src/model-build/static-model/static-embedding-graph.js";

/** A model build's numeric flag: its value, or `fallback` when absent. @throws on anything but a non-negative number. */
export function nonNegativeFlag(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${flag} must be a non-negative number, got ${value}`);
  return parsed;
}

/** `--storage`: how the rows are stored, or `fallback` when absent. @throws on another value. */
export function storageFlag(value: string | undefined, fallback: RowStorage["kind"]): RowStorage["kind"] {
  const storage = value ?? fallback;
  if (storage !== "int8" && storage !== "fp16" && storage !== "fp32")
    throw new Error(`--storage must be int8, fp16 or fp32, got ${storage}`);
  return storage;
}
