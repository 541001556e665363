/**
 * Leave-one-dataset-out choice of `UNCORROBORATED_SHARE` (src/learning/lesson-index.ts) from
 * runs of `compare-additive.ts --json`, one per setting and noise level, the share set by hand
 * for each run.
 *
 *   npx tsx bench/learning/share-leave-one-out.ts --baseline 0 0=today-noise0.json,today-noise01.json 0.3=a.json,b.json …
 *
 * A row is one set at one noise level and one point of the curve (recall@5 of toolsift); a fold
 * leaves out every row of one set, and a change within one held-back query of the best is a tie
 * that goes to the larger mean change (see `leaveOneDatasetOut`). Then the same folds judged by
 * the worst gap to the additive counter instead (the lift issue 32 asks toolsift to reach): the
 * setting whose lowest toolsift − additive over the other sets' rows is highest. The hostile
 * session's reach is printed beside: a setting must not raise it on any set.
 */
import { readFileSync } from "node:fs";
import { changesTable, foldsTable } from "../tuning/leave-one-out-tables.js";
import { leaveOneDatasetOut } from "../tuning/leave-one-out.js";

interface RunRow {
  set: string;
  heldBack: number;
  curve: { lessons: number; toolsift: number; additive: number }[];
  toolsiftSteered: number;
}

const args = process.argv.slice(2);
const at = args.indexOf("--baseline");
const baseline = at >= 0 ? args.splice(at, 2)[1]! : "0";
const table: Record<string, Record<string, number>> = {};
const heldBack = new Map<string, number>();
const steered: Record<string, Record<string, number>> = {};
const gaps: Record<string, Record<string, number>> = {};
for (const arg of args) {
  const [setting, files] = arg.split("=") as [string, string];
  for (const [noise, file] of files.split(",").entries()) {
    for (const row of JSON.parse(readFileSync(file, "utf8")) as RunRow[]) {
      heldBack.set(row.set, row.heldBack);
      (steered[`${row.set} noise ${noise}`] ??= {})[setting] = row.toolsiftSteered;
      for (const point of row.curve) {
        const key = `${row.set}|${noise}|${point.lessons}`;
        (table[key] ??= {})[setting] = point.toolsift;
        (gaps[key] ??= {})[setting] = point.toolsift - point.additive;
      }
    }
  }
}
const setOf = (row: string) => row.split("|")[0]!;
const folds = leaveOneDatasetOut(table, baseline, setOf, (row) => 1 / heldBack.get(setOf(row))!);
const settings = Object.keys(table[Object.keys(table)[0]!]!);
console.log(foldsTable(folds).join("\n"));
console.log();
console.log(changesTable(table, settings, baseline, Object.keys(table), "share").join("\n"));
console.log();
console.log(`| set | ${settings.map((setting) => `steered at ${setting}`).join(" | ")} |`);
for (const [row, values] of Object.entries(steered))
  console.log(`| ${row} | ${settings.map((setting) => `${(100 * values[setting]!).toFixed(1)}%`).join(" | ")} |`);

/** The lowest toolsift − additive of `setting` over `rows`. */
const worstGap = (setting: string, rows: readonly string[]) => Math.min(...rows.map((row) => gaps[row]![setting]!));
const signed = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(100 * value).toFixed(1)}`;
console.log();
console.log(
  "| left out | chosen on the others (worst gap to the additive counter) | on the set left out: chosen | today |",
);
console.log("|---|---|---:|---:|");
for (const heldOut of [...new Set(Object.keys(gaps).map(setOf))]) {
  const training = Object.keys(gaps).filter((row) => setOf(row) !== heldOut);
  const left = Object.keys(gaps).filter((row) => setOf(row) === heldOut);
  // Ties go to today's setting, then to the setting listed first.
  const chosen = settings.reduce(
    (best, setting) => (worstGap(setting, training) > worstGap(best, training) ? setting : best),
    baseline,
  );
  console.log(
    `| ${heldOut} | ${chosen} (${signed(worstGap(chosen, training))}) | ${signed(worstGap(chosen, left))} | ${signed(worstGap(baseline, left))} |`,
  );
}
