/**
 * The retrieval benchmark: `npm run bench -- [options]` (see `--help` and bench/README.md).
 * Runs every selected ranker over the datasets and the generated catalogues in this one
 * process, prints Markdown tables on stdout and writes bench/results/<timestamp>.{json,md,svg}.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { cpus, platform, totalmem } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OptionsError, ToolsiftError } from "../src/errors.js";
import { loadEmbedder } from "../src/index.js";
import { STRATEGIES } from "../src/public/agent.js";
import { parseBenchOptions, USAGE, type BenchOptions } from "./cli-options.js";
import { evaluateRanker, sampleQueries } from "./evaluate-ranker.js";
import { hasRepeatedTools, measureLearningCurve } from "./learning/measure-learning-curve.js";
import { loadDataset, type BenchDataset } from "./load-dataset.js";
import { collectGarbage } from "./memory-probe.js";
import { measurePackage } from "./package/measure-package.js";
import { rankerRegistry, REFERENCE_RANKER_ID, type RankerEntry } from "./rankers.js";
import { exampleCatalogue } from "../examples/catalogue/index.js";
import { parseTool } from "../src/catalogue/index.js";
import { measureExactNames, measureRelevance, type RelevanceCatalogue } from "./relevance/measure-relevance.js";
import { relevanceVariants } from "./relevance/relevance-variants.js";
import type {
  BenchReport,
  BlockSavingRun,
  DatasetInfo,
  LearningCurveRun,
  PackageRun,
  PersistenceRun,
  RankerRun,
  RelevanceSection,
  ScaleRun,
  SessionScaleRun,
  StrategySection,
  VectorIndexRun,
} from "./report/bench-report.js";
import { kindTable, PERSISTENCE_NOTE, persistenceTable, renderMarkdown, retrievalTable, SCALE_NOTE, scaleTable, strategySection } from "./report/markdown.js";
import { learningSection } from "./report/learning-section.js";
import { blockSavingSection, packageSection, sessionScaleSection, targetsSection, vectorIndexSection } from "./report/markdown-sections.js";
import { relevanceSection } from "./report/relevance-section.js";
import { searchHoldsSection, type SearchHoldsSection } from "./report/search-holds-section.js";
import { GUARD_RANKERS, measureGuard, measureReference } from "./guard/measure-guard.js";
import { RegistryBm25Ranker } from "./peers/index.js";
import { renderSvgChart } from "./report/svg-chart.js";
import { allTargets } from "./report/targets.js";
import { generateSkewedCatalogue } from "./scale/generate-skewed-catalogue.js";
import { measureSessionScale } from "./scale/measure-session-scale.js";
import { measurePersistedReload, PERSISTENT_RANKERS } from "./scale/persisted-reload.js";
import { datasetBlockCatalogue, everythingBlockCatalogue, exampleBlockCatalogue } from "./strategy/block-saving-catalogues.js";
import { exampleStrategyCatalogue, measureStrategies, strategyCatalogueOf, type StrategyCatalogue } from "./strategy/index.js";
import { measureBlockSaving } from "./strategy/measure-block-saving.js";
import { measureVectorIndex } from "./vector-index/measure-vector-index.js";

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(BENCH_DIR, "..");
const OWN_DATASET = join(BENCH_DIR, "datasets", "toolsift-servers.json");
const SHARED_DATASETS = resolve(REPO_ROOT, "..", "shared", "datasets");
const LIMIT = 10;
/** The rankers learning curves are drawn for (when selected): the default and the hybrid. */
const LEARNING_RANKERS = new Set(["bm25", "hybrid-adaptive"]);

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function selectRankers(all: RankerEntry[], wanted: string[]): RankerEntry[] {
  if (wanted.length === 0) return all;
  const known = new Map(all.map((entry) => [entry.id, entry]));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new OptionsError("BENCH_OPTIONS", `--ranker ${unknown.join(", ")} is not available; choose from ${[...known.keys()].join(", ")}.`);
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

/** Learning curves for the datasets with repeated tools, per selected ranker among {@link LEARNING_RANKERS}. */
async function measureLearningCurves(datasets: readonly BenchDataset[], rankers: readonly RankerEntry[], options: BenchOptions, notes: string[]): Promise<LearningCurveRun[]> {
  const runs: LearningCurveRun[] = [];
  const curveRankers = rankers.filter((ranker) => LEARNING_RANKERS.has(ranker.id));
  for (const dataset of datasets) {
    if (!hasRepeatedTools(dataset)) {
      notes.push(`learning: ${dataset.id} has too few tools expected by two queries or more for a learning curve; skipped.`);
      continue;
    }
    for (const ranker of curveRankers) {
      log(`learning: ${dataset.id} × ${ranker.id} — teaching up to 25% of its queries through sessions`);
      const run = await measureLearningCurve(ranker, dataset, {
        heldBack: options.learningQueries,
        seed: options.seed,
        onPoint: (point) => log(`  ${Math.round(point.share * 100)}% taught (${point.taught} queries): recall@5 ${point.recallAt5.toFixed(3)}`),
      });
      if (run.error) log(`  ${ranker.id} failed: ${run.error}`);
      runs.push(run);
      collectGarbage?.();
    }
  }
  return runs;
}

/** The scale section always runs toolsift's bm25 and the reference next to the selected rankers: the issue-13 ratios need both. */
function scaleRankers(selected: RankerEntry[], all: RankerEntry[]): RankerEntry[] {
  const ids = new Set(selected.map((ranker) => ranker.id));
  const required = all.filter((ranker) => (ranker.id === "bm25" || ranker.id === REFERENCE_RANKER_ID) && !ids.has(ranker.id));
  return [...selected, ...required];
}

/** The tool-block saving on the example catalogue, toolsift's own dataset and, if it starts, the reference MCP server. */
async function measureBlockSavings(datasets: readonly BenchDataset[], notes: string[]): Promise<BlockSavingRun[]> {
  const catalogues = [exampleBlockCatalogue()];
  const own = datasets.find((dataset) => dataset.path === OWN_DATASET) ?? (existsSync(OWN_DATASET) ? await loadDataset(OWN_DATASET) : undefined);
  if (own) {
    const catalogue = datasetBlockCatalogue(own, relative(REPO_ROOT, OWN_DATASET));
    // Its 321 stubs exceed the default stub budget, so by default it is searched, not listed;
    // the second row keeps every stub listed, to measure the stubs themselves on a light catalogue.
    catalogues.push(catalogue, { ...catalogue, id: `${catalogue.id}, every stub listed`, tuning: { maxStubTokens: Number.MAX_SAFE_INTEGER } });
  }
  try {
    catalogues.push(await everythingBlockCatalogue());
  } catch (error) {
    notes.push(`tool-block saving: the reference MCP server (server-everything) could not be listed, so it was left out: ${(error as Error).message}`);
  }
  const runs: BlockSavingRun[] = [];
  for (const catalogue of catalogues) {
    log(`tool-block saving: ${catalogue.id} — ${catalogue.tools.length} tools`);
    const run = await measureBlockSaving(catalogue);
    if (run.error) log(`  ${catalogue.id} failed: ${run.error}`);
    runs.push(run);
  }
  return runs;
}

/** Exact vs HNSW embedding search, one generated catalogue per size, with one loaded model. */
async function measureVectorIndexes(options: BenchOptions): Promise<VectorIndexRun[]> {
  const runs: VectorIndexRun[] = [];
  const embedder = await loadEmbedder();
  try {
    for (const size of options.vectorSizes) {
      log(`vector index: exact vs HNSW over ${size} generated tools`);
      const run = await measureVectorIndex(generateSkewedCatalogue({ size, queries: options.scaleQueries, seed: options.seed }), embedder);
      if (run.error) log(`  failed: ${run.error}`);
      runs.push(run);
      collectGarbage?.();
    }
  } finally {
    await embedder.close?.();
  }
  return runs;
}

/**
 * Issue 11: every ranker's exact-name hit rate on the example catalogue and every dataset, then
 * each toolsift ranker against its plain self on every dataset.
 */
async function measureRelevanceSection(rankers: readonly RankerEntry[], datasets: readonly BenchDataset[], maxQueries: number | undefined): Promise<RelevanceSection> {
  const example: RelevanceCatalogue = {
    id: "example-catalogue",
    documents: exampleCatalogue.map((tool) => parseTool(tool, "the example catalogue").document),
    queries: [],
  };
  const section: RelevanceSection = { exactNames: [], runs: [] };
  for (const catalogue of [example, ...datasets]) {
    log(`exact names: ${catalogue.id} — ${rankers.length} rankers`);
    for (const ranker of rankers) {
      const run = await measureExactNames(ranker, catalogue);
      if (run.error) log(`  ${ranker.id} failed: ${run.error}`);
      section.exactNames.push(run);
    }
  }
  for (const dataset of datasets) {
    for (const ranker of rankers) {
      const variants = relevanceVariants(ranker.id);
      if (!variants) continue;
      log(`relevance: ${ranker.id} × ${dataset.id} — as registered, plain, without multi-part, without abstention`);
      const run = await measureRelevance(ranker, variants, dataset, maxQueries);
      if (run.error) log(`  failed: ${run.error}`);
      section.runs.push(run);
      collectGarbage?.();
    }
  }
  return section;
}

/** The default rankers through `toolSearch.search` on every dataset: the guard's measurement, for the report. */
async function measureSearchHolds(datasets: readonly BenchDataset[], notes: string[]): Promise<SearchHoldsSection> {
  const section: SearchHoldsSection = { rows: [], references: [] };
  for (const dataset of datasets) {
    log(`search holds: ${dataset.id} — bm25 and hybrid with default options, and the plain reference`);
    try {
      section.references.push(await measureReference(dataset, new RegistryBm25Ranker()));
      for (const ranker of GUARD_RANKERS) section.rows.push(await measureGuard(dataset, ranker));
    } catch (error) {
      notes.push(`search holds: ${dataset.id} failed: ${(error as Error).message}`);
    }
  }
  return section;
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-");
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseBenchOptions(process.argv.slice(2));
  } catch (error) {
    log(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const registry = rankerRegistry();
  if (options.help) {
    process.stdout.write(`${USAGE}\nRankers:\n${registry.entries.map((entry) => `  ${entry.id.padEnd(20)} ${entry.label}`).join("\n")}\n`);
    return 0;
  }
  const started = new Date();
  const startedAt = performance.now();
  const notes = [...registry.notes];
  const rankers = selectRankers(registry.entries, options.rankers);
  const datasets = await loadDatasets(options, notes);
  for (const note of notes) log(`note: ${note}`);
  if (collectGarbage === undefined) notes.push("full GC was not available; memory numbers include uncollected garbage.");

  const retrieval: RankerRun[] = [];
  const datasetInfo: DatasetInfo[] = [];
  for (const dataset of datasets) {
    const queries = sampleQueries(dataset.queries, options.maxQueries);
    datasetInfo.push({
      id: dataset.id,
      path: relative(REPO_ROOT, dataset.path) || dataset.path,
      tools: dataset.tools.length,
      queries: dataset.queries.length,
      queriesRun: queries.length,
      ...(dataset.source ? { source: dataset.source } : {}),
      ...(dataset.license ? { license: dataset.license } : {}),
    });
    log(`retrieval: ${dataset.id} — ${dataset.tools.length} tools, ${queries.length} of ${dataset.queries.length} queries`);
    for (const ranker of rankers) {
      const run = await evaluateRanker(ranker, dataset, queries, { limit: LIMIT });
      if (run.error) log(`  ${ranker.id} failed: ${run.error}`);
      retrieval.push(run);
    }
  }

  const learning = options.noLearning ? [] : await measureLearningCurves(datasets, rankers, options, notes);

  const scale: ScaleRun[] = [];
  const sessionScale: SessionScaleRun[] = [];
  const scaleEntries = scaleRankers(rankers, registry.entries);
  let largestCatalogue: BenchDataset | undefined;
  if (!options.noScale) {
    for (const size of options.sizes) {
      const catalogue = generateSkewedCatalogue({ size, queries: options.scaleQueries, seed: options.seed });
      log(`scale: ${size} generated tools (skewed vocabulary), ${catalogue.queries.length} queries`);
      for (const ranker of scaleEntries) {
        const run = await evaluateRanker(ranker, catalogue, catalogue.queries, { limit: LIMIT });
        if (run.error) log(`  ${ranker.id} failed: ${run.error}`);
        scale.push({ ...run, size });
      }
      log(`scale: ${size} tools through createToolSearch and a session`);
      const session = await measureSessionScale(catalogue, { limit: LIMIT, repeats: options.quick ? 10 : 20 });
      if (session.error) log(`  session failed: ${session.error}`);
      sessionScale.push(session);
      largestCatalogue = catalogue;
    }
  }

  const persistence: PersistenceRun[] = [];
  const persistent = rankers.filter((ranker) => Object.hasOwn(PERSISTENT_RANKERS, ranker.id));
  if (largestCatalogue && persistent.length > 0) {
    for (const ranker of persistent) {
      log(`persistence: ${ranker.id} — build ${largestCatalogue.tools.length} tools into a temporary cacheDir, then reload in a new instance`);
      const run = await measurePersistedReload(ranker.id, largestCatalogue);
      if (run.error) log(`  ${ranker.id} failed: ${run.error}`);
      else if (run.embeddedDuringReload > 0) notes.push(`${ranker.id}: the reload from cacheDir embedded ${run.embeddedDuringReload} texts; it should embed none.`);
      persistence.push(run);
    }
  }
  largestCatalogue = undefined;
  collectGarbage?.();

  const blockSaving = await measureBlockSavings(datasets, notes);
  const relevance = options.noRelevance ? { exactNames: [], runs: [] } : await measureRelevanceSection(rankers, datasets, options.maxQueries);
  const searchHolds = options.noRelevance ? undefined : await measureSearchHolds(datasets, notes);

  const strategy: StrategySection = {
    policy:
      "One oracle session per single-tool query and strategy, through the real tool search session and strategy code, no model, default ranker and tuning: " +
      "request 1 → the oracle calls `search_tools` with the query; request 2 → it calls the top match with placeholder input from the tool's required fields " +
      "(validation errors count as calls); request 3 → it answers. With no match it answers on request 2.",
    catalogues: [],
    runs: [],
  };
  if (!options.noStrategies) {
    const catalogues: StrategyCatalogue[] = [];
    const own = datasets.find((dataset) => dataset.path === OWN_DATASET);
    if (own) {
      const catalogue = strategyCatalogueOf(own, options.maxQueries);
      catalogues.push(catalogue);
      strategy.catalogues.push({
        id: catalogue.id,
        tools: catalogue.tools.length,
        queries: `${catalogue.queries.length} answerable single-tool queries${options.maxQueries === undefined ? "" : ` (at most ${options.maxQueries}, spread evenly)`}`,
      });
    }
    const example = exampleStrategyCatalogue();
    catalogues.push(example);
    strategy.catalogues.push({ id: example.id, tools: example.tools.length, queries: `${example.queries.length} queries written for it (bench/strategy/example-queries.ts)` });
    for (const catalogue of catalogues) {
      log(`strategies: ${catalogue.id} — ${catalogue.queries.length} oracle sessions × ${Object.keys(STRATEGIES).length} strategies`);
      strategy.runs.push(
        ...(await measureStrategies(catalogue, Object.values(STRATEGIES), {
          onStrategy: (run) => run.error && log(`  ${run.strategy} failed: ${run.error}`),
        })),
      );
    }
  }

  let packageRun: PackageRun | null = null;
  if (!options.noPackage) {
    packageRun = await measurePackage({ seed: options.seed, queries: options.scaleQueries, log });
    if (packageRun.error) log(`  package section failed: ${packageRun.error.split("\n")[0]}`);
  }
  const vectorIndex = options.noVectorIndex ? [] : await measureVectorIndexes(options);

  const cpuList = cpus();
  const report: BenchReport = {
    formatVersion: 4,
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
      sizes: options.noScale ? [] : options.sizes,
      maxQueries: options.maxQueries ?? null,
      scaleQueries: options.scaleQueries,
      seed: options.seed,
      limit: LIMIT,
      vectorIndexSizes: options.noVectorIndex ? [] : options.vectorSizes,
      package: !options.noPackage,
    },
    rankers: (options.noScale ? rankers : scaleEntries).map(({ id, label, kind, source }) => ({ id, label, kind, source })),
    datasets: datasetInfo,
    retrieval,
    scale,
    persistence,
    sessionScale,
    blockSaving,
    package: packageRun,
    vectorIndex,
    strategy,
    learning,
    relevance,
    ...(searchHolds ? { searchHolds } : {}),
    targets: allTargets({ sessionScale, blockSaving, package: packageRun, learning, relevance, ...(searchHolds ? { searchHolds } : {}) }),
    notes,
  };

  const outDir = options.out ? resolve(options.out) : join(BENCH_DIR, "results");
  await mkdir(outDir, { recursive: true });
  const base = join(outDir, timestamp(started));
  await writeFile(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(`${base}.md`, renderMarkdown(report));
  await writeFile(`${base}.svg`, renderSvgChart(report));

  const kinds = kindTable(report);
  process.stdout.write(
    [
      "## Retrieval",
      report.retrieval.length > 0 ? retrievalTable(report) : "_No retrieval runs._",
      ...(kinds ? ["### Recall@5 by query kind", kinds] : []),
      ...learningSection(report),
      "## Scale",
      ...(report.scale.length > 0 ? [SCALE_NOTE, scaleTable(report)] : ["_No scale runs._"]),
      ...sessionScaleSection(report),
      ...(report.persistence.length > 0 ? ["### Persistence: reload from `cacheDir`", PERSISTENCE_NOTE, persistenceTable(report)] : []),
      ...blockSavingSection(report),
      ...(report.package ? packageSection(report) : []),
      ...vectorIndexSection(report),
      ...relevanceSection(report),
      ...searchHoldsSection(report),
      ...(options.noStrategies ? [] : ["## Agent strategies", ...strategySection(report)]),
      ...targetsSection(report),
      "",
    ].join("\n\n"),
  );
  log(`\nwrote ${relative(process.cwd(), base)}.{json,md,svg} — run took ${(report.durationMs / 1000).toFixed(1)} s`);
  // A missed target is reported, never a failure; a measurement that threw is.
  const failed = [
    ...retrieval,
    ...learning,
    ...scale,
    ...persistence,
    ...sessionScale,
    ...blockSaving,
    ...vectorIndex,
    ...strategy.runs,
    ...relevance.exactNames,
    ...relevance.runs,
    ...(packageRun ? [packageRun] : []),
  ].some(
    (run) => run.error,
  );
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(error instanceof ToolsiftError ? `${error.name} (${error.code}): ${error.message}` : String((error as Error)?.stack ?? error));
    process.exitCode = error instanceof OptionsError ? 2 : 1;
  },
);
