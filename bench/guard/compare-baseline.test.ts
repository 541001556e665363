import { describe, expect, it } from "vitest";
import { compareWithBaseline, guardTable, type GuardBaseline } from "./compare-baseline.js";
import type { GuardRow, ReferenceRow } from "./measure-guard.js";

const row = (dataset: string, ranker: "bm25" | "hybrid", recallAt5: number, emptyRate = 0): GuardRow => ({
  dataset,
  ranker,
  answerable: 1_000,
  recallAt5,
  emptyRate,
  weakRate: 0.1,
  unanswerable: 0,
  unanswerableWeakRate: null,
});
const baselineOf = (rows: GuardRow[], references: ReferenceRow[] = []): GuardBaseline => ({
  formatVersion: 1,
  note: "test",
  seed: 42,
  maxQueries: 1_000,
  rows,
  references,
});

describe("compareWithBaseline", () => {
  const before = baselineOf([row("bfcl", "bm25", 0.85), row("bfcl", "hybrid", 0.86), row("hwu", "bm25", 0.64, 0.001)]);

  it("passes the baseline's own numbers, and losses up to half a point", () => {
    expect(compareWithBaseline(before.rows, [], before)).toEqual([]);
    expect(
      compareWithBaseline(
        [row("bfcl", "bm25", 0.846), row("bfcl", "hybrid", 0.86), row("hwu", "bm25", 0.64, 0.001)],
        [],
        before,
      ),
    ).toEqual([]);
  });

  it("fails a set that loses more than half a point, naming it, however well the others do", () => {
    const failures = compareWithBaseline(
      [row("bfcl", "bm25", 0.844), row("bfcl", "hybrid", 0.99), row("hwu", "bm25", 0.9, 0.001)],
      [],
      before,
    );
    expect(failures).toEqual([
      { dataset: "bfcl", ranker: "bm25", message: expect.stringMatching(/recall@5 fell from 0\.8500 to 0\.8440/) },
    ]);
  });

  it("fails any rise in empty answers, and any rate over 1% even without a baseline", () => {
    expect(
      compareWithBaseline(
        [row("bfcl", "bm25", 0.85), row("bfcl", "hybrid", 0.86), row("hwu", "bm25", 0.64, 0.002)],
        [],
        before,
      ),
    ).toEqual([{ dataset: "hwu", ranker: "bm25", message: expect.stringMatching(/empty answers .* rose/) }]);
    expect(compareWithBaseline([row("new", "bm25", 0.5, 0.02)], [], undefined)).toEqual([
      { dataset: "new", ranker: "bm25", message: expect.stringMatching(/2\.00% of answerable queries get no match/) },
    ]);
  });

  it("fails a baseline set that was not measured: a missing dataset is not a pass", () => {
    expect(compareWithBaseline([row("bfcl", "bm25", 0.85), row("bfcl", "hybrid", 0.86)], [], before)).toEqual([
      { dataset: "hwu", ranker: "bm25", message: expect.stringMatching(/not measured/) },
    ]);
  });

  it("fails bm25 half a point below the plain reference, and leaves the hybrid to its baseline", () => {
    const references = [{ dataset: "bfcl", answerable: 1_000, recallAt5: 0.9 }];
    const failures = compareWithBaseline(
      [row("bfcl", "bm25", 0.85), row("bfcl", "hybrid", 0.86), row("hwu", "bm25", 0.64, 0.001)],
      references,
      before,
    );
    expect(failures).toEqual([
      { dataset: "bfcl", ranker: "bm25", message: expect.stringMatching(/5\.00 points below the plain reference/) },
    ]);
  });
});

describe("guardTable", () => {
  it("shows each set's change against the baseline, and each ranker's worst set", () => {
    const table = guardTable(
      [row("bfcl", "bm25", 0.84), row("hwu", "bm25", 0.64, 0.001)],
      [{ dataset: "bfcl", answerable: 1_000, recallAt5: 0.62 }],
      baselineOf([row("bfcl", "bm25", 0.85)]),
    );
    expect(table).toContain("| bfcl | bm25 | 1000 | 0.840 | −1.00 | 0.620 |");
    expect(table).toContain("| hwu | bm25 | 1000 | 0.640 | new | – |");
    expect(table).toContain("| **worst** | bm25 | | 0.640 (hwu) |");
  });
});
