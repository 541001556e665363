import { describe, expect, it } from "vitest";
import type { GuardRow } from "../guard/measure-guard.js";
import { sampleReport } from "./report.fixture.js";
import { searchHoldsSection } from "./search-holds-section.js";
import { targetsOf } from "../sections/render.js";

const row = (dataset: string, ranker: "bm25" | "hybrid", recallAt5: number, emptyRate: number): GuardRow => ({
  dataset,
  ranker,
  answerable: 100,
  recallAt5,
  emptyRate,
  weakRate: 0.2,
  unanswerable: 10,
  unanswerableWeakRate: 0.6,
});

describe("the search-holds section", () => {
  const searchHolds = {
    rows: [
      row("bfcl_v4", "bm25", 0.85, 0.003),
      row("bfcl_v4", "hybrid", 0.86, 0.02),
      row("hwu64_intents", "bm25", 0.6, 0),
    ],
    references: [
      { dataset: "bfcl_v4", answerable: 100, recallAt5: 0.62 },
      { dataset: "hwu64_intents", answerable: 100, recallAt5: 0.61 },
    ],
  };

  it("checks each dataset's worst empty rate of the two rankers, and bm25 against the plain reference", () => {
    const checks = targetsOf({ ...sampleReport(), searchHolds }).filter((check) => check.section === "search-holds");
    expect(checks.map(({ scope, measured, verdict }) => [scope, Math.round(measured! * 100) / 100, verdict])).toEqual([
      ["bfcl_v4 (bm25, hybrid)", 2, "not met"],
      ["bfcl_v4", 23, "met"],
      ["hwu64_intents (bm25)", 0, "met"],
      ["hwu64_intents", -1, "not met"],
    ]);
  });

  it("shows both weak rates, and nothing for a run made before it", () => {
    const text = searchHoldsSection({ ...sampleReport(), searchHolds }).join("\n");
    expect(text).toContain("| bfcl_v4 | hybrid | 100 | 0.860 | – | 0.620 | 2.00% | 20.00% | 60.00% of 10 |");
    expect(searchHoldsSection(sampleReport())).toEqual([]);
  });
});
