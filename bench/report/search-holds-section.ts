/**
 * The Markdown of the "search holds" section: the default rankers through
 * `toolSearch.search` on every dataset (the guard's measurement, on the run's own datasets),
 * with empty answers, weak-match rates both ways, and bm25 against the plain reference.
 */
import { guardTable } from "../guard/compare-baseline.js";
import type { GuardRow, ReferenceRow } from "../guard/measure-guard.js";
import type { BenchReport } from "./bench-report.js";

/** What the section measured; absent in runs made before it. */
export interface SearchHoldsSection {
  rows: GuardRow[];
  references: ReferenceRow[];
}

export function searchHoldsSection(report: Pick<BenchReport, "searchHolds">): string[] {
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
