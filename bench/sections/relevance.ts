import { exampleCatalogue } from "../../examples/catalogue/index.js";
import { parseTool } from "../../src/catalogue/index.js";
import { collectGarbage } from "../memory-probe.js";
import { measureExactNames, measureRelevance, type RelevanceCatalogue } from "../relevance/measure-relevance.js";
import { relevanceVariants } from "../relevance/relevance-variants.js";
import type { RelevanceSection } from "../report/bench-report.js";
import { relevanceSection as relevanceMarkdown } from "../report/relevance-section.js";
import { anyError, defineSection, type TargetRow } from "./section.js";

/** The sets whose queries chain several requests: multi-part ranking must gain there. */
export const MULTI_PART_DATASETS = ["seal_tools", "toolbench_stabletoolbench"];

/** Points of recall: 0.012 of recall is 1.2 points. */
const points = (recall: number) => recall * 100;

/**
 * Per catalogue, the lowest exact-name hit rate of toolsift's rankers; per chaining dataset, the
 * least multi-tool gain; the default ranker's recall cost of abstention on every dataset; and per
 * dataset the most recall any toolsift ranker lost against its plain self (a gain counts as no
 * loss). A dataset that did not run gets no row.
 */
export function relevanceRows(section: RelevanceSection): TargetRow[] {
  const rows: TargetRow[] = [];
  const datasetsOf = <T extends { dataset: string }>(runs: readonly T[]) => [
    ...new Set(runs.map((run) => run.dataset)),
  ];
  const lowest = (values: readonly (number | null)[]) =>
    values.some((value) => value === null) ? null : Math.min(...(values as number[]));
  const highest = (values: readonly (number | null)[]) =>
    values.some((value) => value === null) ? null : Math.max(...(values as number[]));
  const toolsiftNames = section.exactNames.filter((run) =>
    section.runs.some((relevance) => relevance.ranker === run.ranker),
  );
  for (const dataset of datasetsOf(toolsiftNames)) {
    const runs = toolsiftNames.filter((run) => run.dataset === dataset);
    const measured = lowest(runs.map((run) => (run.error ? null : run.hitRate * 100)));
    rows.push({
      target: "relevance.exact-name-hit-rate.min.pct",
      scope: `${dataset} (${runs.map((run) => run.ranker).join(", ")})`,
      measured,
    });
  }
  for (const dataset of MULTI_PART_DATASETS) {
    const runs = section.runs.filter((run) => run.dataset === dataset);
    if (runs.length === 0) continue;
    const gains = runs.map((run) =>
      run.error || run.multiRecallAt5 === null || run.multiRecallAt5WithoutParts === null
        ? null
        : points(run.multiRecallAt5 - run.multiRecallAt5WithoutParts),
    );
    rows.push({ target: "relevance.multi-part-gain.min.points", scope: dataset, measured: lowest(gains) });
  }
  // Abstention is opt-in: what it may cost by default is checked, not how often it answers nothing.
  for (const run of section.runs.filter((entry) => entry.ranker === "bm25")) {
    const lost =
      run.error || run.recallAt5WithoutAbstention === null
        ? null
        : Math.max(0, points(run.recallAt5WithoutAbstention - run.recallAt5));
    rows.push({ target: "relevance.abstention-cost.bm25.points", scope: run.dataset, measured: lost });
  }
  for (const dataset of datasetsOf(section.runs)) {
    const runs = section.runs.filter((run) => run.dataset === dataset);
    const losses = runs.map((run) => (run.error ? null : Math.max(0, points(run.plainRecallAt5 - run.recallAt5))));
    rows.push({
      target: "relevance.plain-cost.max.points",
      scope: `${dataset} (${runs.map((run) => run.ranker).join(", ")})`,
      measured: highest(losses),
    });
  }
  return rows;
}

/**
 * Every ranker's exact-name hit rate on the example catalogue and every dataset, then each
 * toolsift ranker against its plain self on every dataset.
 */
export const relevanceSection = defineSection<{ relevance: RelevanceSection }>({
  id: "relevance",
  title: "Relevance: exact names, multi-part requests, abstention",
  enabled: (options) => !options.noRelevance,
  skipped: () => ({ relevance: { exactNames: [], runs: [] } }),
  async measure(ctx) {
    const example: RelevanceCatalogue = {
      id: "example-catalogue",
      documents: exampleCatalogue.map((tool) => parseTool(tool, "the example catalogue").document),
      queries: [],
    };
    const datasets = await ctx.datasets();
    const relevance: RelevanceSection = { exactNames: [], runs: [] };
    for (const catalogue of [example, ...datasets]) {
      ctx.log(`exact names: ${catalogue.id} — ${ctx.rankers.length} rankers`);
      for (const ranker of ctx.rankers) {
        const run = await measureExactNames(ranker, catalogue);
        if (run.error) ctx.log(`  ${ranker.id} failed: ${run.error}`);
        relevance.exactNames.push(run);
      }
    }
    for (const dataset of datasets) {
      for (const ranker of ctx.rankers) {
        const variants = relevanceVariants(ranker.id);
        if (!variants) continue;
        ctx.log(
          `relevance: ${ranker.id} × ${dataset.id} — as registered, plain, without multi-part, without abstention`,
        );
        const run = await measureRelevance(ranker, variants, dataset, ctx.options.maxQueries);
        if (run.error) ctx.log(`  failed: ${run.error}`);
        relevance.runs.push(run);
        collectGarbage?.();
      }
    }
    return { relevance };
  },
  failed: (measured) => anyError(measured.relevance.exactNames, measured.relevance.runs),
  rows: (measured) => relevanceRows(measured.relevance),
  markdown: (measured) => relevanceMarkdown(measured).join("\n\n"),
});
