/**
 * `npm run bench:companions`: COMP@5 and COMP@10 (every tool a multi-tool query needs is
 * retrieved) on the shared multi-tool sets, with and without the answer's companions, before and
 * after teaching half of each set's multi-tool queries as sessions; and recall@5 of the direct
 * matches, which companions must leave as it is. Writes `bench/results/<timestamp>/companions.json`
 * and `.md`. Without the shared datasets it says so and exits 0.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { resultsStamp } from "../report/results-files.js";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { commandFlags } from "../../scripts/command-flags.js";
import { countOption, countOrDefault } from "../count-option.js";
import { loadDataset } from "../load-dataset.js";
import { COMPANION_KS, measureCompanions, type CompanionRow } from "./measure-companions.js";

const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SHARED_DATASETS = process.env.TOOLSIFT_SHARED_DATASETS ?? resolve(BENCH_DIR, "..", "..", "shared", "datasets");
/**
 * The shared sets whose queries need several tools each. API-Bank too: its dialogues call an API
 * and the tools it needs first (a token, a search), the pairs companions are for.
 */
const MULTI_TOOL_SETS = ["seal_tools", "toolbench_stabletoolbench", "bfcl_v4", "apibank"];

const USAGE = `Usage: npm run bench:companions -- [options]

  --ranker <bm25|hybrid>   a ranker to measure (repeatable; default both)
  --set <id>               a shared set (repeatable; default ${MULTI_TOOL_SETS.join(", ")})
  --seed <n>               the sample's and the teaching's seed (default 42)
  --max-queries <n>        multi-tool queries per set (default all)
  --out <dir>              where companions.json and .md go (default bench/results/<UTC stamp>)`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const { values, rankers, seed, maxQueries } = commandFlags("bench:companions", USAGE, argv, () => {
    const { values } = parseArgs({
      args: argv,
      options: {
        ranker: { type: "string", multiple: true },
        set: { type: "string", multiple: true },
        seed: { type: "string" },
        "max-queries": { type: "string" },
        out: { type: "string" },
      },
    });
    const rankers = values.ranker ?? ["bm25", "hybrid"];
    const unknown = rankers.filter((ranker) => ranker !== "bm25" && ranker !== "hybrid");
    if (unknown.length > 0) throw new Error(`--ranker must be bm25 or hybrid, got ${unknown.join(", ")}`);
    return {
      values,
      rankers: rankers as ("bm25" | "hybrid")[],
      seed: countOrDefault("--seed", values.seed, 42, { min: 0 }),
      maxQueries: values["max-queries"] === undefined ? undefined : countOption("--max-queries", values["max-queries"]),
    };
  });
  const rows: CompanionRow[] = [];
  for (const id of values.set ?? MULTI_TOOL_SETS) {
    const path = join(SHARED_DATASETS, `${id}.json`);
    if (!existsSync(path)) {
      process.stderr.write(`bench:companions: ${path} is missing; skipped.\n`);
      continue;
    }
    const dataset = await loadDataset(path);
    for (const ranker of rankers) {
      for (const teach of [false, true]) {
        const row = await measureCompanions(dataset, { ranker, teach, seed, ...(maxQueries ? { maxQueries } : {}) });
        process.stderr.write(`${JSON.stringify(row)}\n`);
        rows.push(row);
      }
    }
  }
  const dir = resolve(values.out ?? join(BENCH_DIR, "results", resultsStamp()));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "companions.json"), `${JSON.stringify({ seed, rows }, null, 2)}\n`);
  await writeFile(join(dir, "companions.md"), companionTable(rows));
  process.stdout.write(companionTable(rows));
  return 0;
}

/** The rows as a Markdown table: COMP@k of the matches alone, then with companions. */
export function companionTable(rows: readonly CompanionRow[]): string {
  const pct = (value: number) => (value * 100).toFixed(1);
  const ks = COMPANION_KS.map((k) => `COMP@${k} before → after`);
  const lines = [
    "# Companions: COMP@k on held-out multi-tool queries",
    "",
    "Before: the matches alone; after: the matches and the answer's companions. Recall@5 of the",
    "direct matches: before, from `toolSearch.search()` (no companions); after, from the answer.",
    "",
    `| set | ranker | taught sessions | queries | recall@5 before → after | ${ks.join(" | ")} | companions / answer | companion precision |`,
    `|---|---|---|---|---|${ks.map(() => "---|").join("")}---|---|`,
    ...rows.map(
      (row) =>
        `| ${row.dataset} | ${row.ranker} | ${row.sessions} | ${row.queries} | ${pct(row.recallAt5WithoutCompanions)} → ${pct(row.recallAt5)} | ` +
        COMPANION_KS.map((k) => `${pct(row.compMatches[k]!)} → ${pct(row.compWithCompanions[k]!)}`).join(" | ") +
        ` | ${row.companionsPerAnswer.toFixed(2)} | ${pct(row.companionPrecision)} |`,
    ),
    "",
  ];
  return lines.join("\n");
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:companions failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
