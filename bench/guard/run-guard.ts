/**
 * `npm run bench:guard`: bm25 and the hybrid, with default options, on every dataset of the
 * bench (toolsift's own and every shared one), each seeded and sampled to at most 1,000
 * queries, against `bench/baseline.json`. It fails (exit 1) when a set loses more than half a
 * point of recall@5, when empty answers to answerable queries rise or pass 1%, or when bm25
 * falls half a point below the plain reference BM25. A deliberate change runs it with
 * `--update --note "why"` and commits the new baseline with the change.
 *
 * Without the shared datasets it says so and exits 0, except under CI, where it fails: a guard
 * that silently measures nothing guards nothing.
 */
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { countOrDefault } from "../count-option.js";
import { loadDataset, type BenchDataset } from "../load-dataset.js";
import { RegistryBm25Ranker } from "../peers/registry-bm25-ranker.js";
import { compareWithBaseline, guardTable, type GuardBaseline } from "./compare-baseline.js";
import {
  GUARD_MAX_QUERIES,
  GUARD_RANKERS,
  measureGuard,
  measureReference,
  type GuardRow,
  type ReferenceRow,
} from "./measure-guard.js";

const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BASELINE = join(BENCH_DIR, "baseline.json");
const OWN_DATASET = join(BENCH_DIR, "datasets", "toolsift-servers.json");
const SHARED_DATASETS = process.env.TOOLSIFT_SHARED_DATASETS ?? resolve(BENCH_DIR, "..", "..", "shared", "datasets");
const USAGE = `Usage: npm run bench:guard -- [--update --note "why"] [--seed n] [--max-queries n]

  --update        write the measurements to bench/baseline.json instead of failing on them
  --note <text>   with --update: why the baseline changes (kept in the file)
  --seed <n>      the query sample's seed (default 42; the baseline records its own)
  --max-queries   queries per dataset and kind (default ${GUARD_MAX_QUERIES})`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      update: { type: "boolean" },
      note: { type: "string" },
      seed: { type: "string" },
      "max-queries": { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.update && !values.note) {
    process.stderr.write('bench:guard: --update needs --note "why the baseline changes".\n');
    return 2;
  }
  const baseline = existsSync(BASELINE) ? (JSON.parse(await readFile(BASELINE, "utf8")) as GuardBaseline) : undefined;
  let seed: number;
  let maxQueries: number;
  try {
    seed = countOrDefault("--seed", values.seed, baseline?.seed ?? 42, { min: 0 });
    maxQueries = countOrDefault("--max-queries", values["max-queries"], baseline?.maxQueries ?? GUARD_MAX_QUERIES);
  } catch (error) {
    process.stderr.write(`bench:guard: ${(error as Error).message}\n`);
    return 2;
  }
  if (!existsSync(SHARED_DATASETS)) {
    const message = `bench:guard: the shared datasets are not at ${SHARED_DATASETS} (set TOOLSIFT_SHARED_DATASETS to their folder)`;
    process.stderr.write(`${message}${process.env.CI ? "; under CI this is a failure." : "; nothing measured."}\n`);
    return process.env.CI ? 1 : 0;
  }
  const files = (await readdir(SHARED_DATASETS)).filter((file) => file.endsWith(".json")).sort();
  const datasets: BenchDataset[] = [await loadDataset(OWN_DATASET)];
  for (const file of files) datasets.push(await loadDataset(join(SHARED_DATASETS, file)));

  const started = performance.now();
  const rows: GuardRow[] = [];
  const references: ReferenceRow[] = [];
  for (const dataset of datasets) {
    references.push(await measureReference(dataset, new RegistryBm25Ranker(), { seed, maxQueries }));
    for (const ranker of GUARD_RANKERS) {
      const row = await measureGuard(dataset, ranker, { seed, maxQueries });
      rows.push(row);
      process.stderr.write(
        `bench:guard: ${dataset.id} × ${ranker}: recall@5 ${row.recallAt5.toFixed(4)}, empty ${(row.emptyRate * 100).toFixed(2)}% (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
      );
    }
  }
  process.stdout.write(`${guardTable(rows, references, baseline)}\n`);
  if (values.update) {
    const next: GuardBaseline = { formatVersion: 1, note: values.note!, seed, maxQueries, rows, references };
    await writeFile(BASELINE, `${JSON.stringify(next, null, 2)}\n`);
    process.stdout.write(`bench:guard: wrote ${BASELINE}\n`);
    return 0;
  }
  const failures = compareWithBaseline(rows, references, baseline);
  if (!baseline) process.stderr.write("bench:guard: no bench/baseline.json yet: checked the absolute limits only.\n");
  for (const failure of failures)
    process.stderr.write(`bench:guard: FAIL ${failure.dataset} × ${failure.ranker}: ${failure.message}\n`);
  process.stdout.write(
    failures.length === 0
      ? `bench:guard: passed: ${rows.length} runs on ${datasets.length} datasets in ${((performance.now() - started) / 1000).toFixed(0)} s.\n`
      : `bench:guard: ${failures.length} check(s) failed.\n`,
  );
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();
