/**
 * `npm run bench:models`: embedding models side by side, each named with its folder
 * (`--models glove=models/glove-100d-sif,use-lite=models/use-lite-sif`), never by which one is
 * the default. Per shared set: recall@1/@5 of the model by cosine alone and of the default
 * hybrid over it, BM25 alone beside them; leave one dataset out between the models; COMP@k on
 * the multi-tool sets; empty answers. Then, in fresh processes of the built package: cold
 * start, model load, index and query time, memory; and each model's install size. Writes
 * `bench/results/<UTC stamp>-models.md` and `.json`.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { writeResults } from "../report/results-files.js";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { Embedder } from "../../src/ranking/embedding/embedder.js";
import { loadEmbedder } from "../../src/ranking/index.js";
import { commandFlags } from "../../scripts/command-flags.js";
import { packPackage } from "../../scripts/package/pack-and-install.js";
import { realisticCatalogue } from "../cold-start/realistic-catalogue.js";
import { countOrDefault } from "../count-option.js";
import { type BenchDataset, loadDataset } from "../load-dataset.js";
import { measureInstall } from "./install-size.js";
import { measureModelProcesses } from "./measure-model-process.js";
import { measureModelSet, modelSetQueries } from "./measure-model-sets.js";
import { DEFAULT_MODELS, displayPath, type ModelSpec, parseModelList } from "./model-list.js";
import { type ModelEntry, type ModelsReport, modelsMarkdown, type SetRow } from "./models-report.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/**
 * Per set, as the guard samples (same seed, so its numbers compare): two static models took about
 * 5 minutes in all on a loaded 2-core machine; a transformer model embeds far slower.
 */
const DEFAULT_MAX_QUERIES = 1_000;
const COLD_START_TOOLS = 1_000;

const USAGE = `Usage: npm run bench:models -- [options]

  --models <list>      id=folder,… (relative to the repository; absent folders are skipped with a note);
                       id=folder+folder joins folders into one model
                       default: ${DEFAULT_MODELS}
  --max-queries <n>    answerable (and multi-tool) queries per set, seeded sample (default ${DEFAULT_MAX_QUERIES})
  --seed <n>           the sample's seed (default 42)
  --processes <n>      fresh processes per model for cold start and memory (default 5)
  --datasets <dir>     the shared sets (default $TOOLSIFT_SHARED_DATASETS, else ../shared/datasets)
  --no-package         skip npm pack: no tarball sizes, and the processes run the sources through tsx
  --out <dir>          where the report goes (default bench/results)
  --json               print the JSON report on stdout (the files are written either way)`;

/** The similarity thresholds in the sources and in each model's toolsift.json, so a report says what it ran with. */
function thresholdsOf(models: readonly ModelSpec[]): string[] {
  const found: string[] = [];
  const pattern =
    /(?:const [A-Z_]*(?:SIMILARITY|FLOOR|THRESHOLD|ABSTENTION|QUANTILE)[A-Z_]* = [^\n]*;)|(?:minSimilarity[A-Za-z]* \?\? [0-9.]+)/g;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
        for (const match of readFileSync(path, "utf8").match(pattern) ?? [])
          found.push(`${relative(ROOT, path)}: ${match.replace(/^const /, "")}`);
    }
  };
  for (const folder of ["src/ranking", "src/tool-search"]) if (existsSync(join(ROOT, folder))) walk(join(ROOT, folder));
  for (const model of models) {
    for (const dir of model.dirs) {
      const file = join(dir, "toolsift.json");
      if (!existsSync(file)) continue;
      try {
        const meta = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
        for (const [key, value] of Object.entries(meta))
          if (/similar|threshold|floor/i.test(key))
            found.push(`${model.id} toolsift.json: ${key} = ${JSON.stringify(value)}`);
      } catch {
        found.push(`${model.id} toolsift.json: unreadable`);
      }
    }
  }
  return found;
}

