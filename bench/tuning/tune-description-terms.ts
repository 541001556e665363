/**
 * How many terms of a tool's description BM25 indexes, chosen leave-one-dataset-out: each cap
 * for bm25 alone and for the hybrid over it (default semantic side), on toolsift's own set and
 * every shared dataset (at most 1,000 answerable queries each, seed 42, abstention off), then one
 * fold per dataset judged by its worst row (see `leave-one-out.ts`). Writes
 * `bench/results/description-terms-leave-one-out.md`.
 *
 *   npx tsx bench/tuning/tune-description-terms.ts      # a few minutes on two cores
 */
import { changesTable, foldsTable } from "./leave-one-out-tables.js";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Bm25Ranker, HybridRanker, type Ranker } from "../../src/ranking/index.js";
import { loadDataset } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { leaveOneDatasetOut, type ScoreTable } from "./leave-one-out.js";
import { answerableSample, BENCH_DIR, SINGLE_REQUESTS, tuningDatasetPaths } from "./tuning-datasets.js";
import { requestText } from "../request-text.js";

const CAPS = [16, 24, 32, 48, 64, 96, 128, Number.POSITIVE_INFINITY];
const BASELINE = "whole";
const idOf = (cap: number) => (cap === Number.POSITIVE_INFINITY ? BASELINE : `${cap} terms`);

const scores: Record<string, Record<string, number>> = {};
const sizes: Record<string, number> = {};
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  const queries = answerableSample(dataset);
  for (const cap of CAPS) {
    const rankers: [string, Ranker][] = [
      ["bm25", new Bm25Ranker({ descriptionTerms: cap })],
      [
        "hybrid",
        new HybridRanker({
          lexical: new Bm25Ranker({ ...SINGLE_REQUESTS, descriptionTerms: cap }),
          semantic: { cacheDir: false },
        }),
      ],
    ];
    for (const [rankerId, ranker] of rankers) {
      await ranker.update(dataset.documents);
      let recall = 0;
      for (const query of queries) {
        const hits = await ranker.search(requestText(query.query), { limit: 5 });
        recall += recallAt(
          hits.map((hit) => hit.name),
          new Set(query.expected),
          5,
        );
      }
      await ranker.close?.();
      const row = `${dataset.id} · ${rankerId}`;
      scores[row] ??= {};
      scores[row]![idOf(cap)] = recall / queries.length;
      sizes[row] = queries.length;
    }
  }
  process.stderr.write(`tune-description-terms: ${dataset.id} done\n`);
}

const table: ScoreTable = scores;
const rows = Object.keys(table);
const datasetOf = (row: string) => row.slice(0, row.indexOf(" · "));
const folds = leaveOneDatasetOut(table, BASELINE, datasetOf, (row) => 1 / sizes[row]!);
const settings = CAPS.map(idOf);
const markdown = [
  "# Description terms BM25 indexes, leave one dataset out",
  "",
  `Recall@5 (answerable queries, at most 1,000 per set, seed 42) of bm25 and the hybrid over it, for each cap on the description's terms, against reading descriptions whole. ` +
    "Each fold chooses, on every set but one, the cap whose worst (set, ranker) gains most (worst rows within one query count as a tie, broken by the mean), then measures it on the set left out.",
  "",
  ...foldsTable(folds),
  "",
  "Every cap against reading whole (points of recall@5):",
  "",
  ...changesTable(table, settings, BASELINE, rows, "cap"),
  "",
  `Recall@5 reading whole: ${rows.map((row) => `${row} ${table[row]![BASELINE]!.toFixed(3)}`).join(", ")}.`,
  "",
].join("\n");
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "description-terms-leave-one-out.md"), markdown);
