import { describe, expect, it } from "vitest";
import type { BlockSavingRun } from "./bench-report.js";
import { packageRun, sampleRelevance, sampleReport, sessionScaleRun } from "./report.fixture.js";
import { blockSavingRows } from "../sections/block-saving.js";
import { packageRows } from "../sections/package.js";
import { relevanceRows } from "../sections/relevance.js";
import { targetsOf } from "../sections/render.js";
import { scaleRatios as scaleRatioRows } from "../scale/scale-ratios.js";
import { checkTarget, ratio, verdictOf } from "./targets.js";

// The checks each section's rows make, as the report holds them.
const scaleRatios = (sessions: Parameters<typeof scaleRatioRows>[0]) =>
  scaleRatioRows(sessions).map(({ size, rows }) => ({ size, checks: rows.map(checkTarget) }));
const blockSavingChecks = (runs: Parameters<typeof blockSavingRows>[0]) => blockSavingRows(runs).map(checkTarget);
const packageChecks = (run: Parameters<typeof packageRows>[0]) => packageRows(run).map(checkTarget);
const relevanceChecks = (section: Parameters<typeof relevanceRows>[0]) => relevanceRows(section).map(checkTarget);
const allTargets = (report: Partial<Parameters<typeof targetsOf>[0]>) => targetsOf({ ...sampleReport(), ...report });

describe("verdictOf", () => {
  it("compares with the limit as the target states it", () => {
    expect(verdictOf(3, 3, "<=")).toBe("met");
    expect(verdictOf(3.01, 3, "<=")).toBe("not met");
    expect(verdictOf(1.99, 2, "<")).toBe("met");
    expect(verdictOf(2, 2, "<")).toBe("not met");
    expect(verdictOf(88, 88, ">=")).toBe("met");
    expect(verdictOf(87.9, 88, ">=")).toBe("not met");
  });

  it("says not measured for a missing or non-finite value", () => {
    expect(verdictOf(null, 3, "<=")).toBe("not measured");
    expect(verdictOf(Number.NaN, 3, "<=")).toBe("not measured");
    expect(verdictOf(Number.POSITIVE_INFINITY, 3, ">=")).toBe("not measured");
  });
});

describe("ratio", () => {
  it("divides, or is null without a positive denominator", () => {
    expect(ratio(6, 2)).toBe(3);
    expect(ratio(6, 0)).toBeNull();
    expect(ratio(undefined, 2)).toBeNull();
    expect(ratio(6, Number.NaN)).toBeNull();
  });
});

describe("scaleRatios", () => {
  it("divides the direct bm25, search_tools and tools() p50 by the reference p50, and the median builds, per size", () => {
    const sessions = [
      sessionScaleRun(10_000, {
        searchTools: 7,
        toolsUnchanged: 3.5,
        bm25: 6,
        reference: 2,
        bm25Build: 400,
        referenceBuild: 100,
      }),
      sessionScaleRun(1_000, { searchTools: 1, toolsUnchanged: 0.5 }),
    ];
    const [small, large] = scaleRatios(sessions);
    expect(small?.size).toBe(1_000);
    expect(large?.checks.map((c) => [c.target, c.measured, c.verdict])).toEqual([
      ["bm25 search p50 ÷ reference p50", 3, "met"],
      ["search_tools p50 ÷ reference p50", 3.5, "met"],
      ["tools() with nothing new, p50 ÷ reference p50", 1.75, "met"],
      ["bm25 index build ÷ reference build", 4, "met"],
    ]);
    expect(large?.checks[0]?.scope).toBe("10,000 tools");
  });

  it("marks every ratio of a failed run not measured", () => {
    const failed = { ...sessionScaleRun(10_000, { searchTools: 7, toolsUnchanged: 3.5 }), error: "boom" };
    expect(scaleRatios([failed])[0]!.checks.map((c) => c.verdict)).toEqual([
      "not measured",
      "not measured",
      "not measured",
      "not measured",
    ]);
  });

  it("counts only sizes from 10,000 tools in the target summary", () => {
    const sessions = [
      sessionScaleRun(10_000, {
        searchTools: 9,
        toolsUnchanged: 5,
        bm25: 6,
        reference: 2,
        bm25Build: 400,
        referenceBuild: 100,
      }),
      sessionScaleRun(1_000, { searchTools: 1, toolsUnchanged: 0.5 }),
    ];
    const targets = allTargets({
      sessionScale: sessions,
      blockSaving: [],
      package: null,
      relevance: { exactNames: [], runs: [] },
    });
    expect(targets.map((c) => `${c.scope}: ${c.verdict}`)).toEqual([
      "10,000 tools: met",
      "10,000 tools: not met",
      "10,000 tools: not met",
      "10,000 tools: met",
    ]);
  });
});

