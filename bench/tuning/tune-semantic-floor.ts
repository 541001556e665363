/**
 * The hybrid's semantic floor, chosen leave-one-dataset-out: the floor read as each quantile of
 * the similarities between a catalogue's tools (`EmbeddingRanker.catalogueSimilarity`), and the
 * fixed floors it replaces, on toolsift's own set and every shared dataset (at most 1,000
 * answerable queries each, seed 42), through `toolSearch.search` as `bench:guard` measures (the
 * semantic fallback for empty answers included). One fold per dataset, judged by its worst set
 * (see `leave-one-out.ts`); the baseline is the old fixed 0.3. Writes
 * `bench/results/semantic-floor-leave-one-out.md`.
 *
 *   npx tsx bench/tuning/tune-semantic-floor.ts      # a few minutes on two cores
 */
import { changesTable, foldsTable } from "./leave-one-out-tables.js";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createToolSearch } from "../../src/index.js";
import { Bm25Ranker, EmbeddingRanker, HybridRanker } from "../../src/ranking/index.js";
import { callableTools } from "../learning/measure-learning-curve.js";
import { loadDataset } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { leaveOneDatasetOut, type ScoreTable } from "./leave-one-out.js";
import { answerableSample, BENCH_DIR, SINGLE_REQUESTS, tuningDatasetPaths } from "./tuning-datasets.js";
import { requestText } from "../request-text.js";

const QUANTILES = [0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7];
const FIXED = [0.1, 0.2, 0.3];
const BASELINE = "fixed 0.3";

const scores: Record<string, Record<string, number>> = {};
const sizes: Record<string, number> = {};
const floors: Record<string, Record<string, number>> = {};
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  const queries = answerableSample(dataset);
  // Both sides are shared by every setting: updating them again with the same tools costs nothing.
  const lexical = new Bm25Ranker(SINGLE_REQUESTS);
  const semantic = new EmbeddingRanker({ ...SINGLE_REQUESTS, cacheDir: false, minSimilarity: -1 });
  lexical.update(dataset.documents);
  await semantic.update(dataset.documents);
  const settings = new Map<string, number>(FIXED.map((floor) => [`fixed ${floor}`, floor]));
  for (const quantile of QUANTILES) {
    const floor = await semantic.catalogueSimilarity(quantile);
    if (floor !== undefined) settings.set(`q${quantile}`, floor);
  }
  floors[dataset.id] = Object.fromEntries(settings);
  scores[dataset.id] = {};
  for (const [id, semanticFloor] of settings) {
    const ranker = new HybridRanker({ lexical, semantic, semanticFloor });
    const toolSearch = await createToolSearch({ tools: callableTools(dataset), ranker });
    let recall = 0;
    for (const query of queries) {
      const matches = await toolSearch.search(requestText(query.query), { limit: 5 });
      recall += recallAt(
        matches.map((match) => match.name),
        new Set(query.expected),
        5,
      );
    }
    await toolSearch.close();
    scores[dataset.id]![id] = recall / queries.length;
  }
  sizes[dataset.id] = queries.length;
  await semantic.close();
  process.stderr.write(`tune-semantic-floor: ${dataset.id} done\n`);
}

const table: ScoreTable = scores;
const datasets = Object.keys(table);
const ids = Object.keys(table[datasets[0]!]!);
const folds = leaveOneDatasetOut(
  table,
  BASELINE,
  (row) => row,
  (row) => 1 / sizes[row]!,
);
const markdown = [
  "# The hybrid's semantic floor, leave one dataset out",
  "",
  "Recall@5 of the default hybrid (answerable queries, at most 1,000 per set, seed 42, through `toolSearch.search`) with its semantic floor " +
    "read as a quantile of the similarities between the catalogue's tools, or fixed, against the old fixed 0.3. Each fold chooses, on every set but one, " +
    "the setting whose worst set gains most (worst sets within one query count as a tie, broken by the mean), then measures it on the set left out.",
  "",
  ...foldsTable(folds),
  "",
  "Every setting against the fixed 0.3 (points of recall@5):",
  "",
  ...changesTable(table, ids, BASELINE, datasets, "setting"),
  "",
  "The floor each quantile gives with the bundled model:",
  "",
  `| setting | ${datasets.join(" | ")} |`,
  `|---|${datasets.map(() => "---:").join("|")}|`,
  ...ids
    .filter((id) => id.startsWith("q"))
    .map((id) => `| ${id} | ${datasets.map((dataset) => floors[dataset]![id]!.toFixed(3)).join(" | ")} |`),
  "",
  `Recall@5 with the fixed 0.3: ${datasets.map((dataset) => `${dataset} ${table[dataset]![BASELINE]!.toFixed(3)}`).join(", ")}.`,
  "",
].join("\n");
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "semantic-floor-leave-one-out.md"), markdown);
