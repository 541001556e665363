/**
 * The default hybrid with the bundled model against the same hybrid with the bundled model and
 * GloVe joined (`loadEmbedder({ model: [a, b] })`: the mean of their cosines), measured as the
 * guard measures (`toolSearch.search`, seeded samples) on toolsift's set and every shared set,
 * with empty and weak answers beside recall. Its cost, memory and install size are
 * `npm run bench:models`'s to measure, in fresh processes (`--models id=folder+folder`).
 *
 *   npx tsx bench/models/joined-models.ts [--join folder, default models/glove-100d-sif] [--datasets folder, default $TOOLSIFT_SHARED_DATASETS] [--out bench/results]
 */
import { readdirSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { HybridRanker, loadEmbedder } from "../../src/index.js";
import { BUNDLED_MODEL_DIR } from "../../src/ranking/embedding/bundled-model.js";
import { type GuardRow, measureGuard } from "../guard/measure-guard.js";
import { type BenchDataset, loadDataset } from "../load-dataset.js";
import { leaveOneDatasetOut } from "../tuning/leave-one-out.js";

const GLOVE_MODEL_DIR = join(import.meta.dirname, "../../models/glove-100d-sif");
const OWN_SET = join(import.meta.dirname, "../datasets/toolsift-servers.json");
function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
}

/** The folder joined with the bundled model: GloVe unless `--join <folder>` names another. */
const JOINED = resolve(option("join", GLOVE_MODEL_DIR));
const COLUMNS = [
  { id: "use-lite", model: BUNDLED_MODEL_DIR },
  { id: `use-lite+${basename(JOINED)}`, model: [BUNDLED_MODEL_DIR, JOINED] },
] as const;

const points = (value: number) => (100 * value).toFixed(1);

async function measureSets(sets: BenchDataset[]): Promise<GuardRow[][]> {
  const rows: GuardRow[][] = [];
  for (const column of COLUMNS) {
    const embedder = await loadEmbedder({ model: column.model });
    const columnRows: GuardRow[] = [];
    for (const set of sets) {
      const row = await measureGuard(set, "hybrid", {
        build: () => new HybridRanker({ semantic: { embedder, cacheDir: false } }),
      });
      console.error(`joined-models: ${column.id} × ${set.id}: recall@5 ${row.recallAt5.toFixed(4)}`);
      columnRows.push(row);
    }
    rows.push(columnRows);
    await embedder.close?.();
  }
  return rows;
}

/**
 * Per fold (one set left out), the model the tuning's own rule picks over the other sets (its
 * worst change against the bundled model; within one query of the set that decides, the larger
 * mean change; a tie stays with the bundled model), and its change on the set left out.
 */
function leaveOneOut(sets: BenchDataset[], rows: GuardRow[][]): string[] {
  const scores = Object.fromEntries(
    sets.map((set, at) => [
      set.id,
      Object.fromEntries(COLUMNS.map((column, c) => [column.id, rows[c]![at]!.recallAt5])),
    ]),
  );
  const answerable = new Map(sets.map((set, at) => [set.id, rows[0]![at]!.answerable]));
  return leaveOneDatasetOut(scores, COLUMNS[0].id, undefined, (set) => 1 / answerable.get(set)!).map(
    (fold) =>
      `| ${fold.heldOut} | ${fold.chosen} | ${fold.heldOutChange >= 0 ? "+" : "−"}${points(Math.abs(fold.heldOutChange))} |`,
  );
}

async function main(): Promise<void> {
  const folder = option(
    "datasets",
    process.env.TOOLSIFT_SHARED_DATASETS ?? join(import.meta.dirname, "../../../shared/datasets"),
  );
  const files = readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .sort();
  const sets = [
    await loadDataset(OWN_SET),
    ...(await Promise.all(files.map((file) => loadDataset(join(folder, file))))),
  ];
  const rows = await measureSets(sets);
  const stamp = new Date()
    .toISOString()
    .replace(/:/g, "-")
    .replace(/\.\d+Z$/, "Z");
  const lines = [
    `# The bundled model joined with ${basename(JOINED)}`,
    "",
    `\`npx tsx bench/models/joined-models.ts\`, ${new Date().toISOString()}: the default hybrid through \`toolSearch.search\` as \`npm run bench:guard\` measures it (at most 1,000 answerable and 1,000 unanswerable queries per set, seeded), with its model \`${COLUMNS[0].id}\` against \`${COLUMNS[1].id}\` (the mean of the two models' cosines).`,
    "",
    "| set | recall@5 | Δ points | empty | weak best (answerable) | weak or empty (unanswerable) |",
    "|---|---|---:|---|---|---|",
    ...sets.map((set, at) => {
      const [a, b] = [rows[0]![at]!, rows[1]![at]!];
      const delta = b.recallAt5 - a.recallAt5;
      const alarm = (row: GuardRow) =>
        row.unanswerableWeakRate === null ? "–" : `${points(row.unanswerableWeakRate)}%`;
      return `| ${set.id} | ${a.recallAt5.toFixed(3)} → ${b.recallAt5.toFixed(3)} | ${delta >= 0 ? "+" : "−"}${points(Math.abs(delta))} | ${points(a.emptyRate)}% → ${points(b.emptyRate)}% | ${points(a.weakRate)}% → ${points(b.weakRate)}% | ${alarm(a)} → ${alarm(b)} |`;
    }),
    "",
    "Leave one set out (`leaveOneDatasetOut` of `bench/tuning`: the model whose worst change against `use-lite` over the other sets is higher; within one query of the set that decides, the larger mean change; a tie stays with `use-lite`), and the change on the set left out against `use-lite`:",
    "",
    "| set left out | chosen | Δ points on it |",
    "|---|---|---:|",
    ...leaveOneOut(sets, rows),
    "",
  ];
  const out = join(option("out", join(import.meta.dirname, "../results")), `${stamp}-joined-models.md`);
  writeFileSync(out, lines.join("\n"));
  console.log(lines.join("\n"));
  console.error(`joined-models: wrote ${out}`);
}

await main();
