import { describe, expect, it } from "vitest";
import { enrichmentRows } from "../sections/enrichment.js";
import {
  coverageTable,
  enrichmentSection,
  enrichmentTable,
  worstChangeTable,
  worstLoss,
} from "./enrichment-section.js";
import { enrichmentCurve, sampleReport } from "./report.fixture.js";

const rising = enrichmentCurve("clinc150_intents", "bm25", [0.664, 0.72, 0.78, 0.83, 0.87]);
// A dip at N = 1 of 0.8 points, then gains: the loss is what counts, the later gains never pay for it.
const dipping = enrichmentCurve("bfcl_v4", "hybrid-adaptive", [0.841, 0.833, 0.845, 0.85, 0.86]);

describe("the enrichment section", () => {
  it("has one row per curve: tools with examples, recall@5 at each N, the worst loss", () => {
    const lines = enrichmentTable({ enrichment: [rising, dipping] }).split("\n");
    expect(lines[0]).toBe(
      "| dataset | ranker | tools with examples | test queries | R@5 N=0 | R@5 N=1 | R@5 N=2 | R@5 N=4 | R@5 N=8 | R@1 0 → 8 | MRR@5 0 → 8 | Δ worst R@5 | abstain 0 → 8 |",
    );
    expect(lines[2]).toBe(
      "| clinc150_intents | bm25 | 150 of 150 | 3,000 | 0.664 | 0.720 | 0.780 | 0.830 | 0.870 | 0.464 → 0.670 | 0.564 → 0.770 | +5.60 | 0.500 → 0.460 |",
    );
    expect(lines[3]).toContain("| −0.80 |");
  });

  it("names the worst set at each N per ranker", () => {
    const lines = worstChangeTable({ enrichment: [rising, dipping] }).split("\n");
    expect(lines[2]).toBe(
      "| bm25 | +5.60 (clinc150_intents) | +11.60 (clinc150_intents) | +16.60 (clinc150_intents) | +20.60 (clinc150_intents) |",
    );
    expect(lines[3]).toContain("| −0.80 (bfcl_v4) |");
  });

  it("splits recall@5 by whether every expected tool has examples", () => {
    const lines = coverageTable({ enrichment: [rising] }).split("\n");
    expect(lines[0]).toBe(
      "| dataset | ranker | queries, all tools with examples | R@5 0 → 8 | queries, a tool without | R@5 0 → 8 |",
    );
    expect(lines[2]).toBe("| clinc150_intents | bm25 | 3,000 | 0.664 → 0.870 | 0 | – → – |");
  });

  it("holds each dataset to its ranker with the largest loss, a gain counting as none", () => {
    expect(worstLoss(dipping)).toBeCloseTo(0.8, 10);
    const rows = enrichmentRows([rising, dipping, { ...dipping, ranker: "bm25", error: "boom" }]);
    expect(rows).toEqual([
      { target: "enrichment.recall@5-loss.max.points", scope: "clinc150_intents (bm25)", measured: 0 },
      // A failed curve leaves its dataset unmeasured rather than passing.
      { target: "enrichment.recall@5-loss.max.points", scope: "bfcl_v4 (hybrid-adaptive, bm25)", measured: null },
    ]);
  });

  it("says it is a simulation with human-written requests, and is left out when no curve ran", () => {
    const section = enrichmentSection({ ...sampleReport(), enrichment: [rising] });
    expect(section[0]).toContain("simulated with human-written requests");
    expect(section[1]).toContain("A simulation, not a model");
    expect(enrichmentSection(sampleReport())).toEqual([]);
    expect(enrichmentSection({ enrichment: [] })).toEqual([]);
  });
});