describe("blockSavingChecks", () => {
  const saving = (catalogue: string, value: number, extra: Partial<BlockSavingRun> = {}): BlockSavingRun => ({
    catalogue,
    source: "x",
    tools: 100,
    sessions: 10,
    fullTokens: 19_000,
    fullBytes: 66_500,
    stubTokens: 5_000,
    afterTokens: 19_000 * (1 - value),
    afterBytes: 1,
    saving: value,
    progressiveByDefault: true,
    ...extra,
  });

  it("holds the example catalogue to 88% and other catalogues to 70%", () => {
    const checks = blockSavingChecks([
      saving("example-catalogue", 0.87),
      saving("toolsift-servers", 0.71),
      saving("light", 0.69),
    ]);
    expect(checks.map((c) => [c.limit, c.verdict])).toEqual([
      [88, "not met"],
      [70, "met"],
      [70, "not met"],
    ]);
    expect(checks[0]?.measured).toBeCloseTo(87, 10);
    expect(checks[1]?.scope).toBe("toolsift-servers (100 tools, ~190 tokens a tool)");
  });

  it("gives no verdict for a catalogue toolsift would ship in full (under the default threshold)", () => {
    expect(blockSavingChecks([saving("everything", 0.08, { progressiveByDefault: false })])).toEqual([]);
  });

  it("is not measured for a failed run", () => {
    expect(blockSavingChecks([saving("x", 0, { error: "no server" })])[0]?.verdict).toBe("not measured");
  });
});

describe("packageChecks", () => {
  it("checks the package's seven targets", () => {
    const checks = packageChecks(packageRun());
    expect(checks.map((c) => [c.target, c.measured, c.verdict])).toEqual([
      ["default install node_modules", 19.5, "met"],
      ["packages with an install script", 0, "met"],
      ['import("toolsift"), median', 120, "not met"],
      ["hybrid, 1,000 tools: created + first search, median", 250, "met"],
      ["hybrid, 1,000 tools: process RSS after it, median", 95, "not met"],
      ["hybrid, 10,000 tools: index build", 700, "met"],
      ["hybrid, 10,000 tools: search p50", 0.8, "met"],
    ]);
  });

  it("has nothing when the section was skipped, and not measured when it failed", () => {
    expect(packageChecks(null)).toEqual([]);
    expect(packageChecks({ ...packageRun(), error: "offline" }).every((c) => c.verdict === "not measured")).toBe(true);
  });
});

describe("relevanceChecks", () => {
  const checks = relevanceChecks(sampleRelevance());
  const find = (target: string, scope: string) =>
    checks.find((check) => check.target.startsWith(target) && check.scope.startsWith(scope));

  it("takes the lowest exact-name hit rate of toolsift's rankers per catalogue, leaving peers out", () => {
    expect(find("exact-name", "example-catalogue")).toMatchObject({
      id: "relevance.exact-name-hit-rate.min.pct",
      measured: 99,
      limit: 100,
      verdict: "not met",
      scope: "example-catalogue (bm25, hybrid-adaptive)",
    });
    expect(find("exact-name", "seal_tools")).toMatchObject({ measured: 100, verdict: "met" });
  });

  it("needs every toolsift ranker to gain on multi-tool queries of the chaining sets", () => {
    // bm25 gains 5 points, the hybrid none: the least gain decides.
    const multi = find("multi-tool", "seal_tools")!;
    expect(multi.measured).toBeCloseTo(0, 10);
    expect(multi).toMatchObject({ comparison: ">", limit: 0, unit: "points", verdict: "not met" });
    // StableToolBench did not run: no row.
    expect(find("multi-tool", "toolbench_stabletoolbench")).toBeUndefined();
  });

  it("checks what abstention costs the default ranker, and no longer how often it answers nothing", () => {
    expect(find("unanswerable", "toolsift-servers")).toBeUndefined();
    expect(find("recall@5 lost by bm25 to abstention", "toolsift-servers")!.measured).toBeCloseTo(0.2, 6);
    expect(find("recall@5 lost by bm25 to abstention", "seal_tools")!.measured).toBe(0);
  });

  it("takes the largest loss against the plain ranker per dataset, a gain counting as none, a failed run as unmeasured", () => {
    expect(find("recall@5 lost against the plain", "seal_tools")!.measured).toBe(0);
    expect(find("recall@5 lost against the plain", "toolsift-servers")).toMatchObject({
      measured: null,
      verdict: "not measured",
    });
  });

  it("are part of allTargets when the run has a relevance section", () => {
    const report = sampleReport();
    report.relevance = sampleRelevance();
    expect(allTargets(report).filter((check) => check.section === "relevance")).toEqual(checks);
  });
});

describe("verdictOf with more-than targets", () => {
  it("needs the value above the limit", () => {
    expect(verdictOf(0.01, 0, ">")).toBe("met");
    expect(verdictOf(0, 0, ">")).toBe("not met");
  });
});
