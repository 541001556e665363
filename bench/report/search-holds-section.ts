/**
 * The Markdown and targets of the "search holds" section: the default rankers through
 * `toolSearch.search` on every dataset (the guard's measurement, on the run's own datasets),
 * with empty answers, weak-match rates both ways, and bm25 against the plain reference.
 */
import { guardTable } from "../guard/compare-baseline.js";
import type { GuardRow, ReferenceRow } from "../guard/measure-guard.js";
import type { BenchReport, TargetCheck } from "./bench-report.js";

/** What the section measured; absent in runs made before it. */
export interface SearchHoldsSection {
  rows: GuardRow[];
  references: ReferenceRow[];
}

export const SEARCH_HOLDS_TARGETS = {
  empty: { target: "answerable queries answered with nothing (bm25 and hybrid, default options)", limit: 1, comparison: "<=" },
  plain: { target: "bm25 recall@5 minus the plain reference BM25's", limit: -0.5, comparison: ">=" },
} as const;

/** Per dataset: the larger empty rate of the two rankers, and bm25's margin over the plain reference. */
export function searchHoldsChecks(section: SearchHoldsSection | undefined, check: (spec: { target: string; limit: number; comparison: "<=" | ">=" }, scope: string, measured: number | null, unit: TargetCheck["unit"]) => TargetCheck): TargetCheck[] {
  if (!section) return [];
  const checks: TargetCheck[] = [];
  for (const dataset of [...new Set(section.rows.map((row) => row.dataset))]) {
    const rows = section.rows.filter((row) => row.dataset === dataset);
    checks.push(check(SEARCH_HOLDS_TARGETS.empty, `${dataset} (${rows.map((row) => row.ranker).join(", ")})`, Math.max(...rows.map((row) => row.emptyRate * 100)), "%"));
    const bm25 = rows.find((row) => row.ranker === "bm25");
    const reference = section.references.find((entry) => entry.dataset === dataset);
    if (bm25 && reference) checks.push(check(SEARCH_HOLDS_TARGETS.plain, dataset, (bm25.recallAt5 - reference.recallAt5) * 100, "points"));
  }
  return checks;
}

export function searchHoldsSection(report: BenchReport): string[] {
  const section = report.searchHolds;
  if (!section || section.rows.length === 0) return [];
  return [
    "## Search that holds: no silent misses, weak matches marked",
    "`bm25` and `hybrid` created by name with every default (abstention off, the semantic fallback on), through `toolSearch.search`, " +
      "on a seeded sample of at most 1,000 answerable and 1,000 unanswerable queries per dataset (the `bench:guard` measurement). " +
      "empty: answerable queries answered with no match. weak best (answerable): a right tool exists, yet the best match is marked weak (a false alarm). " +
      "weak or empty (unanswerable): no tool answers, and the answer says so (a true alarm). plain BM25: peer (b), the blog formula, on the same queries.",
    guardTable(section.rows, section.references, undefined).replaceAll(" | new |", " | – |"),
  ];
}
