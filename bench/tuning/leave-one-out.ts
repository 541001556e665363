/**
 * Leave-one-dataset-out choice of a setting: for each dataset, the setting whose worst change
 * against the current default, over every *other* dataset, is best; then what that choice does
 * on the dataset left out. A setting that wins only where it was tuned shows up here as a loss on
 * the left-out set. Pure: it reads a table of scores, it runs nothing.
 */

/** Scores by dataset, then by setting id (higher is better). */
export type ScoreTable = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface LeaveOneOutFold {
  /** The dataset left out. */
  heldOut: string;
  /** The setting chosen on the other datasets. */
  chosen: string;
  /** The chosen setting's worst change against the default over the other datasets. */
  trainingWorst: number;
  /** The chosen setting's change against the default on the dataset left out. */
  heldOutChange: number;
}

/** The worst (lowest) change of `setting` against `baseline` over `datasets`. */
export function worstChange(
  scores: ScoreTable,
  setting: string,
  baseline: string,
  datasets: readonly string[],
): number {
  return Math.min(...datasets.map((dataset) => scores[dataset]![setting]! - scores[dataset]![baseline]!));
}

/** `settings` ordered by their worst change against `baseline` over `datasets`, best first. */
export function byWorstChange(
  scores: ScoreTable,
  settings: readonly string[],
  baseline: string,
  datasets: readonly string[],
): string[] {
  const worst = new Map(settings.map((setting) => [setting, worstChange(scores, setting, baseline, datasets)]));
  return [...settings].sort((a, b) => worst.get(b)! - worst.get(a)!);
}

/**
 * One fold per dataset. Ties go to the baseline, then to the setting listed first, so a change
 * must earn its place. With `datasetOf`, the table's rows are parts of datasets (one per ranker,
 * say): a fold leaves out every row of one dataset, and its change there is its worst row's.
 * With `resolutionOf` (what one query is worth in a row's score), settings whose worst change is
 * within one query of the best one's are tied, and the tie goes to the larger mean change.
 */
export function leaveOneDatasetOut(
  scores: ScoreTable,
  baseline: string,
  datasetOf: (row: string) => string = (row) => row,
  resolutionOf?: (row: string) => number,
): LeaveOneOutFold[] {
  const rows = Object.keys(scores);
  const settings = Object.keys(scores[rows[0]!] ?? {});
  return [...new Set(rows.map(datasetOf))].map((heldOut) => {
    const training = rows.filter((row) => datasetOf(row) !== heldOut);
    let chosen = baseline;
    let best = worstChange(scores, baseline, baseline, training);
    for (const setting of settings) {
      const worst = worstChange(scores, setting, baseline, training);
      if (worst > best) [chosen, best] = [setting, worst];
    }
    if (resolutionOf) {
      // Worst sets closer than one query of the set that decides are a tie the set cannot tell
      // apart: among them, the larger mean change over the training rows.
      const worstRow = training.reduce((low, row) =>
        scores[row]![chosen]! - scores[row]![baseline]! < scores[low]![chosen]! - scores[low]![baseline]! ? row : low,
      );
      const mean = (setting: string) =>
        training.reduce((sum, row) => sum + scores[row]![setting]! - scores[row]![baseline]!, 0) / training.length;
      const top = best;
      for (const setting of settings) {
        const worst = worstChange(scores, setting, baseline, training);
        // A whole query is a difference, whatever the float rounding of the means says.
        const closer = top - worst < resolutionOf(worstRow) * (1 - 1e-6);
        if (closer && mean(setting) > mean(chosen)) [chosen, best] = [setting, worst];
      }
    }
    const left = rows.filter((row) => datasetOf(row) === heldOut);
    return { heldOut, chosen, trainingWorst: best, heldOutChange: worstChange(scores, chosen, baseline, left) };
  });
}
