/**
 * The similarity levels of the embedding and hybrid rankers, chosen leave-one-dataset-out with
 * both the GloVe model and the distilled USE-lite one: each level read as a quantile of the
 * similarities between a catalogue's tools (`EmbeddingRanker.catalogueSimilarity`), against the
 * fixed levels tuned on GloVe. Writes `bench/results/similarity-levels-leave-one-out.md`.
 *
 *   npx tsx bench/tuning/tune-similarity-levels.ts                 # some minutes on two cores
 *   npx tsx bench/tuning/tune-similarity-levels.ts --records F     # reuse (or save) the measurements in F
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadDataset } from "../load-dataset.js";
import { levelsReport } from "./similarity-levels-report.js";
import { recordLevels, type LevelRecord } from "./record-similarity-levels.js";
import { BENCH_DIR, tuningDatasetPaths } from "./tuning-datasets.js";

const MODELS = {
  glove: join(BENCH_DIR, "..", "models", "glove-100d-sif"),
  "use-lite": join(BENCH_DIR, "..", "models", "use-lite-sif"),
};

const { values } = parseArgs({ options: { records: { type: "string" } } });
let records: LevelRecord[];
if (values.records && existsSync(values.records)) {
  records = JSON.parse(await readFile(values.records, "utf8")) as LevelRecord[];
} else {
  records = [];
  for (const path of await tuningDatasetPaths()) {
    const dataset = await loadDataset(path);
    for (const [model, dir] of Object.entries(MODELS)) {
      records.push(await recordLevels(dataset, model, dir));
      process.stderr.write(`tune-similarity-levels: ${dataset.id} ${model} done\n`);
    }
  }
  if (values.records) await writeFile(values.records, JSON.stringify(records));
}
const markdown = levelsReport(records);
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "similarity-levels-leave-one-out.md"), markdown);
