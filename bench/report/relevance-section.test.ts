import { describe, expect, it } from "vitest";
import { relevanceSection } from "./relevance-section.js";
import { sampleRelevance, sampleReport } from "./report.fixture.js";

describe("relevanceSection", () => {
  const report = sampleReport();
  report.relevance = sampleRelevance();
  const text = relevanceSection(report).join("\n\n");

  it("is empty when the section did not run", () => {
    expect(relevanceSection(sampleReport())).toEqual([]);
  });

  it("lists each catalogue's exact-name hit rate per ranker, with a miss", () => {
    expect(text).toContain(
      "| example-catalogue | hybrid-adaptive | 100 | 99 | 99.0% | 3 | `slack post message → slack__schedule_message` |",
    );
    expect(text).toContain("| example-catalogue | peer-a | 100 | 60 | 60.0% | 3 |");
  });

  it("shows multi-tool recall ranked whole and part by part, with the gain in points", () => {
    expect(text).toContain("| seal_tools | bm25 | 50 | 0.850 | 0.900 | +5.00 |");
    expect(text).toContain("| seal_tools | hybrid-adaptive | 50 | 0.880 | 0.880 | 0.00 |");
  });

  it("shows abstention plain, without and with, and its recall cost", () => {
    expect(text).toContain("| toolsift-servers | bm25 | 71 | 0.040 | 0.040 | 0.650 | 0.492 | 0.490 | +0.20 |");
  });

  it("compares every run with the plain ranker, and shows a failed run's error", () => {
    expect(text).toContain("| seal_tools | bm25 | 100 | 0.890 | 0.930 | +4.00 |");
    expect(text).toContain("| toolsift-servers | hybrid-adaptive | error: model \\| missing |");
  });
});
