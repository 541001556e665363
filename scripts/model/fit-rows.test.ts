import { describe, expect, it } from "vitest";
import { fitRows, type SentenceRows } from "./fit-rows.js";

/** A small deterministic generator, so the problem is the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
}

const D = 4;
const ROWS = 7;

function meanOf(rows: Float32Array, sentence: SentenceRows): Float64Array {
  const mean = new Float64Array(D);
  let total = 0;
  for (const count of sentence.counts) total += count;
  sentence.rows.forEach((row, k) => {
    for (let i = 0; i < D; i++)
      mean[i] = (mean[i] as number) + ((sentence.counts[k] as number) / total) * (rows[row * D + i] as number);
  });
  return mean;
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < D; i++) {
    dot += (a[i] as number) * (b[i] as number);
    aa += (a[i] as number) ** 2;
    bb += (b[i] as number) ** 2;
  }
  return dot / Math.sqrt(aa * bb);
}

/** Sentences over rows 0..5 (row 6 never used), and targets from rows that are not the start. */
function problem() {
  const next = random(7);
  const truth = Float32Array.from({ length: ROWS * D }, next);
  const start = Float32Array.from({ length: ROWS * D }, next);
  const sentences: SentenceRows[] = Array.from({ length: 40 }, (_, x) => ({
    rows: Int32Array.from([x % 6, (x * 5 + 1) % 6, (x * 3 + 2) % 6].filter((row, i, all) => all.indexOf(row) === i)),
    counts: Float32Array.from([1 + (x % 3), 1, 2].slice(0, new Set([x % 6, (x * 5 + 1) % 6, (x * 3 + 2) % 6]).size)),
  }));
  const targets = new Float32Array(sentences.length * D);
  sentences.forEach((sentence, x) => {
    const mean = meanOf(truth, sentence);
    const length = Math.hypot(...mean);
    for (let i = 0; i < D; i++) targets[x * D + i] = (mean[i] as number) / length;
  });
  return { start, sentences, targets };
}

describe("fitRows", () => {
  it("turns each sentence's mean row towards its target when the pull is slight", () => {
    const { start, sentences, targets } = problem();
    const before = sentences.map((sentence, x) => cosine(meanOf(start, sentence), targets.subarray(x * D, x * D + D)));
    const fitted = fitRows({ start, dimensions: D, sentences, targets, pull: 1e-6, iterations: 60 });
    const after = sentences.map((sentence, x) => cosine(meanOf(fitted, sentence), targets.subarray(x * D, x * D + D)));
    expect(Math.min(...before)).toBeLessThan(0.9);
    expect(Math.min(...after)).toBeGreaterThan(0.99);
  });

  it("keeps a row that no sentence uses as it started", () => {
    const { start, sentences, targets } = problem();
    const fitted = fitRows({ start, dimensions: D, sentences, targets, pull: 1e-6, iterations: 60 });
    expect([...fitted.subarray(6 * D)]).toEqual([...start.subarray(6 * D)]);
  });

  it("stays near the start when the pull is strong", () => {
    const { start, sentences, targets } = problem();
    const distance = (rows: Float32Array) => Math.hypot(...rows.map((value, j) => value - (start[j] as number)));
    const loose = fitRows({ start, dimensions: D, sentences, targets, pull: 1e-6, iterations: 60 });
    const held = fitRows({ start, dimensions: D, sentences, targets, pull: 1e3, iterations: 60 });
    expect(distance(held)).toBeLessThan(distance(loose) / 20);
  });

  it("fits the same rows whether a sentence with no rows is given or left out", () => {
    const { start, sentences, targets } = problem();
    const given = fitRows({
      start,
      dimensions: D,
      sentences: [{ rows: new Int32Array(0), counts: new Float32Array(0) }, ...sentences],
      targets: Float32Array.from([...Array.from({ length: D }, () => 0.5), ...targets]),
      pull: 1,
      iterations: 20,
    });
    const left = fitRows({ start, dimensions: D, sentences, targets, pull: 1, iterations: 20 });
    expect([...given]).toEqual([...left]);
  });

  it("refuses a sentence that names a row the matrix lacks", () => {
    const { start, targets } = problem();
    const sentences = [{ rows: Int32Array.from([ROWS]), counts: Float32Array.from([1]) }];
    expect(() => fitRows({ start, dimensions: D, sentences, targets, pull: 1, iterations: 1 })).toThrow(/row 7/);
  });
});
