/**
 * The retrieval benchmark: `npm run bench -- [options]` (see `--help` and bench/README.md).
 * Runs the sections of bench/sections/index.ts in order in this one process, checks the targets
 * they measured against bench/targets.ts, prints Markdown on stdout and writes
 * bench/results/<timestamp>.{json,md,svg}.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { cpus, platform, tmpdir, totalmem } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OptionsError, ToolsiftError } from "../src/errors.js";
import { parseBenchOptions, USAGE, type BenchOptions } from "./cli-options.js";
import { loadDataset, type BenchDataset } from "./load-dataset.js";
import { collectGarbage } from "./memory-probe.js";
import { packAndInstall } from "./package/measure-package.js";
import { OTHER_MODEL_RANKERS, rankerRegistry, type RankerEntry } from "./rankers.js";
import type { BenchReport } from "./report/bench-report.js";
import { runSections, selectSections, type SectionsRun } from "./sections/driver.js";
import { SECTIONS, type AnySection, type BenchContext, type PackedProject } from "./sections/index.js";
import { renderMarkdown, renderSvg, sectionsMarkdown, targetsOf } from "./sections/render.js";
import { targetsSection } from "./report/markdown-sections.js";
import { resultsStamp } from "./report/results-files.js";
import { RETRIEVAL_LIMIT } from "./sections/retrieval.js";

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(BENCH_DIR, "..");
const OWN_DATASET = join(BENCH_DIR, "datasets", "toolsift-servers.json");
const SHARED_DATASETS = resolve(REPO_ROOT, "..", "shared", "datasets");

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function selectRankers(all: RankerEntry[], wanted: string[]): RankerEntry[] {
  // The rankers on another model than the bundled one run only when asked for.
  if (wanted.length === 0) return all.filter((entry) => !OTHER_MODEL_RANKERS.includes(entry.id));
  const known = new Map(all.map((entry) => [entry.id, entry]));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new OptionsError(
      "BENCH_OPTIONS",
      `--ranker ${unknown.join(", ")} is not available; choose from ${[...known.keys()].join(", ")}.`,
    );
  }
  return [...new Set(wanted)].map((id) => known.get(id) as RankerEntry);
}

async function defaultDatasetPaths(notes: string[]): Promise<string[]> {
  const paths: string[] = [];
  if (existsSync(OWN_DATASET)) paths.push(OWN_DATASET);
  else notes.push(`toolsift's own dataset is absent (${relative(REPO_ROOT, OWN_DATASET)}); run without it.`);
  if (existsSync(SHARED_DATASETS)) {
    const files = (await readdir(SHARED_DATASETS)).filter((file) => file.endsWith(".json")).sort();
    if (files.length === 0) notes.push(`no shared datasets in ${SHARED_DATASETS}.`);
    paths.push(...files.map((file) => join(SHARED_DATASETS, file)));
  } else {
    notes.push(`shared datasets are absent (${SHARED_DATASETS}); run without them.`);
  }
  return paths;
}

async function loadDatasets(options: BenchOptions, notes: string[]): Promise<BenchDataset[]> {
  const datasets: BenchDataset[] = [];
  if (!options.noDefaults) {
    for (const path of await defaultDatasetPaths(notes)) {
      try {
        datasets.push(await loadDataset(path));
      } catch (error) {
        // A default-suite file may be mid-edit by someone else; report it and carry on.
        notes.push(`skipped a default dataset: ${(error as Error).message}`);
      }
    }
  }
  // Files named on the command line must load: a typo should stop the run, not vanish.
  for (const path of options.datasets) datasets.push(await loadDataset(resolve(path)));
  const seen = new Set<string>();
  return datasets.filter((dataset) => !seen.has(dataset.path) && seen.add(dataset.path) !== undefined);
}

/** Memoizes an async producer: the first call starts it, every call gets its promise. */
function once<T>(produce: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= produce());
}

