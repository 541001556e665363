import { relative } from "node:path";
import { evaluateRanker, sampleQueries } from "../evaluate-ranker.js";
import type { DatasetInfo, RankerRun } from "../report/bench-report.js";
import { count } from "../report/format.js";
import { kindTable, retrievalTable } from "../report/markdown.js";
import { table } from "../report/markdown-table.js";
import { retrievalPanel } from "../report/svg-chart.js";
import { anyError, defineSection } from "./section.js";

/** Results a search returns for recall@10, MRR@10 and nDCG@10. */
export const RETRIEVAL_LIMIT = 10;

const RETRIEVAL_NOTE =
  "R@k: share of a query's expected tools in the top k, averaged over answerable queries. MRR and nDCG at 10 (binary relevance). " +
  "abstain: share of unanswerable queries answered with an empty list (– when the set has none). " +
  "p50/p95: single `search` call latency. build: the `update(documents)` call. heap: peak V8 heap + external above baseline; RSS Δ: peak resident set above baseline.";

/** Every selected ranker over every dataset: recall, MRR, nDCG, abstention, latency, build and memory. */
export const retrievalSection = defineSection<{ datasets: DatasetInfo[]; retrieval: RankerRun[] }>({
  id: "retrieval",
  title: "Retrieval",
  enabled: () => true,
  skipped: () => ({ datasets: [], retrieval: [] }),
  async measure(ctx) {
    const datasets: DatasetInfo[] = [];
    const retrieval: RankerRun[] = [];
    for (const dataset of await ctx.datasets()) {
      const queries = sampleQueries(dataset.queries, ctx.options.maxQueries);
      datasets.push({
        id: dataset.id,
        path: relative(ctx.paths.repoRoot, dataset.path) || dataset.path,
        tools: dataset.tools.length,
        queries: dataset.queries.length,
        queriesRun: queries.length,
        ...(dataset.source ? { source: dataset.source } : {}),
        ...(dataset.license ? { license: dataset.license } : {}),
      });
      ctx.log(
        `retrieval: ${dataset.id} — ${dataset.tools.length} tools, ${queries.length} of ${dataset.queries.length} queries`,
      );
      for (const ranker of ctx.rankers) {
        const run = await evaluateRanker(ranker, dataset, queries, { limit: RETRIEVAL_LIMIT });
        if (run.error) ctx.log(`  ${ranker.id} failed: ${run.error}`);
        retrieval.push(run);
      }
    }
    return { datasets, retrieval };
  },
  failed: (measured) => anyError(measured.retrieval),
  rows: () => [],
  markdown(measured) {
    const kinds = kindTable(measured);
    return [
      "## Datasets",
      table(
        ["dataset", "path", "tools", "queries", "run"],
        measured.datasets.map((dataset) => [
          dataset.id,
          dataset.path,
          count(dataset.tools),
          count(dataset.queries),
          count(dataset.queriesRun),
        ]),
      ),
      "## Retrieval",
      RETRIEVAL_NOTE,
      measured.retrieval.length > 0 ? retrievalTable(measured) : "_No retrieval runs._",
      ...(kinds ? ["### Recall@5 by query kind", kinds] : []),
    ].join("\n\n");
  },
  svg: (measured) => [retrievalPanel(measured)],
});
