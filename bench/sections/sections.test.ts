import { describe, expect, it } from "vitest";
import { OptionsError } from "../../src/errors.js";
import { parseBenchOptions } from "../cli-options.js";
import type { BenchReport, LearningCurveRun } from "../report/bench-report.js";
import {
  coldStartRun,
  enrichmentCurve,
  packageRun,
  sampleRelevance,
  sampleReport,
  sessionScaleRun,
} from "../report/report.fixture.js";
import { TARGETS, type TargetId } from "../targets.js";
import { runSections, selectSections } from "./driver.js";
import { SECTIONS } from "./index.js";
import { renderMarkdown, renderSvg, targetsOf } from "./render.js";
import { defineSection, type BenchContext } from "./section.js";

/** A report in which every section has something to check: each target should get a row. */
function fullReport(): BenchReport {
  const curve: LearningCurveRun = {
    dataset: "clinc150_intents",
    ranker: "bm25",
    answerable: 1_000,
    heldBack: 100,
    unanswerable: 10,
    points: [0, 0.01, 0.1].map((share, index) => ({
      share,
      taught: 0,
      lessons: 0,
      recallAt5: [0.7, 0.74, 0.92][index]!,
      abstention: null,
      searchP50Ms: 0.1,
      teachMs: 1,
    })),
  };
  return {
    ...sampleReport(),
    sessionScale: [
      sessionScaleRun(10_000, {
        searchTools: 0.3,
        toolsUnchanged: 0.1,
        bm25: 0.2,
        reference: 0.1,
        bm25Build: 40,
        referenceBuild: 20,
      }),
    ],
    learning: [curve],
    enrichment: [enrichmentCurve("clinc150_intents", "bm25", [0.66, 0.7, 0.75, 0.8, 0.85])],
    relevance: sampleRelevance(),
    searchHolds: {
      rows: [
        {
          dataset: "bfcl_v4",
          ranker: "bm25",
          answerable: 100,
          recallAt5: 0.85,
          emptyRate: 0,
          weakRate: 0,
          unanswerable: 0,
          unanswerableWeakRate: 0,
        },
      ],
      references: [{ dataset: "bfcl_v4", answerable: 100, recallAt5: 0.62 }],
    },
    coldStart: coldStartRun(1_150, 121),
    gatewayMemory: {
      requests: 20_000,
      unexpectedStatuses: 0,
      sendMs: 9_000,
      noAuthFlag: true,
      rssBeforeMB: 90,
      rssPeakMB: 104,
      rssAfterMB: 98,
      growthMB: 8,
    },
  };
}

describe("the targets table", () => {
  const sectionIds = SECTIONS.map((section) => section.id);

  it("names an existing section for every target, and each id starts with it", () => {
    for (const [id, spec] of Object.entries(TARGETS)) {
      expect(sectionIds, id).toContain(spec.section);
      expect(id.startsWith(`${spec.section}.`), id).toBe(true);
    }
  });

  it("has every target measured by its section on a report where every section ran", () => {
    const measured = new Set(targetsOf(fullReport()).map((check) => check.id));
    const unmeasured = (Object.keys(TARGETS) as TargetId[]).filter((id) => !measured.has(id));
    expect(unmeasured).toEqual([]);
  });

  it("gets each row from the section its target names", () => {
    for (const section of SECTIONS) {
      for (const row of section.rows(fullReport())) expect(TARGETS[row.target].section, row.target).toBe(section.id);
    }
  });

  it("keeps the package limits, renamed", () => {
    const checks = targetsOf(fullReport()).filter((check) => check.section === "package");
    expect(checks.map(({ id, measured, limit, verdict }) => [id, measured, limit, verdict])).toEqual([
      ["package.node-modules.mb", 19.5, 40, "met"],
      ["package.install-scripts.count", 0, 0, "met"],
      ["package.import.ms", 120, 100, "not met"],
      ["package.hybrid-1000-tiny.ms", 250, 300, "met"],
      ["package.hybrid-1000-tiny.rss-mb", 95, 90, "not met"],
      ["package.hybrid-10000.build.ms", 700, 800, "met"],
      ["package.hybrid-10000.search-p50.ms", 0.8, 1, "met"],
    ]);
  });
});

describe("the cold-start section", () => {
  it("holds the realistic catalogue, not the tiny one, to 500 ms and 100 MB", () => {
    const checks = targetsOf(fullReport()).filter((check) => check.section === "cold-start");
    expect(checks.map(({ id, measured, limit, verdict }) => [id, measured, limit, verdict])).toEqual([
      ["cold-start.hybrid-1000.ms", 1_150, 500, "not met"],
      ["cold-start.hybrid-1000.peak-rss-mb", 121, 100, "not met"],
    ]);
    const met = { ...fullReport(), coldStart: coldStartRun(420, 95) };
    expect(
      targetsOf(met)
        .filter((check) => check.section === "cold-start")
        .map((check) => check.verdict),
    ).toEqual(["met", "met"]);
  });

  it("shows both catalogues with their samples, and its missed target as not met", () => {
    const report = fullReport();
    report.targets = targetsOf(report);
    const markdown = renderMarkdown(report);
    expect(markdown).toContain("## Cold start on realistic schemas");
    expect(markdown).toContain(
      "| realistic | 1,000 | 2,400 | 1,150 (1,035, 1,150, 1,265) | 121.0 (108.9, 121.0, 133.1) |",
    );
    expect(markdown).toContain("| tiny | 1,000 | 180 | 300.0 (270.0, 300.0, 330.0) |");
    expect(markdown.split("\n").find((line) => line.startsWith("| `cold-start.hybrid-1000.ms`"))).toContain(
      "| 1,150 ms | ≤ 500 ms | not met |",
    );
  });

  it("leaves a failed cold start unmeasured rather than missed, and shows nothing when skipped", () => {
    const report = { ...fullReport(), coldStart: { processes: 3, catalogues: [], error: "npm | offline" } };
    expect(
      targetsOf(report)
        .filter((check) => check.section === "cold-start")
        .map((check) => check.verdict),
    ).toEqual(["not measured", "not measured"]);
    expect(renderMarkdown({ ...report, targets: [] })).toContain("| error | npm \\| offline |");
    expect(renderMarkdown({ ...report, coldStart: null, targets: [] })).not.toContain("## Cold start");
  });
});