async function main(): Promise<number> {
  let options: BenchOptions;
  let sections: AnySection[];
  try {
    options = parseBenchOptions(process.argv.slice(2));
    sections = selectSections(SECTIONS, options.sections);
  } catch (error) {
    log(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const registry = rankerRegistry();
  if (options.help) {
    process.stdout.write(
      `${USAGE}\nSections (in run order):\n${SECTIONS.map((section) => `  ${section.id.padEnd(20)} ${section.title}`).join("\n")}\n` +
        `\nRankers:\n${registry.entries.map((entry) => `  ${entry.id.padEnd(20)} ${entry.label}`).join("\n")}\n`,
    );
    return 0;
  }
  const started = new Date();
  const startedAt = performance.now();
  const notes = [...registry.notes];
  for (const note of notes) log(`note: ${note}`);
  const rankers = selectRankers(registry.entries, options.rankers);
  const reportRankers: RankerEntry[] = [...rankers];
  if (collectGarbage === undefined)
    notes.push("full GC was not available; memory numbers include uncollected garbage.");

  const cleanups: (() => void)[] = [];
  const ctx: BenchContext = {
    options,
    rankers,
    registry: registry.entries,
    paths: { repoRoot: REPO_ROOT, benchDir: BENCH_DIR, ownDataset: OWN_DATASET },
    datasets: once(async () => {
      const loading: string[] = [];
      const datasets = await loadDatasets(options, loading);
      for (const note of loading) log(`note: ${note}`);
      notes.push(...loading);
      return datasets;
    }),
    packedProject: once(async (): Promise<PackedProject> => {
      const work = mkdtempSync(join(tmpdir(), "toolsift-bench-package-"));
      cleanups.push(() => rmSync(work, { recursive: true, force: true }));
      return packAndInstall(work, log);
    }),
    log,
    note: (message) => notes.push(message),
    addRankers(entries) {
      for (const entry of entries) if (!reportRankers.some((known) => known.id === entry.id)) reportRankers.push(entry);
    },
  };

  let run: SectionsRun;
  try {
    run = await runSections(SECTIONS, sections, ctx);
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
  const { fields, failed } = run;
  const ran = (id: string) => run.ran.includes(id);

  const cpuList = cpus();
  const report: BenchReport = {
    formatVersion: 5,
    startedAt: started.toISOString(),
    durationMs: performance.now() - startedAt,
    environment: {
      node: process.versions.node,
      platform: `${platform()} ${process.arch}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? "unknown",
      totalMemoryMB: Math.round(totalmem() / 1024 / 1024),
    },
    options: {
      quick: options.quick,
      sizes: ran("scale") ? options.sizes : [],
      maxQueries: options.maxQueries ?? null,
      scaleQueries: options.scaleQueries,
      seed: options.seed,
      limit: RETRIEVAL_LIMIT,
      vectorIndexSizes: ran("vector-index") ? options.vectorSizes : [],
      package: ran("package"),
      ...(options.sections.length > 0 ? { sections: sections.map((section) => section.id) } : {}),
    },
    rankers: reportRankers.map(({ id, label, kind, source }) => ({ id, label, kind, source })),
    ...fields,
    targets: [],
    notes,
  };
  report.targets = targetsOf(report, SECTIONS);

  const outDir = options.out ? resolve(options.out) : join(BENCH_DIR, "results");
  await mkdir(outDir, { recursive: true });
  const base = join(outDir, resultsStamp(started));
  await writeFile(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${base}.md`, renderMarkdown(report, sections));
  await writeFile(`${base}.svg`, renderSvg(report, sections));

  process.stdout.write([...sectionsMarkdown(report, sections), ...targetsSection(report), ""].join("\n\n"));
  log(`\nwrote ${relative(process.cwd(), base)}.{json,md,svg} — run took ${(report.durationMs / 1000).toFixed(1)} s`);
  // A missed target is reported, never a failure; a measurement that threw is.
  if (failed.length > 0) log(`failed: ${failed.join(", ")}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(
      error instanceof ToolsiftError
        ? `${error.name} (${error.code}): ${error.message}`
        : String((error as Error)?.stack ?? error),
    );
    process.exitCode = error instanceof OptionsError ? 2 : 1;
  },
);
