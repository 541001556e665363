import { loadEmbedder } from "../../src/index.js";
import { collectGarbage } from "../memory-probe.js";
import type { VectorIndexRun } from "../report/bench-report.js";
import { vectorIndexSection as vectorIndexMarkdown } from "../report/markdown-sections.js";
import { vectorIndexPanel } from "../report/svg-chart.js";
import { generateSkewedCatalogue } from "../scale/generate-skewed-catalogue.js";
import { measureVectorIndex } from "../vector-index/measure-vector-index.js";
import { anyError, defineSection } from "./section.js";

/** Exact vs HNSW embedding search, one generated catalogue per size, with one loaded model. */
export const vectorIndexSection = defineSection<{ vectorIndex: VectorIndexRun[] }>({
  id: "vector-index",
  title: "Embedding search: exact vs HNSW",
  enabled: (options) => !options.noVectorIndex,
  skipped: () => ({ vectorIndex: [] }),
  async measure(ctx) {
    const vectorIndex: VectorIndexRun[] = [];
    const embedder = await loadEmbedder();
    try {
      for (const size of ctx.options.vectorSizes) {
        ctx.log(`vector index: exact vs HNSW over ${size} generated tools`);
        const run = await measureVectorIndex(
          generateSkewedCatalogue({ size, queries: ctx.options.scaleQueries, seed: ctx.options.seed }),
          embedder,
        );
        if (run.error) ctx.log(`  failed: ${run.error}`);
        vectorIndex.push(run);
        collectGarbage?.();
      }
    } finally {
      await embedder.close?.();
    }
    return { vectorIndex };
  },
  failed: (measured) => anyError(measured.vectorIndex),
  rows: () => [],
  markdown: (measured) => vectorIndexMarkdown(measured).join("\n\n"),
  svg: (measured) => vectorIndexPanel(measured),
});
