import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { guardSample } from "../guard/measure-guard.js";
import type { BenchDataset } from "../load-dataset.js";

/** The bench folder, where the tuning scripts read toolsift's own set and write their results. */
export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The files a tuning script measures: toolsift's own set, then every shared dataset
 * (`TOOLSIFT_SHARED_DATASETS`, default `../shared/datasets` beside the repository), by name.
 */
export async function tuningDatasetPaths(): Promise<string[]> {
  const shared = process.env.TOOLSIFT_SHARED_DATASETS ?? resolve(BENCH_DIR, "..", "..", "shared", "datasets");
  const paths = [join(BENCH_DIR, "datasets", "toolsift-servers.json")];
  if (existsSync(shared))
    paths.push(
      ...(await readdir(shared))
        .filter((file) => file.endsWith(".json"))
        .sort()
        .map((file) => join(shared, file)),
    );
  return paths;
}

/** Ranker options that leave a query whole (no named tools, parts or siblings), so a setting is judged on one request's own list. */
export const SINGLE_REQUESTS = { exactNames: false, multiPart: false, siblings: false } as const;

/** The queries a tuning script scores: the answerable ones, at most 1,000, sampled as `bench:guard` samples them (seed 42). */
export function answerableSample(dataset: BenchDataset): BenchDataset["queries"] {
  return guardSample(
    dataset.queries.filter((query) => query.expected.length > 0),
    1_000,
    42,
  );
}
