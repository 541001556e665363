/**
 * Measures an embedding model for tool search: ranks every tool of each dataset by cosine
 * between the query and the tool text (name split into words + description) and reports
 * recall@5, next to the plain-BM25 floor given in the datasets' README. With `--speed` it also
 * times single-query embedding and embedding 10,000 tool texts.
 *
 *   npx tsx scripts/evaluate-model.ts [--model DIR] [--dtype q8] [--pooling cls] [--datasets DIR] [--speed] [--json]
 *
 * Datasets: every *.json in --datasets (default ../shared/datasets), plus toolsift's own
 * bench/datasets/toolsift-servers.json when present.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { recallAt } from "../bench/metrics/ranking-metrics.js";
import type { Pooling } from "../src/ranking/embedding/embedder.js";
import { loadEmbedder } from "../src/ranking/embedding/load-embedder.js";
import { splitIdentifier } from "../src/ranking/text/split-identifier.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const K = 5;
/** Plain BM25 over name + description, from ../shared/datasets/README.md. */
const BM25_FLOOR: Readonly<Record<string, number>> = {
  bfcl_v4: 0.73,
  toolbench_stabletoolbench: 0.61,
  seal_tools: 0.81,
};

interface Dataset {
  id: string;
  tools: { name: string; description: string }[];
  queries: { query: string; expected: string[] }[];
}

function readDataset(path: string): Dataset {
  const raw = JSON.parse(readFileSync(path, "utf8")) as { tools?: unknown; queries?: unknown };
  if (!Array.isArray(raw.tools) || !Array.isArray(raw.queries))
    throw new Error(`${path}: expected { tools: [...], queries: [...] }`);
  const tools = raw.tools.map((tool: { name?: unknown; description?: unknown }) => ({
    name: String(tool.name),
    description: typeof tool.description === "string" ? tool.description : "",
  }));
  const queries = raw.queries
    .map((query: { query?: unknown; expected?: unknown }) => ({
      query: String(query.query),
      expected: Array.isArray(query.expected) ? query.expected.map(String) : [],
    }))
    // Queries nothing answers have no recall to measure.
    .filter((query) => query.expected.length > 0);
  return { id: basename(path, ".json"), tools, queries };
}

/** What the tool looks like to the embedder: words of its name, then its description. */
function toolText(tool: { name: string; description: string }): string {
  return `${splitIdentifier(tool.name).join(" ")}. ${tool.description}`;
}

function topK(query: Float32Array, tools: readonly Float32Array[], k: number): number[] {
  const best: { index: number; score: number }[] = [];
  tools.forEach((tool, index) => {
    let score = 0;
    for (let d = 0; d < query.length; d++) score += (query[d] as number) * (tool[d] as number);
    if (best.length < k || score > (best[best.length - 1] as { score: number }).score) {
      best.push({ index, score });
      best.sort((a, b) => b.score - a.score);
      if (best.length > k) best.pop();
    }
  });
  return best.map((entry) => entry.index);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      model: { type: "string" },
      dtype: { type: "string" },
      pooling: { type: "string" },
      datasets: { type: "string" },
      speed: { type: "boolean" },
      json: { type: "boolean" },
    },
  });
  const datasetDir = resolve(values.datasets ?? join(ROOT, "../shared/datasets"));
  const paths = readdirSync(datasetDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(datasetDir, name));
  const own = join(ROOT, "bench/datasets/toolsift-servers.json");
  if (existsSync(own)) paths.push(own);

  const loadStarted = performance.now();
  const embedder = await loadEmbedder({
    ...(values.model === undefined ? {} : { model: values.model }),
    ...(values.dtype === undefined ? {} : { dtype: values.dtype }),
    ...(values.pooling === undefined ? {} : { pooling: values.pooling as Pooling }),
  });
  const loadMs = performance.now() - loadStarted;

  const results: { dataset: string; tools: number; queries: number; recallAt5: number; bm25Floor?: number }[] = [];
  let allTools: string[] = [];
  let allQueries: string[] = [];
  for (const path of paths) {
    const dataset = readDataset(path);
    const toolTexts = dataset.tools.map(toolText);
    allTools = allTools.concat(toolTexts);
    allQueries = allQueries.concat(dataset.queries.map((query) => query.query));
    const toolVectors = await embedder.embed(toolTexts);
    const queryVectors = await embedder.embed(dataset.queries.map((query) => query.query));
    let recall = 0;
    dataset.queries.forEach((query, i) => {
      const ranked = topK(queryVectors[i] as Float32Array, toolVectors, K).map(
        (index) => (dataset.tools[index] as { name: string }).name,
      );
      recall += recallAt(ranked, new Set(query.expected), K);
    });
    results.push({
      dataset: dataset.id,
      tools: dataset.tools.length,
      queries: dataset.queries.length,
      recallAt5: recall / dataset.queries.length,
      ...(BM25_FLOOR[dataset.id] === undefined ? {} : { bm25Floor: BM25_FLOOR[dataset.id] }),
    });
  }

  let speed: { loadMs: number; queryMedianMs: number; queryP95Ms: number; tenThousandMs: number } | undefined;
  if (values.speed === true) {
    const singles: number[] = [];
    for (const query of allQueries.slice(0, 500)) {
      const started = performance.now();
      await embedder.embed([query]);
      singles.push(performance.now() - started);
    }
    singles.sort((a, b) => a - b);
    const tenThousand = Array.from({ length: 10_000 }, (_, i) => allTools[i % allTools.length] as string);
    const started = performance.now();
    await embedder.embed(tenThousand);
    speed = {
      loadMs,
      queryMedianMs: singles[Math.floor(singles.length / 2)] as number,
      queryP95Ms: singles[Math.floor(singles.length * 0.95)] as number,
      tenThousandMs: performance.now() - started,
    };
  }
  await embedder.close?.();

  if (values.json === true) {
    console.log(JSON.stringify({ model: embedder.id, dimensions: embedder.dimensions, results, speed }, null, 2));
    return;
  }
  console.log(`model ${embedder.id} (${embedder.dimensions} dimensions)`);
  console.log("| dataset | tools | queries | recall@5 | BM25 floor |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of results) {
    console.log(
      `| ${row.dataset} | ${row.tools} | ${row.queries} | ${row.recallAt5.toFixed(3)} | ${row.bm25Floor?.toFixed(2) ?? "–"} |`,
    );
  }
  if (speed !== undefined) {
    console.log(
      `load ${speed.loadMs.toFixed(0)} ms; one query: median ${speed.queryMedianMs.toFixed(3)} ms, p95 ${speed.queryP95Ms.toFixed(3)} ms; 10,000 tool texts: ${(speed.tenThousandMs / 1000).toFixed(2)} s`,
    );
  }
}

await main();
