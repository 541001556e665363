import { type LeaveOneOutFold, type ScoreTable, worstChange } from "./leave-one-out.js";

/** A change of recall as signed points, e.g. `+0.56` or `−1.20`. */
export const points = (value: number): string => `${value >= 0 ? "+" : "−"}${Math.abs(value * 100).toFixed(2)}`;

/** The markdown table of the folds: what each chose on the others, and what it did on the set left out. */
export function foldsTable(folds: readonly LeaveOneOutFold[]): string[] {
  return [
    "| left out | chosen on the others | worst change on the others (points) | change on the set left out (points) |",
    "|---|---|---:|---:|",
    ...folds.map(
      (fold) => `| ${fold.heldOut} | ${fold.chosen} | ${points(fold.trainingWorst)} | ${points(fold.heldOutChange)} |`,
    ),
  ];
}

/** The markdown table of each setting's change against `baseline` on every row, with its worst first. */
export function changesTable(
  table: ScoreTable,
  ids: readonly string[],
  baseline: string,
  rows: readonly string[],
  heading: string,
): string[] {
  return [
    `| ${heading} | worst | ${rows.join(" | ")} |`,
    `|---|---:|${rows.map(() => "---:").join("|")}|`,
    ...ids.map(
      (id) =>
        `| ${id} | ${points(worstChange(table, id, baseline, rows))} | ${rows.map((row) => points(table[row]![id]! - table[row]![baseline]!)).join(" | ")} |`,
    ),
  ];
}
