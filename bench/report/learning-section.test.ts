import { describe, expect, it } from "vitest";
import type { LearningCurveRun } from "./bench-report.js";
import { learningSection, learningTable } from "./learning-section.js";
import { sampleReport } from "./report.fixture.js";

const curve: LearningCurveRun = {
  dataset: "clinc150_intents",
  ranker: "bm25",
  answerable: 22_495,
  heldBack: 1_500,
  unanswerable: 1_200,
  points: [0, 0.01, 0.05, 0.1, 0.25].map((share, i) => ({
    share,
    taught: Math.round(share * 22_495),
    lessons: Math.round(share * 22_495),
    recallAt5: [0.679, 0.791, 0.895, 0.932, 0.945][i]!,
    abstention: [0.05, 0.05, 0.04, 0.03, 0.02][i]!,
    searchP50Ms: [0.06, 0.07, 0.1, 0.12, 0.2][i]!,
    teachMs: 10,
  })),
};

describe("the learning section", () => {
  it("has one row per curve: recall@5 at each share taught, lessons, abstention and search time", () => {
    const table = learningTable({
      ...sampleReport(),
      learning: [curve, { ...curve, ranker: "hybrid-adaptive", points: [], error: "no model" }],
    });
    const lines = table.split("\n");
    expect(lines[0]).toBe(
      "| dataset | ranker | held back | R@5 0% | R@5 1% | R@5 5% | R@5 10% | R@5 25% | lessons | abstain 0% → max | search p50 0% → max |",
    );
    expect(lines[2]).toBe(
      "| clinc150_intents | bm25 | 1,500 | 0.679 | 0.791 | 0.895 | 0.932 | 0.945 | 5,624 | 0.050 → 0.020 | 0.06 → 0.2 ms |",
    );
    expect(lines[3]).toContain("| hybrid-adaptive | error: no model |");
  });

  it("is left out when no curve ran (older reports, --no-learning)", () => {
    expect(learningSection(sampleReport())).toEqual([]);
    expect(learningSection({ ...sampleReport(), learning: [] })).toEqual([]);
    expect(learningSection({ ...sampleReport(), learning: [curve] })[0]).toBe("## Learning from use");
  });
});
