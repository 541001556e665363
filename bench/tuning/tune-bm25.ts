/**
 * The BM25F constants, chosen leave-one-dataset-out: every combination of `b`, `k1` and the
 * name and parameter weights, with abstention off, on toolsift's own set and every shared
 * dataset (each sampled with a fixed seed to at most 1,000 answerable queries), then one fold per
 * dataset (see `leave-one-out.ts`). Prints the folds and each setting's worst set, and writes
 * them to `bench/results/bm25-leave-one-out.md`.
 *
 *   npx tsx bench/tuning/tune-bm25.ts      # about 6 minutes on two cores
 */
import { foldsTable, points } from "./leave-one-out-tables.js";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Bm25Ranker, type Bm25Options } from "../../src/ranking/index.js";
import { guardSample } from "../guard/measure-guard.js";
import { loadDataset } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { BENCH_DIR, tuningDatasetPaths } from "./tuning-datasets.js";
import { leaveOneDatasetOut, worstChange, type ScoreTable } from "./leave-one-out.js";
import { requestText } from "../request-text.js";

const DEFAULT_ID = "b=0.75 k1=1.2 name=3 params=0.3";

const settings = new Map<string, Bm25Options>();
for (const b of [0.3, 0.5, 0.75, 0.9])
  for (const k1 of [0.9, 1.2, 1.6])
    for (const name of [1.5, 2, 3])
      for (const parameters of [0, 0.3, 0.6])
        settings.set(`b=${b} k1=${k1} name=${name} params=${parameters}`, {
          b,
          k1,
          fieldWeights: { name, parameters },
          abstention: false,
        });
settings.set("no multi-part", { abstention: false, multiPart: false });

const paths = await tuningDatasetPaths();

const scores: Record<string, Record<string, number>> = {};
for (const path of paths) {
  const dataset = await loadDataset(path);
  const queries = guardSample(
    dataset.queries.filter((query) => query.expected.length > 0),
    1_000,
    42,
  );
  scores[dataset.id] = {};
  for (const [id, options] of settings) {
    const ranker = new Bm25Ranker(options);
    ranker.update(dataset.documents);
    let recall = 0;
    for (const query of queries)
      recall += recallAt(
        ranker.search(requestText(query.query), { limit: 5 }).map((hit) => hit.name),
        new Set(query.expected),
        5,
      );
    scores[dataset.id]![id] = recall / queries.length;
  }
  process.stderr.write(`tune-bm25: ${dataset.id} done\n`);
}

const table: ScoreTable = scores;
const datasets = Object.keys(table);
const folds = leaveOneDatasetOut(table, DEFAULT_ID);
const ranked = [...settings.keys()]
  .map((id) => ({ id, worst: worstChange(table, id, DEFAULT_ID, datasets) }))
  .sort((a, b) => b.worst - a.worst);
const markdown = [
  "# BM25F constants, leave one dataset out",
  "",
  `Recall@5 (answerable queries, at most 1,000 per set, seed 42, abstention off) of ${settings.size} settings on ${datasets.length} datasets; the default is \`${DEFAULT_ID}\`. ` +
    "Each fold chooses, on every set but one, the setting whose worst set gains most over the default, then measures it on the set left out.",
  "",
  ...foldsTable(folds),
  "",
  "The ten settings with the best worst set over all datasets (change against the default, in points):",
  "",
  `| setting | worst | ${datasets.join(" | ")} |`,
  `|---|---:|${datasets.map(() => "---:").join("|")}|`,
  ...ranked
    .slice(0, 10)
    .map(
      ({ id, worst }) =>
        `| ${id} | ${points(worst)} | ${datasets.map((dataset) => points(table[dataset]![id]! - table[dataset]![DEFAULT_ID]!)).join(" | ")} |`,
    ),
  "",
  `Default recall@5: ${datasets.map((dataset) => `${dataset} ${table[dataset]![DEFAULT_ID]!.toFixed(3)}`).join(", ")}.`,
  "",
].join("\n");
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "bm25-leave-one-out.md"), markdown);
