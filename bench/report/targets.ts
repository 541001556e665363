import { learningChecks } from "../learning/learning-targets.js";
import type { BlockSavingRun, LearningCurveRun, PackageRun, SessionScaleRun, TargetCheck, TargetComparison } from "./bench-report.js";
import { count } from "./format.js";

/** Issue 13 states its ratio targets at 10,000 and 50,000 tools; smaller catalogues are shown without a verdict. */
export const RATIO_TARGETS_FROM = 10_000;

/** The ratio targets of issue 13, against the flat typed-array reference BM25 timed alongside. */
export const RATIO_TARGETS = {
  search: { target: "bm25 search p50 ÷ reference p50", limit: 3, comparison: "<=" },
  searchTools: { target: "search_tools p50 ÷ reference p50", limit: 4, comparison: "<=" },
  tools: { target: "tools() with nothing new, p50 ÷ reference p50", limit: 2, comparison: "<" },
  build: { target: "bm25 index build ÷ reference build", limit: 4, comparison: "<=" },
} as const satisfies Record<string, { target: string; limit: number; comparison: TargetComparison }>;

/** Stub diet (issue 13): block saving after one search and one hydration. */
export const EXAMPLE_CATALOGUE_SAVING = 88;
export const LIGHT_CATALOGUE_SAVING = 70;

/**
 * Whether a measured value meets its limit; "not measured" for a missing or non-finite value.
 *
 * @example
 * ```ts
 * verdictOf(2.4, 3, "<="); // "met"
 * verdictOf(2, 2, "<");    // "not met"
 * ```
 */
export function verdictOf(measured: number | null, limit: number, comparison: TargetComparison): TargetCheck["verdict"] {
  if (measured === null || !Number.isFinite(measured)) return "not measured";
  const met = comparison === "<=" ? measured <= limit : comparison === "<" ? measured < limit : measured >= limit;
  return met ? "met" : "not met";
}

/** `numerator / denominator`, or `null` when either is missing or the denominator is not positive. */
export function ratio(numerator: number | undefined, denominator: number | undefined): number | null {
  if (numerator === undefined || denominator === undefined || !Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator <= 0) return null;
  return numerator / denominator;
}

function check(
  issue: number,
  spec: { target: string; limit: number; comparison: TargetComparison },
  scope: string,
  measured: number | null,
  unit: TargetCheck["unit"],
): TargetCheck {
  return { issue, target: spec.target, scope, measured, limit: spec.limit, comparison: spec.comparison, unit, verdict: verdictOf(measured, spec.limit, spec.comparison) };
}

/** One size's issue-13 ratios, with the size they were measured at. */
export interface ScaleRatios {
  size: number;
  checks: TargetCheck[];
}

/**
 * The issue-13 ratios at every size that has a session run, all from that run's paired
 * measurement: the `Bm25Ranker`'s search p50, `search_tools` p50 and `tools()` with nothing new
 * p50 against the reference's search p50, and the median builds. A ratio whose run failed is
 * "not measured".
 */
export function scaleRatios(sessions: readonly SessionScaleRun[]): ScaleRatios[] {
  return [...sessions]
    .sort((a, b) => a.size - b.size)
    .map((session) => {
      const ok = session.error ? undefined : session;
      const reference = ok?.reference;
      const scope = `${count(session.size)} tools`;
      return {
        size: session.size,
        checks: [
          check(13, RATIO_TARGETS.search, scope, ratio(ok?.bm25.searchMs.p50, reference?.searchMs.p50), "×"),
          check(13, RATIO_TARGETS.searchTools, scope, ratio(ok?.searchToolsMs.p50, reference?.searchMs.p50), "×"),
          check(13, RATIO_TARGETS.tools, scope, ratio(ok?.toolsMs.unchanged.p50, reference?.searchMs.p50), "×"),
          check(13, RATIO_TARGETS.build, scope, ratio(ok?.bm25.buildMs, reference?.buildMs), "×"),
        ],
      };
    });
}

/**
 * The stub-diet target that applies to a catalogue: 88% for the example catalogue, 70% for light
 * ones. A catalogue under the default threshold gets no verdict: toolsift ships it in full.
 */
export function blockSavingChecks(runs: readonly BlockSavingRun[]): TargetCheck[] {
  return runs.filter((run) => run.error || run.progressiveByDefault).map((run) => {
    const limit = run.catalogue === "example-catalogue" ? EXAMPLE_CATALOGUE_SAVING : LIGHT_CATALOGUE_SAVING;
    const perTool = run.tools > 0 ? Math.round(run.fullTokens / run.tools) : 0;
    const scope = `${run.catalogue} (${count(run.tools)} tools, ~${count(perTool)} tokens a tool)`;
    return check(13, { target: "tool-block saving after one search and one hydration", limit, comparison: ">=" }, scope, run.error ? null : run.saving * 100, "%");
  });
}

/** Issue 8's targets, from the package section; none when it did not run. */
export function packageChecks(run: PackageRun | null): TargetCheck[] {
  if (!run) return [];
  const ok = run.error ? undefined : run;
  const scope = "packed package, fresh project";
  const spec = (target: string, limit: number, comparison: TargetComparison = "<=") => ({ target, limit, comparison });
  return [
    check(8, spec("default install node_modules", 40), scope, ok ? ok.nodeModulesMB : null, "MB"),
    check(8, spec("packages with an install script", 0), scope, ok ? ok.installScripts.length : null, "scripts"),
    check(8, spec('import("toolsift"), median', 100), scope, ok ? ok.importMs.median : null, "ms"),
    check(8, spec("hybrid, 1,000 tools: created + first search, median", 300), scope, ok ? ok.hybrid1k.createAndSearchMs.median : null, "ms"),
    check(8, spec("hybrid, 1,000 tools: process RSS after it, median", 90), scope, ok ? ok.hybrid1k.rssMB.median : null, "MB"),
    check(8, spec("hybrid, 10,000 tools: index build", 800), scope, ok ? ok.hybrid10k.buildMs : null, "ms"),
    check(8, spec("hybrid, 10,000 tools: search p50", 1), scope, ok ? ok.hybrid10k.searchMs.p50 : null, "ms"),
  ];
}

/**
 * Every target with a verdict: issue 13's ratios at the sizes it states them for, the stub diet,
 * issue 8's package numbers, issue 11's learning curve on CLINC150.
 */
export function allTargets(parts: {
  sessionScale: readonly SessionScaleRun[];
  blockSaving: readonly BlockSavingRun[];
  package: PackageRun | null;
  learning?: readonly LearningCurveRun[];
}): TargetCheck[] {
  const ratios = scaleRatios(parts.sessionScale)
    .filter((entry) => entry.size >= RATIO_TARGETS_FROM)
    .flatMap((entry) => entry.checks);
  return [...ratios, ...blockSavingChecks(parts.blockSaving), ...packageChecks(parts.package), ...learningChecks(parts.learning ?? [])];
}
