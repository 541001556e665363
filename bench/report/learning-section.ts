import { LEARNING_SHARES } from "../learning/measure-learning-curve.js";
import type { BenchReport } from "./bench-report.js";
import { count, ms, share } from "./format.js";
import { errorCells, table } from "./markdown-table.js";

/** What the learning curves measure, in words. */
export const LEARNING_NOTE =
  "Learning from use: a tool search with `learning: true` and the ranker, over the dataset's tools. Answerable queries are shuffled (seeded); " +
  "a held-back set is never taught. For each taught query a new session calls `search_tools` with it, then calls its expected tools (one turn), which succeed " +
  "and so teach the tool search. Shares are of all the dataset's answerable queries. R@5: recall@5 on the held-back queries through `toolSearch.search`; " +
  "abstain: unanswerable queries answered with nothing or a weak best match (no tool fits, and the answer says so), at 0% and at the largest share taught.";

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** One row per dataset and ranker: recall@5 at each share taught, lessons, abstention and search time. */
export function learningTable(report: Pick<BenchReport, "learning">): string {
  const runs = report.learning ?? [];
  const header = [
    "dataset",
    "ranker",
    "held back",
    ...LEARNING_SHARES.map((value) => `R@5 ${percent(value)}`),
    "lessons",
    "abstain 0% → max",
    "search p50 0% → max",
  ];
  const rows = runs.map((run) => {
    if (run.error && run.points.length === 0) return errorCells([run.dataset, run.ranker], run.error, header.length);
    const at = (value: number) => run.points.find((point) => point.share === value);
    const first = run.points[0];
    const last = run.points.at(-1);
    return [
      run.dataset,
      run.ranker,
      count(run.heldBack),
      ...LEARNING_SHARES.map((value) => share(at(value)?.recallAt5)),
      last ? `${count(last.lessons)}${run.error ? ` (then error: ${run.error.replaceAll("|", "\\|")})` : ""}` : "–",
      first && last ? `${share(first.abstention)} → ${share(last.abstention)}` : "–",
      first && last ? `${ms(first.searchP50Ms)} → ${ms(last.searchP50Ms)} ms` : "–",
    ];
  });
  return table(header, rows, 2);
}

/** The learning-curve section, or nothing when no curve ran. */
export function learningSection(report: Pick<BenchReport, "learning">): string[] {
  if (!report.learning || report.learning.length === 0) return [];
  return ["## Learning from use", LEARNING_NOTE, learningTable(report)];
}
