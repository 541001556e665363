import { EXAMPLE_COUNTS } from "../enrichment/simulated-enrichment.js";
import type { BenchReport, EnrichmentCurveRun } from "./bench-report.js";
import { count, share } from "./format.js";
import { errorCells, table } from "./markdown-table.js";

/** What the enrichment curves measure, in words, and that they are a simulation. */
export const ENRICHMENT_NOTE =
  "**A simulation, not a model.** `toolsift enrich` has the user's own model write example requests for each tool; here the " +
  "examples are the dataset's own human-written requests: for each tool, up to 8 of its queries whose only expected tool is that tool " +
  "(chosen once, seeded), always leaving at least one query for it to be measured on. At N examples each tool with a pool gets its " +
  "first N as `RankDocument.examples`. Test queries are every other answerable query (at most 3,000, seeded), the same at every N, so the " +
  "points compare. A model's requests are likely more uniform and nearer the tool's own description than real users' words; measure " +
  "your own catalogue with `toolsift eval`. R@k: share of a query's expected tools in the top k; MRR@5: reciprocal rank of the first expected " +
  "tool in the top 5; Δ worst: the least recall@5 change against N = 0 over N = 1 to 8, in points (negative: a loss); abstain: unanswerable queries " +
  "answered with nothing or a weak best match, at N = 0 → 8.";

/** The largest recall@5 loss against N = 0 over the curve's points, in points (negative when every point gains). */
export function worstLoss(run: EnrichmentCurveRun): number | null {
  if (run.error) return null;
  const none = run.points.find((point) => point.examples === 0);
  const rest = run.points.filter((point) => point.examples > 0);
  if (none === undefined || rest.length === 0) return null;
  return Math.max(...rest.map((point) => (none.recallAt5 - point.recallAt5) * 100));
}

/** A change in points with its sign: "+5.60", "−0.80". */
const signedPoints = (change: number | null) =>
  change === null ? "–" : `${change < 0 ? "−" : "+"}${Math.abs(change).toFixed(2)}`;

/** One row per dataset and ranker: recall@5 at each N, recall@1 and MRR at 0 → 8, tools with examples, the worst loss. */
export function enrichmentTable(report: Pick<BenchReport, "enrichment">): string {
  const runs = report.enrichment ?? [];
  const header = [
    "dataset",
    "ranker",
    "tools with examples",
    "test queries",
    ...EXAMPLE_COUNTS.map((n) => `R@5 N=${n}`),
    "R@1 0 → 8",
    "MRR@5 0 → 8",
    "Δ worst R@5",
    "abstain 0 → 8",
  ];
  const rows = runs.map((run) => {
    if (run.error && run.points.length === 0) return errorCells([run.dataset, run.ranker], run.error, header.length);
    const at = (n: number) => run.points.find((point) => point.examples === n);
    const first = at(0);
    const last = run.points.at(-1);
    const loss = worstLoss(run);
    return [
      run.dataset,
      run.ranker,
      `${count(run.toolsWithExamples)} of ${count(run.tools)}`,
      count(run.testQueries),
      ...EXAMPLE_COUNTS.map((n) => share(at(n)?.recallAt5)),
      first && last ? `${share(first.recallAt1)} → ${share(last.recallAt1)}` : "–",
      first && last ? `${share(first.mrrAt5)} → ${share(last.mrrAt5)}` : "–",
      run.error ? `error: ${run.error.replaceAll("|", "\\|")}` : signedPoints(loss === null ? null : -loss),
      first && last ? `${share(first.abstention)} → ${share(last.abstention)}` : "–",
    ];
  });
  return table(header, rows, 2);
}

/** The worst dataset's recall@5 change against N = 0 at each N, per ranker, in points. */
export function worstChangeTable(report: Pick<BenchReport, "enrichment">): string {
  const runs = (report.enrichment ?? []).filter((run) => !run.error);
  const rankers = [...new Set(runs.map((run) => run.ranker))];
  const counts = EXAMPLE_COUNTS.filter((n) => n > 0);
  const rows = rankers.map((ranker) => [
    ranker,
    ...counts.map((n) => {
      let worst: { change: number; dataset: string } | undefined;
      for (const run of runs.filter((entry) => entry.ranker === ranker)) {
        const none = run.points.find((point) => point.examples === 0);
        const point = run.points.find((entry) => entry.examples === n);
        if (!none || !point) continue;
        const change = (point.recallAt5 - none.recallAt5) * 100;
        if (worst === undefined || change < worst.change) worst = { change, dataset: run.dataset };
      }
      return worst ? `${signedPoints(worst.change)} (${worst.dataset})` : "–";
    }),
  ]);
  return table(["ranker", ...counts.map((n) => `worst set at N=${n} (points)`)], rows, 1);
}

/**
 * Where the change comes from: recall@5 at N = 0 → 8 on the test queries whose every expected
 * tool has examples, and on the rest. Only some tools of most sets have queries to lend, so the
 * rest shows what enriched tools take from tools without examples.
 */
export function coverageTable(report: Pick<BenchReport, "enrichment">): string {
  const runs = (report.enrichment ?? []).filter((run) => !run.error && run.points.length > 0);
  const rows = runs.map((run) => {
    const first = run.points[0]!;
    const last = run.points.at(-1)!;
    const rest = run.testQueries - last.coveredQueries;
    return [
      run.dataset,
      run.ranker,
      count(last.coveredQueries),
      `${share(first.recallAt5Covered)} → ${share(last.recallAt5Covered)}`,
      count(rest),
      `${share(first.recallAt5Uncovered)} → ${share(last.recallAt5Uncovered)}`,
    ];
  });
  return table(
    ["dataset", "ranker", "queries, all tools with examples", "R@5 0 → 8", "queries, a tool without", "R@5 0 → 8"],
    rows,
    2,
  );
}

/** The simulated-enrichment section, or nothing when no curve ran. */
export function enrichmentSection(report: Pick<BenchReport, "enrichment">): string[] {
  if (!report.enrichment || report.enrichment.length === 0) return [];
  return [
    "## Enrichment (simulated with human-written requests)",
    ENRICHMENT_NOTE,
    enrichmentTable(report),
    "Recall@5 change against N = 0 on the worst dataset, per ranker:",
    worstChangeTable(report),
    "By test query: those whose every expected tool has examples, and those expecting a tool without any (most sets lend queries to only some of their tools, so this is what enriched tools take from the others):",
    coverageTable(report),
  ];
}
