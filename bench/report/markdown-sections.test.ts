import { describe, expect, it } from "vitest";
import { limitText, measuredText } from "./format.js";
import {
  blockSavingTable,
  pairedTable,
  packageTable,
  ratioTable,
  sessionScaleTable,
  targetsSection,
  targetsTable,
  vectorIndexSection,
  vectorIndexTable,
} from "./markdown-sections.js";
import {
  packageRun,
  sampleReport,
  sampleReportWithTargets,
  sessionScaleRun,
  vectorIndexRun,
} from "./report.fixture.js";

function rows(table: string): string[][] {
  return table
    .split("\n")
    .slice(2)
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("target formatting", () => {
  it("writes measured values and limits in their units", () => {
    expect(measuredText(2.414, "×")).toBe("2.41×");
    expect(measuredText(38.24, "ms")).toBe("38.2 ms");
    expect(measuredText(19.46, "MB")).toBe("19.5 MB");
    expect(measuredText(88.44, "%")).toBe("88.4%");
    expect(measuredText(null, "ms")).toBe("–");
    expect(limitText({ limit: 3, comparison: "<=", unit: "×" })).toBe("≤ 3×");
    expect(limitText({ limit: 2, comparison: "<", unit: "×" })).toBe("< 2×");
    expect(limitText({ limit: 88, comparison: ">=", unit: "%" })).toBe("≥ 88%");
    expect(limitText({ limit: 800, comparison: "<=", unit: "ms" })).toBe("≤ 800 ms");
  });
});

describe("sessionScaleTable", () => {
  it("has one row per size, smallest first, with every situation's p50", () => {
    const body = rows(sessionScaleTable(sampleReport()));
    expect(body.map((row) => row[0])).toEqual(["100", "1,000"]);
    // build, search p50/p95, search_tools p50/p95, tools() unchanged / hydration / host / change, search_tools after change
    expect(body[1]?.slice(1, 11)).toEqual(["50.0", "0.2", "0.4", "0.3", "0.6", "0.5", "1", "0.75", "2", "0.9"]);
  });

  it("shows a failed size's error", () => {
    const report = {
      ...sampleReport(),
      sessionScale: [{ ...sessionScaleRun(1_000, { searchTools: 1, toolsUnchanged: 1 }), error: "Error: a | b" }],
    };
    expect(sessionScaleTable(report)).toContain("| 1,000 | error: Error: a \\| b |");
  });
});

describe("ratioTable", () => {
  it("gives each size's four ratios, with verdicts only from 10,000 tools", () => {
    const report = {
      ...sampleReport(),
      sessionScale: [
        sessionScaleRun(1_000, {
          searchTools: 0.3,
          toolsUnchanged: 0.5,
          bm25: 0.2,
          reference: 0.05,
          bm25Build: 20,
          referenceBuild: 20,
        }),
        sessionScaleRun(10_000, {
          searchTools: 5,
          toolsUnchanged: 1,
          bm25: 3,
          reference: 1,
          bm25Build: 100,
          referenceBuild: 100,
        }),
      ],
    };
    const body = rows(ratioTable(report));
    expect(body).toHaveLength(8);
    expect(body[0]).toEqual([
      "1,000",
      "bm25 search p50 ÷ reference p50",
      "4.00×",
      "≤ 3×",
      "– (no target below 10,000)",
    ]);
    expect(body.slice(4).map((row) => [row[2], row[4]])).toEqual([
      ["3.00×", "met"],
      ["5.00×", "not met"],
      ["1.00×", "met"],
      ["1.00×", "met"],
    ]);
  });
});

describe("blockSavingTable", () => {
  it("shows tokens per tool, the three blocks, the saving and bytes", () => {
    const body = rows(blockSavingTable(sampleReport()));
    expect(body[0]).toEqual([
      "example-catalogue",
      "example-catalogue source",
      "100",
      "600",
      "60,000",
      "6,000",
      "6,900",
      "88.5%",
      "210,000",
      "24,150",
    ]);
  });

  it("marks a catalogue measured with the threshold at 0", () => {
    const report = sampleReport();
    report.blockSaving[1] = { ...report.blockSaving[1]!, progressiveByDefault: false };
    expect(rows(blockSavingTable(report))[1]?.[0]).toBe("toolsift-servers (threshold 0)");
  });
});

describe("packageTable", () => {
  it("lists install size, scripts, import and hybrid timings with their samples", () => {
    const table = packageTable(sampleReport());
    expect(table).toContain("| default install: node_modules | 19.5 MB, 10 packages |");
    expect(table).toContain("| packages with an install script | none |");
    expect(table).toContain('| `import("toolsift")`, median of 3 processes (each) | 120.0 (115.0, 120.0, 125.0) |');
    expect(table).toContain("| hybrid, 10,000 tools: model load, index build | 150.0 ms, 700.0 ms |");
  });

  it("says when it was skipped, and shows an error", () => {
    expect(packageTable({ ...sampleReport(), package: null })).toContain("Skipped");
    expect(
      packageTable({ ...sampleReport(), package: { ...packageRun(), error: "npm install failed\nE404" } }),
    ).toContain("| error | npm install failed E404 |");
  });
});

describe("vectorIndexTable", () => {
  it("compares exact and HNSW per size and names the faster", () => {
    const body = rows(vectorIndexTable(sampleReport()));
    expect(body.map((row) => [row[0], row[3], row[6], row[8], row[9]])).toEqual([
      ["1,000", "0.1", "0.2", "0.970", "exact"],
      ["10,000", "0.6", "0.3", "0.970", "HNSW"],
    ]);
  });

  it("says from which size HNSW wins, or that it did not", () => {
    expect(vectorIndexSection(sampleReport()).join("\n")).toContain("from 10,000 tools on");
    const slower = {
      ...sampleReport(),
      vectorIndex: [vectorIndexRun(1_000, 0.1, 0.2), vectorIndexRun(10_000, 0.6, 0.7)],
    };
    expect(vectorIndexSection(slower).join("\n")).toContain("was not below exact search's");
  });
});

describe("targets", () => {
  it("lists every target with measured value, limit and verdict, and counts the missed ones", () => {
    const report = sampleReportWithTargets();
    const body = rows(targetsTable(report));
    expect(body).toHaveLength(9);
    expect(body[0]).toEqual([
      "`block-saving.example-catalogue.pct`",
      "tool-block saving after one search and one hydration",
      "example-catalogue (100 tools, ~600 tokens a tool)",
      "88.5%",
      "≥ 88%",
      "met",
    ]);
    expect(body[1]?.slice(3)).toEqual(["57.4%", "≥ 70%", "not met"]);
    expect(body[4]).toEqual([
      "`package.import.ms`",
      'import("toolsift"), median',
      "packed package, fresh project",
      "120.0 ms",
      "≤ 100 ms",
      "not met",
    ]);
    expect(targetsSection(report)[1]).toBe(
      "9 targets of `bench/targets.ts` measured in this run; 3 not met. A missed target never fails the run.",
    );
  });
});

describe("pairedTable", () => {
  it("shows both BM25s' median and individual builds and their search latency", () => {
    const body = rows(pairedTable(sampleReport()));
    expect(body[1]).toEqual([
      "1,000",
      "40.0 (44.0, 40.0, 36.0)",
      "10.0 (11.0, 10.0, 9)",
      "0.2",
      "0.4",
      "0.1",
      "0.2",
      "340",
    ]);
  });
});