describe("the sections", () => {
  it("have unique ids, and their skipped fields make a report every section renders", () => {
    expect(new Set(SECTIONS.map((section) => section.id)).size).toBe(SECTIONS.length);
    const skipped = Object.assign({}, ...SECTIONS.map((section) => section.skipped()));
    const report: BenchReport = { ...sampleReport(), ...skipped, targets: [] };
    expect(targetsOf(report)).toEqual([]);
    expect(() => renderMarkdown(report)).not.toThrow();
    expect(renderSvg(report)).toContain("</svg>");
  });

  it("own disjoint report fields, so merging what they measured loses nothing", () => {
    const keys = SECTIONS.flatMap((section) => Object.keys(section.skipped()));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("render a missed target as not met, in the Markdown and in the chart", () => {
    const report = fullReport();
    report.targets = targetsOf(report);
    const markdown = renderMarkdown(report);
    const row = markdown.split("\n").find((line) => line.startsWith("| `package.import.ms`"));
    expect(row).toContain("| 120.0 ms | ≤ 100 ms | not met |");
    const index = report.targets.findIndex((check) => check.id === "package.import.ms");
    expect(renderSvg(report)).toContain(`data-target="${index}" data-verdict="not met"`);
  });

  it("say a met target is met, and leave a failed measurement unmeasured rather than missed", () => {
    const report = fullReport();
    report.targets = targetsOf(report);
    expect(renderMarkdown(report)).toMatch(/\| `package.hybrid-1000-tiny.ms` \| .* \| 250\.0 ms \| ≤ 300 ms \| met \|/);
    const failed = { ...fullReport(), package: { ...packageRun(), error: "npm | offline" } };
    expect(
      targetsOf(failed)
        .filter((check) => check.section === "package")
        .every((check) => check.verdict === "not measured"),
    ).toBe(true);
  });
});

describe("the driver", () => {
  const calls: string[] = [];
  const fake = (id: string, options: { enabled?: boolean; fails?: boolean } = {}) =>
    defineSection<{ datasets?: { id: string; path: string; tools: number; queries: number; queriesRun: number }[] }>({
      id,
      title: id,
      enabled: () => options.enabled ?? true,
      measure: async () => {
        calls.push(id);
        return { datasets: [{ id, path: id, tools: 1, queries: 1, queriesRun: 1 }] };
      },
      skipped: () => ({ datasets: [] }),
      failed: () => options.fails ?? false,
      rows: () => [],
      markdown: () => "",
    });
  const ctx = { options: parseBenchOptions([]) } as BenchContext;

  it("measures the selected, enabled sections in order, and gives every other section's skipped fields", async () => {
    calls.length = 0;
    const all = [fake("a"), fake("b", { enabled: false }), fake("c", { fails: true }), fake("d")];
    const run = await runSections(all, selectSections(all, ["c", "b", "a"]), ctx);
    expect(calls).toEqual(["a", "c"]);
    expect(run.ran).toEqual(["a", "c"]);
    expect(run.failed).toEqual(["c"]);
    // "d" was not selected: its skipped fields come last and win, as a later section's would.
    expect(run.fields.datasets).toEqual([]);
  });

  it("runs every section when none is named, and refuses an unknown one naming the known ones", () => {
    const all = [fake("a"), fake("b")];
    expect(selectSections(all, []).map((section) => section.id)).toEqual(["a", "b"]);
    expect(() => selectSections(all, ["a", "zzz"])).toThrow(OptionsError);
    expect(() => selectSections(all, ["zzz"])).toThrow(/--section zzz is not a section; choose from a, b/);
  });

  it("is reached with --section from the command line", () => {
    expect(parseBenchOptions(["--section", "cold-start", "--section", "package"]).sections).toEqual([
      "cold-start",
      "package",
    ]);
    expect(parseBenchOptions([]).sections).toEqual([]);
  });
});

describe("the gateway-memory section", () => {
  it("holds the RSS growth to 20 MB, and measures nothing when an answer was not the refusal expected", () => {
    const check = (report: BenchReport) =>
      targetsOf(report).find((row) => row.id === "gateway-memory.refused-initializes.rss-growth-mb");
    expect(check(fullReport())).toMatchObject({ measured: 8, limit: 20, verdict: "met" });
    const grown = { ...fullReport().gatewayMemory!, rssAfterMB: 640, growthMB: 550 };
    expect(check({ ...fullReport(), gatewayMemory: grown })).toMatchObject({ verdict: "not met" });
    const wrong = { ...fullReport().gatewayMemory!, unexpectedStatuses: 3 };
    expect(check({ ...fullReport(), gatewayMemory: wrong })).toMatchObject({ measured: null, verdict: "not measured" });
  });
});
