import { join } from "node:path";
import { loadEmbedder } from "../../src/index.js";
import { collectGarbage } from "../memory-probe.js";
import type { VectorIndexRun } from "../report/bench-report.js";
import { vectorIndexSection as vectorIndexMarkdown } from "../report/markdown-sections.js";
import { vectorIndexPanel } from "../report/svg-chart.js";
import { generateSkewedCatalogue } from "../scale/generate-skewed-catalogue.js";
import { measureVectorIndex } from "../vector-index/measure-vector-index.js";
import { openapiCatalogue, openapiDirectory, readOpenapiOperations } from "../vector-index/openapi-catalogue.js";
import { anyError, defineSection } from "./section.js";

/**
 * Exact vs HNSW embedding search, one catalogue per size (generated, or real API operations with
 * `--vector-catalogue openapi`), with one loaded model.
 */
export const vectorIndexSection = defineSection<{ vectorIndex: VectorIndexRun[] }>({
  id: "vector-index",
  title: "Embedding search: exact vs HNSW",
  enabled: (options) => !options.noVectorIndex,
  skipped: () => ({ vectorIndex: [] }),
  async measure(ctx) {
    const vectorIndex: VectorIndexRun[] = [];
    const { vectorCatalogue: catalogue, scaleQueries: queries, seed } = ctx.options;
    const operations =
      catalogue === "openapi"
        ? readOpenapiOperations(openapiDirectory(join(process.cwd(), "node_modules", ".cache", "toolsift-bench")))
        : [];
    const embedder = await loadEmbedder();
    try {
      for (const size of ctx.options.vectorSizes) {
        ctx.log(`vector index: exact vs HNSW over ${size} ${catalogue} tools`);
        const dataset =
          catalogue === "openapi"
            ? openapiCatalogue(operations, { size, queries, seed })
            : generateSkewedCatalogue({ size, queries, seed });
        const run = { ...(await measureVectorIndex(dataset, embedder)), catalogue };
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
