/**
 * Runs the simulated misses loop (see simulate-misses-loop.ts) over the shared datasets with
 * BM25, and writes `<out>/<timestamp>-misses-loop.{json,md}`:
 *   npx tsx bench/misses-loop/run-misses-loop.ts [--datasets <dir>] [--max-queries <n>] [--out <dir>]
 * The datasets are read where they are (default ../shared/datasets); never copy them here.
 */
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { resultsStamp } from "../report/results-files.js";
import { parseArgs } from "node:util";
import { Bm25Ranker } from "../../src/index.js";
import { countOption } from "../count-option.js";
import { loadDataset } from "../load-dataset.js";
import { missesLoopMarkdown, simulateMissesLoop, type MissesLoopRun } from "./simulate-misses-loop.js";

const { values } = parseArgs({
  options: {
    datasets: { type: "string", default: "../shared/datasets" },
    "max-queries": { type: "string", default: "3000" },
    out: { type: "string", default: "bench/results" },
  },
});
const maxQueries = countOption("--max-queries", values["max-queries"]);
const files = (await readdir(values.datasets)).filter((name) => name.endsWith(".json")).sort();
const runs: MissesLoopRun[] = [];
for (const file of files) {
  const dataset = await loadDataset(join(values.datasets, file));
  const run = await simulateMissesLoop(dataset, { id: "bm25", create: () => new Bm25Ranker() }, maxQueries);
  process.stderr.write(
    `${dataset.id}: held-back misses ${run.heldBackMisses.before.toFixed(3)} → ${run.heldBackMisses.after.toFixed(3)}, rest ${run.rest.before.toFixed(3)} → ${run.rest.after.toFixed(3)}\n`,
  );
  runs.push(run);
}
const base = join(values.out, `${resultsStamp()}-misses-loop`);
await writeFile(
  `${base}.json`,
  `${JSON.stringify({ simulated: true, ranker: "bm25", maxQueries, holdout: 0.3, runs }, null, 2)}\n`,
);
await writeFile(`${base}.md`, `${missesLoopMarkdown(runs)}\n`);
process.stdout.write(`${missesLoopMarkdown(runs)}\n`);
