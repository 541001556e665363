import { learningChecks } from "../learning/learning-targets.js";
import { searchHoldsChecks, type SearchHoldsSection } from "./search-holds-section.js";
import type { BlockSavingRun, LearningCurveRun, PackageRun, RelevanceSection, SessionScaleRun, TargetCheck, TargetComparison } from "./bench-report.js";
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
  const met = comparison === "<=" ? measured <= limit : comparison === "<" ? measured < limit : comparison === ">" ? measured > limit : measured >= limit;
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
/** Issue 11's targets, each over the toolsift rankers the run measured. */
export const RELEVANCE_TARGETS = {
  /** Every ranker puts the named tool first, on the example catalogue and every dataset. */
  exactNames: { target: "exact-name hit rate, lowest of toolsift's rankers", limit: 100, comparison: ">=" },
  /** Ranking chained requests part by part gains on the sets that chain them. */
  multiPart: { target: "multi-tool recall@5 gained by multi-part ranking, least of toolsift's rankers", limit: 0, comparison: ">" },
  multiPartDatasets: ["seal_tools", "toolbench_stabletoolbench"],
  /** What abstention may cost the default ranker, on any dataset. */
  abstentionCost: { target: "recall@5 lost by bm25 to abstention", limit: 0.5, comparison: "<=" },
  /** What all of it together may cost any toolsift ranker, on any dataset. */
  plainCost: { target: "recall@5 lost against the plain ranker, most of toolsift's rankers", limit: 0.5, comparison: "<=" },
} as const;

/** Points of recall: 0.012 of recall is 1.2 points. */
const points = (recall: number) => recall * 100;

/**
 * Issue 11's targets from the relevance section: per catalogue, the lowest exact-name hit rate of
 * toolsift's rankers; per chaining dataset, the least multi-tool gain; the default ranker's
 * abstention on CLINC150's out-of-scope and toolsift's unanswerable queries and its recall cost
 * on every dataset; and per dataset the most recall any toolsift ranker lost against its plain
 * self (a gain counts as no loss). A dataset that did not run gets no row.
 */
export function relevanceChecks(section: RelevanceSection): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const datasetsOf = <T extends { dataset: string }>(runs: readonly T[]) => [...new Set(runs.map((run) => run.dataset))];
  const lowest = (values: readonly (number | null)[]) => (values.some((value) => value === null) ? null : Math.min(...(values as number[])));
  const highest = (values: readonly (number | null)[]) => (values.some((value) => value === null) ? null : Math.max(...(values as number[])));
  const toolsiftNames = section.exactNames.filter((run) => section.runs.some((relevance) => relevance.ranker === run.ranker));
  for (const dataset of datasetsOf(toolsiftNames)) {
    const runs = toolsiftNames.filter((run) => run.dataset === dataset);
    const measured = lowest(runs.map((run) => (run.error ? null : run.hitRate * 100)));
    checks.push(check(11, RELEVANCE_TARGETS.exactNames, `${dataset} (${runs.map((run) => run.ranker).join(", ")})`, measured, "%"));
  }
  for (const dataset of RELEVANCE_TARGETS.multiPartDatasets) {
    const runs = section.runs.filter((run) => run.dataset === dataset);
    if (runs.length === 0) continue;
    const gains = runs.map((run) => (run.error || run.multiRecallAt5 === null || run.multiRecallAt5WithoutParts === null ? null : points(run.multiRecallAt5 - run.multiRecallAt5WithoutParts)));
    checks.push(check(11, RELEVANCE_TARGETS.multiPart, dataset, lowest(gains), "points"));
  }
  // Abstention is opt-in since issue 17: what it may cost by default is checked, not how often it answers nothing.
  const bm25 = section.runs.filter((run) => run.ranker === "bm25");
  for (const run of bm25) {
    const lost = run.error || run.recallAt5WithoutAbstention === null ? null : Math.max(0, points(run.recallAt5WithoutAbstention - run.recallAt5));
    checks.push(check(11, RELEVANCE_TARGETS.abstentionCost, run.dataset, lost, "points"));
  }
  for (const dataset of datasetsOf(section.runs)) {
    const runs = section.runs.filter((run) => run.dataset === dataset);
    const losses = runs.map((run) => (run.error ? null : Math.max(0, points(run.plainRecallAt5 - run.recallAt5))));
    checks.push(check(11, RELEVANCE_TARGETS.plainCost, `${dataset} (${runs.map((run) => run.ranker).join(", ")})`, highest(losses), "points"));
  }
  return checks;
}

/** Every target with a verdict: issue 13's ratios at the sizes it states them for, the stub diet, issue 8's package numbers, issue 11's relevance. */
export function allTargets(parts: {
  sessionScale: readonly SessionScaleRun[];
  blockSaving: readonly BlockSavingRun[];
  package: PackageRun | null;
  learning?: readonly LearningCurveRun[];
  relevance?: RelevanceSection;
  searchHolds?: SearchHoldsSection;
}): TargetCheck[] {
  const ratios = scaleRatios(parts.sessionScale)
    .filter((entry) => entry.size >= RATIO_TARGETS_FROM)
    .flatMap((entry) => entry.checks);
  return [
    ...ratios,
    ...blockSavingChecks(parts.blockSaving),
    ...packageChecks(parts.package),
    ...learningChecks(parts.learning ?? []),
    ...(parts.relevance ? relevanceChecks(parts.relevance) : []),
    ...searchHoldsChecks(parts.searchHolds, (spec, scope, measured, unit) => check(17, spec, scope, measured, unit)),
  ];
}
