/**
 * What lessons add to a search's time, in two checkouts of toolsift measured in one run:
 *
 *   git worktree add /tmp/base <ref> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   npx tsx bench/learning/learned-search-time.ts --base /tmp/base [--rounds 2] [--held-back 400]
 *
 * Each round runs, in a fresh process per checkout (alternating, so the machine's load falls on
 * both alike), that checkout's own learning curve (`measure-learning-curve.ts`) with bm25 and the
 * default hybrid on StableToolBench, BFCL and CLINC150, and keeps the median search time of the
 * held-back queries with no lessons and at the curve's last point (25% of the set taught), with
 * recall@5 there. Writes `bench/results/<UTC stamp>-learned-search-time.md` and `.json`.
 */
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { alternatingRounds, jsonLinesOf, shortRevision } from "../checkout-rounds.js";
import { countOrDefault } from "../count-option.js";
import { percentile } from "../metrics/percentile.js";
import { writeResults } from "../report/results-files.js";
import { BENCH_DIR } from "../tuning/tuning-datasets.js";

const SETS = ["toolbench_stabletoolbench", "bfcl_v4", "clinc150_intents"];
const RANKERS = ["bm25", "hybrid-adaptive"];
const HEAD = resolve(BENCH_DIR, "..");

/** One (set, ranker) curve as one checkout measured it. */
interface Sample {
  set: string;
  ranker: string;
  lessons: number;
  untaughtMs: number;
  taughtMs: number;
  recallAt5: number;
}

/** In a child process: the curves of the checkout at `root`, one JSON sample a line. */
async function measure(root: string, heldBack: number): Promise<void> {
  const module = (path: string) => import(pathToFileURL(join(root, path)).href);
  const { measureLearningCurve } = await module("bench/learning/measure-learning-curve.ts");
  const { loadDataset } = await module("bench/load-dataset.ts");
  const { rankerRegistry } = await module("bench/rankers.ts");
  const shared = process.env.TOOLSIFT_SHARED_DATASETS ?? resolve(HEAD, "..", "shared", "datasets");
  const entries = (rankerRegistry().entries as { id: string }[]).filter((entry) => RANKERS.includes(entry.id));
  for (const set of SETS) {
    const dataset = await loadDataset(join(shared, `${set}.json`));
    for (const entry of entries) {
      const run = await measureLearningCurve(entry, dataset, { heldBack, seed: 42 });
      if (run.error) throw new Error(`${set} × ${entry.id}: ${run.error}`);
      const first = run.points[0];
      const last = run.points.at(-1);
      const sample: Sample = {
        set,
        ranker: entry.id,
        lessons: last.lessons,
        untaughtMs: first.searchP50Ms,
        taughtMs: last.searchP50Ms,
        recallAt5: last.recallAt5,
      };
      process.stdout.write(`${JSON.stringify(sample)}\n`);
    }
  }
}

const median = (values: readonly number[]) => percentile(values, 50);

function table(base: Sample[][], head: Sample[][]): string {
  const rows = [
    "| set · ranker | lessons | no lessons: base → head ms | lessons: base → head ms | lessons: head ÷ base | recall@5: base → head |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const set of SETS)
    for (const ranker of RANKERS) {
      const of = (runs: Sample[][]) => runs.map((run) => run.find((s) => s.set === set && s.ranker === ranker)!);
      const [b, h] = [of(base), of(head)];
      const [bTaught, hTaught] = [median(b.map((s) => s.taughtMs)), median(h.map((s) => s.taughtMs))];
      rows.push(
        `| ${set} · ${ranker} | ${h[0]!.lessons} | ${median(b.map((s) => s.untaughtMs)).toFixed(3)} → ${median(h.map((s) => s.untaughtMs)).toFixed(3)} | ${bTaught.toFixed(3)} → ${hTaught.toFixed(3)} | ×${(hTaught / bTaught).toFixed(2)} | ${(100 * b[0]!.recallAt5).toFixed(2)} → ${(100 * h[0]!.recallAt5).toFixed(2)} |`,
      );
    }
  return rows.join("\n");
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: "string" },
      measure: { type: "string" },
      rounds: { type: "string" },
      "held-back": { type: "string" },
      out: { type: "string" },
    },
  });
  const heldBack = countOrDefault("--held-back", values["held-back"], 400);
  if (values.measure !== undefined) {
    await measure(resolve(values.measure), heldBack);
    return 0;
  }
  if (values.base === undefined) {
    process.stderr.write("learned-search-time: --base <checkout> is required (see the comment at the top).\n");
    return 2;
  }
  const base = resolve(values.base);
  const rounds = countOrDefault("--rounds", values.rounds, 2, { max: 20 });
  const self = fileURLToPath(import.meta.url);
  const runs = alternatingRounds(rounds, { base, head: HEAD }, (_side, root) =>
    jsonLinesOf<Sample>(self, ["--measure", root, "--held-back", String(heldBack)], HEAD),
  );
  const markdown = [
    "# What lessons add to a search's time",
    "",
    `Base ${shortRevision(base)}, head ${shortRevision(HEAD)} (its working tree), ${rounds} rounds of fresh processes alternating between them, ${heldBack} held-back queries a set (\`bench/learning/learned-search-time.ts\`). Median search time of the held-back queries (\`limit: 5\`, real sessions' lessons) with no lessons and at 25% of the set taught, the median over rounds; recall@5 at 25% taught.`,
    "",
    table(runs.base, runs.head),
    "",
  ].join("\n");
  await writeResults(resolve(values.out ?? join(BENCH_DIR, "results")), "learned-search-time", markdown, runs);
  process.stdout.write(markdown);
  return 0;
}

process.exitCode = await main();
