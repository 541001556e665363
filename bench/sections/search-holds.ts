import { GUARD_RANKERS, measureGuard, measureReference } from "../guard/measure-guard.js";
import { RegistryBm25Ranker } from "../peers/registry-bm25-ranker.js";
import { searchHoldsSection as searchHoldsMarkdown, type SearchHoldsSection } from "../report/search-holds-section.js";
import { defineSection, type TargetRow } from "./section.js";

/** Per dataset: the larger empty rate of the two rankers, and bm25's margin over the plain reference. */
export function searchHoldsRows(section: SearchHoldsSection | undefined): TargetRow[] {
  if (!section) return [];
  const rows: TargetRow[] = [];
  for (const dataset of [...new Set(section.rows.map((row) => row.dataset))]) {
    const runs = section.rows.filter((row) => row.dataset === dataset);
    rows.push({
      target: "search-holds.empty-answers.max.pct",
      scope: `${dataset} (${runs.map((row) => row.ranker).join(", ")})`,
      measured: Math.max(...runs.map((row) => row.emptyRate * 100)),
    });
    const bm25 = runs.find((row) => row.ranker === "bm25");
    const reference = section.references.find((entry) => entry.dataset === dataset);
    if (bm25 && reference)
      rows.push({
        target: "search-holds.bm25-minus-plain.points",
        scope: dataset,
        measured: (bm25.recallAt5 - reference.recallAt5) * 100,
      });
  }
  return rows;
}

/** The default rankers through `toolSearch.search` on every dataset: the guard's measurement, for the report. */
export const searchHoldsSection = defineSection<{ searchHolds?: SearchHoldsSection }>({
  id: "search-holds",
  title: "Search that holds: no silent misses, weak matches marked",
  // It shares its switch with the relevance section: both are about what a search answers.
  enabled: (options) => !options.noRelevance,
  skipped: () => ({}),
  async measure(ctx) {
    const searchHolds: SearchHoldsSection = { rows: [], references: [] };
    for (const dataset of await ctx.datasets()) {
      ctx.log(`search holds: ${dataset.id} — bm25 and hybrid with default options, and the plain reference`);
      try {
        searchHolds.references.push(await measureReference(dataset, new RegistryBm25Ranker()));
        for (const ranker of GUARD_RANKERS) searchHolds.rows.push(await measureGuard(dataset, ranker));
      } catch (error) {
        ctx.note(`search holds: ${dataset.id} failed: ${(error as Error).message}`);
      }
    }
    return { searchHolds };
  },
  // A failed dataset is a note, as before: the guard itself is what fails on these numbers.
  failed: () => false,
  rows: (measured) => searchHoldsRows(measured.searchHolds),
  markdown: (measured) => searchHoldsMarkdown(measured).join("\n\n"),
});