function git(args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function loadSets(dir: string, notes: string[]): Promise<BenchDataset[]> {
  if (!existsSync(dir)) {
    notes.push(`no shared sets at ${dir}: set TOOLSIFT_SHARED_DATASETS or --datasets`);
    return [];
  }
  const sets: BenchDataset[] = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    try {
      sets.push(await loadDataset(join(dir, file)));
    } catch (error) {
      notes.push(`${file} skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return sets;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const { values, parsed, maxQueries, seed, processes } = commandFlags("bench:models", USAGE, argv, () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        models: { type: "string" },
        "max-queries": { type: "string" },
        seed: { type: "string" },
        processes: { type: "string" },
        datasets: { type: "string" },
        "no-package": { type: "boolean" },
        out: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
    });
    return {
      values,
      parsed: parseModelList(values.models ?? DEFAULT_MODELS, ROOT),
      maxQueries: countOrDefault("--max-queries", values["max-queries"], DEFAULT_MAX_QUERIES),
      seed: countOrDefault("--seed", values.seed, 42, { min: 0 }),
      processes: countOrDefault("--processes", values.processes, 5),
    };
  });
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const startedAt = new Date();
  const loadStart = loadavg()[0] ?? 0;
  const notes = [...parsed.notes];
  for (const note of notes) log(note);

  // Load each model once: a folder that does not load is left out with a note, like an absent one.
  const loaded: { spec: ModelSpec; embedder: Embedder }[] = [];
  for (const spec of parsed.models) {
    try {
      loaded.push({
        spec,
        embedder: await loadEmbedder({ model: spec.dirs.length === 1 ? spec.dirs[0] : spec.dirs }),
      });
    } catch (error) {
      const note = `model ${spec.id} skipped: ${error instanceof Error ? error.message : String(error)}`;
      notes.push(note);
      log(note);
    }
  }
  if (loaded.length === 0) {
    log("bench:models: no model to measure");
    return 1;
  }

  const datasetsDir = resolve(
    values.datasets ?? process.env.TOOLSIFT_SHARED_DATASETS ?? resolve(ROOT, "..", "shared", "datasets"),
  );
  const sets = await loadSets(datasetsDir, notes);
  const rows: SetRow[] = [];
  for (const dataset of sets) {
    const queries = modelSetQueries(dataset, maxQueries, seed);
    log(`models: ${dataset.id} (${queries.answerable.length} answerable, ${queries.multiTool.length} multi-tool)`);
    rows.push(await measureModelSet(dataset, { model: null, kind: "bm25" }, queries));
    for (const { spec, embedder } of loaded)
      for (const kind of ["cosine", "hybrid"] as const)
        rows.push(await measureModelSet(dataset, { model: spec.id, kind, embedder }, queries));
  }
  for (const { embedder } of loaded) await embedder.close?.();

  const work = mkdtempSync(join(tmpdir(), "toolsift-bench-models-"));
  try {
    // npm pack builds dist; the processes then import the built package, as users run it.
    let tarball: string | undefined;
    let installNote = "";
    if (!values["no-package"]) {
      try {
        log("models: npm pack (builds dist)");
        tarball = packPackage(ROOT, work, { quiet: true }).tarball;
        installNote =
          "Folder: the model folder's bytes on disk. tar.gz: the folder alone packed with `tar -czf`. Tarball: the file `npm pack` made for this commit, unpacked, every folder under `models/` replaced by this model's, and packed again with `tar -czf` (the compressed size users download with this model as the only one).";
      } catch (error) {
        installNote = `npm pack failed, so no tarball sizes and the processes ran the sources: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}`;
        notes.push(installNote);
      }
    } else installNote = "--no-package: no tarball sizes; the processes ran the sources through tsx.";
    const built = tarball !== undefined && existsSync(join(ROOT, "dist", "index.js"));
    const catalogue = realisticCatalogue(COLD_START_TOOLS);
    const catalogueFile = join(work, "catalogue.json");
    writeFileSync(catalogueFile, JSON.stringify(catalogue));
    const specs = loaded.map(({ spec }) => spec);
    const runs = measureModelProcesses(specs, {
      runs: processes,
      catalogueFile,
      cwd: ROOT,
      modules: built
        ? {
            root: pathToFileURL(join(ROOT, "dist", "index.js")).href,
            testing: pathToFileURL(join(ROOT, "dist", "public", "testing.js")).href,
          }
        : {
            root: pathToFileURL(join(ROOT, "src", "index.ts")).href,
            testing: pathToFileURL(join(ROOT, "src", "public", "testing.ts")).href,
          },
      nodeArgs: built ? [] : ["--import", "tsx"],
      log,
    });
    if (!built)
      notes.push("the fresh processes ran the sources through tsx, so import and first-answer times include compiling");
    const install = measureInstall(specs, tarball, work);

    const models: ModelEntry[] = loaded.map(({ spec, embedder }) => ({
      id: spec.id,
      dir: spec.dirs.map((dir) => displayPath(dir, ROOT)).join(" + "),
      embedderId: embedder.id,
      dimensions: embedder.dimensions,
    }));
    const finishedAt = new Date();
    const report: ModelsReport = {
      formatVersion: 1,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      commit: {
        sha: git(["rev-parse", "HEAD"]),
        subject: git(["log", "-1", "--format=%s"]),
        dirty: git(["status", "--porcelain", "--untracked-files=no"]) !== "",
      },
      thresholds: thresholdsOf(specs),
      machine: { cpus: availableParallelism(), loadStart, loadEnd: loadavg()[0] ?? 0 },
      options: { maxQueries, seed, processes, datasets: relative(ROOT, datasetsDir) || "." },
      models,
      notes,
      sets: rows,
      catalogue: {
        name: "realistic catalogue (bench/cold-start)",
        tools: catalogue.tools.length,
        queries: catalogue.queries.length,
      },
      processes: runs,
      install,
      installNote,
    };
    const outDir = resolve(values.out ?? join(ROOT, "bench", "results"));
    const markdown = modelsMarkdown(report);
    const base = await writeResults(outDir, "models", markdown, report, startedAt);
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : markdown);
    log(`models: wrote ${relative(process.cwd(), base)}.md and .json`);
    const failed = rows.some((row) => row.error) || runs.some((run) => run.error);
    return failed ? 1 : 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
