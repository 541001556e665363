import { measureEnrichmentCurve } from "../enrichment/measure-enrichment-curve.js";
import { MAX_TEST_QUERIES, simulateEnrichment } from "../enrichment/simulated-enrichment.js";
import { collectGarbage } from "../memory-probe.js";
import type { EnrichmentCurveRun } from "../report/bench-report.js";
import { enrichmentSection as enrichmentMarkdown, worstLoss } from "../report/enrichment-section.js";
import { anyError, defineSection, type TargetRow } from "./section.js";

/** The rankers the curves are drawn for (when selected): the three `createToolSearch` builds by name. */
export const ENRICHMENT_RANKERS = new Set(["bm25", "embedding", "hybrid-adaptive"]);

/** Per dataset, the most recall@5 any ranker lost against no examples, at any N (a gain counts as no loss). */
export function enrichmentRows(runs: readonly EnrichmentCurveRun[]): TargetRow[] {
  const datasets = [...new Set(runs.map((run) => run.dataset))];
  return datasets.map((dataset) => {
    const own = runs.filter((run) => run.dataset === dataset);
    const losses = own.map(worstLoss);
    return {
      target: "enrichment.recall@5-loss.max.points",
      scope: `${dataset} (${own.map((run) => run.ranker).join(", ")})`,
      measured: losses.some((loss) => loss === null) ? null : Math.max(0, ...(losses as number[])),
    };
  });
}

/**
 * Recall against examples per tool, SIMULATED: the examples are the dataset's own human-written
 * requests standing in for what `toolsift enrich` would have a model write (see
 * bench/enrichment/simulated-enrichment.ts). Every dataset where at least one tool gets examples.
 */
export const enrichmentSection = defineSection<{ enrichment?: EnrichmentCurveRun[] }>({
  id: "enrichment",
  title: "Enrichment, simulated with the datasets' own requests",
  enabled: (options) => !options.noEnrichment,
  skipped: () => ({ enrichment: [] }),
  async measure(ctx) {
    const enrichment: EnrichmentCurveRun[] = [];
    const curveRankers = ctx.rankers.filter((ranker) => ENRICHMENT_RANKERS.has(ranker.id));
    const maxTestQueries = Math.min(MAX_TEST_QUERIES, ctx.options.maxQueries ?? MAX_TEST_QUERIES);
    for (const dataset of await ctx.datasets()) {
      const simulation = simulateEnrichment(dataset, { seed: ctx.options.seed, maxTestQueries });
      if (simulation.pools.size === 0) {
        ctx.note(
          `enrichment: no tool of ${dataset.id} is asked for by two queries or more, so none gets examples; skipped.`,
        );
        continue;
      }
      for (const ranker of curveRankers) {
        ctx.log(`enrichment (simulated): ${dataset.id} × ${ranker.id} — ${simulation.pools.size} tools with examples`);
        const run = await measureEnrichmentCurve(ranker, dataset, simulation, {
          onPoint: (point) => ctx.log(`  N=${point.examples}: recall@5 ${point.recallAt5.toFixed(3)}`),
        });
        if (run.error) ctx.log(`  ${ranker.id} failed: ${run.error}`);
        enrichment.push(run);
        collectGarbage?.();
      }
    }
    return { enrichment };
  },
  failed: (measured) => anyError(measured.enrichment ?? []),
  // `enrichment` is absent in reports made before the curves existed.
  rows: (measured) => enrichmentRows(measured.enrichment ?? []),
  markdown: (measured) => enrichmentMarkdown(measured).join("\n\n"),
});
