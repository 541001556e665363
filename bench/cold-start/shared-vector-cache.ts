import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { alternatingRounds, jsonLinesOf, shortRevision } from "../checkout-rounds.js";
import { countOrDefault } from "../count-option.js";
import { percentile } from "../metrics/percentile.js";
import { writeResults } from "../report/results-files.js";
import { BENCH_DIR } from "../tuning/tuning-datasets.js";

/**
 * A start on a vector cache that other catalogues filled, in two checkouts measured in one run:
 *
 *   git worktree add /tmp/base <ref> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npx tsx bench/cold-start/shared-vector-cache.ts --base /tmp/base [--rounds 3]
 *
 * The base checkout first embeds five shared sets into one cache folder, as a project that ran
 * several catalogues from one folder (or a catalogue whose texts changed) leaves it. Then each
 * round gives each checkout, alternating, a fresh copy of that folder and starts it twice in
 * fresh processes: the default hybrid over BFCL created and asked once, timed from before
 * `createToolSearch` to the first answer, with the process's RSS and the vector file's size after.
 * Writes `bench/results/<UTC stamp>-shared-vector-cache.md` and `.json`.
 */

const FILLERS = ["toolbench_stabletoolbench", "seal_tools", "toolalpaca", "apibank", "bfcl_v4"];
const MEASURED = "bfcl_v4";
const HEAD = resolve(BENCH_DIR, "..");

interface Start {
  ms: number;
  rssMb: number;
  fileMb: number;
}

const sharedDir = () => process.env.TOOLSIFT_SHARED_DATASETS ?? resolve(HEAD, "..", "shared", "datasets");

/** In a child process: the rankers of `root` over `sets`, one after another, on the cache folder `cache`. */
async function start(root: string, cache: string, sets: readonly string[]): Promise<void> {
  const module = (path: string) => import(pathToFileURL(join(root, path)).href);
  const { loadDataset } = await module("bench/load-dataset.ts");
  const { callableTools } = await module("bench/learning/measure-learning-curve.ts");
  const { createToolSearch, HybridRanker } = await module("src/index.ts");
  for (const set of sets) {
    const dataset = await loadDataset(join(sharedDir(), `${set}.json`));
    const started = performance.now();
    const toolSearch = await createToolSearch({
      tools: callableTools(dataset),
      ranker: new HybridRanker({ semantic: { cacheDir: cache } }),
    });
    await toolSearch.search("what will the weather be in Paris tomorrow", { limit: 5 });
    const ms = performance.now() - started;
    const rssMb = process.memoryUsage().rss / 1e6;
    await toolSearch.close();
    await toolSearch.ranker.close?.();
    const fileMb = vectorFileMb(cache);
    process.stdout.write(`${JSON.stringify({ ms, rssMb, fileMb } satisfies Start)}\n`);
  }
}

/** The size of the cache folder's vector files, in MB. */
function vectorFileMb(cache: string): number {
  return readdirSync(cache)
    .filter((name) => name.endsWith(".vec"))
    .reduce((sum, name) => sum + statSync(join(cache, name)).size / 1e6, 0);
}

const median = (values: readonly number[]) => percentile(values, 50);

/** Starts `root`'s rankers over `sets`, one after another, in a fresh process on the cache folder `cache`. */
function child(root: string, cache: string, sets: readonly string[]): Start[] {
  const args = ["--start", root, "--cache", cache, "--sets", sets.join(",")];
  return jsonLinesOf<Start>(fileURLToPath(import.meta.url), args, HEAD);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      start: { type: "string" },
      cache: { type: "string" },
      sets: { type: "string" },
      rounds: { type: "string" },
      out: { type: "string" },
    },
  });
  if (values.start !== undefined && values.cache !== undefined) {
    await start(resolve(values.start), values.cache, (values.sets ?? MEASURED).split(","));
    return 0;
  }
  if (values.base === undefined) {
    process.stderr.write("shared-vector-cache: --base <checkout> is required (see the comment at the top).\n");
    return 2;
  }
  const base = resolve(values.base);
  const rounds = countOrDefault("--rounds", values.rounds, 3, { max: 20 });
  const work = mkdtempSync(join(tmpdir(), "toolsift-shared-cache-"));
  try {
    const seed = join(work, "seed");
    process.stderr.write(`filling ${seed} with ${FILLERS.join(", ")}\n`);
    child(base, seed, FILLERS);
    const seedMb = vectorFileMb(seed);
    const runs = alternatingRounds(rounds, { base, head: HEAD }, (side, root, round) => {
      const cache = join(work, `${side}-${round}`);
      cpSync(seed, cache, { recursive: true });
      return [...child(root, cache, [MEASURED]), ...child(root, cache, [MEASURED])];
    });
    const cell = (of: (run: Start[]) => number, digits: number) =>
      `${median(runs.base.map(of)).toFixed(digits)} → ${median(runs.head.map(of)).toFixed(digits)}`;
    const ratio = (of: (run: Start[]) => number) =>
      `×${(median(runs.head.map(of)) / median(runs.base.map(of))).toFixed(2)}`;
    const row = (label: string, at: number) =>
      `| ${label} | ${cell((run) => run[at]!.ms, 0)} | ${ratio((run) => run[at]!.ms)} | ${cell((run) => run[at]!.rssMb, 0)} | ${cell((run) => run[at]!.fileMb, 1)} |`;
    const markdown = [
      "# A start on a vector cache other catalogues filled",
      "",
      `Base ${shortRevision(base)}, head ${shortRevision(HEAD)} (its working tree), ${rounds} rounds alternating between them (\`bench/cold-start/shared-vector-cache.ts\`). The base embedded ${FILLERS.join(", ")} into one cache folder (${seedMb.toFixed(1)} MB of vectors); each round each checkout starts the default hybrid over ${MEASURED} twice on a fresh copy of it, each start a fresh process. Medians over rounds: create and first answer, RSS after it, the vector file after the start.`,
      "",
      "| start | create + first answer ms: base → head | head ÷ base | RSS MB | vector file MB |",
      "|---|---:|---:|---:|---:|",
      row("first", 0),
      row("second", 1),
      "",
    ].join("\n");
    await writeResults(resolve(values.out ?? join(BENCH_DIR, "results")), "shared-vector-cache", markdown, {
      seedMb,
      runs,
    });
    process.stdout.write(markdown);
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
