import type { LearningCurveRun } from "../report/bench-report.js";
import type { TargetRow } from "../sections/section.js";

/** The dataset the learning targets are stated on. */
export const LEARNING_TARGET_DATASET = "clinc150_intents";

/** With 10% of CLINC150's queries taught, recall@5 on the rest ≥ 0.90 (`learning.recall@5-10pct-taught.pct`). */
export const TAUGHT_SHARE = 0.1;
/** The curve rises from the first lessons: 1% taught must already gain a point (`learning.recall@5-gain-1pct-taught.points`). */
export const FIRST_LESSONS_SHARE = 0.01;

/**
 * The learning targets, one pair per ranker that ran a curve on CLINC150; not measured for a
 * failed run or a missing point. None when CLINC150 was not in the run.
 */
export function learningRows(runs: readonly LearningCurveRun[]): TargetRow[] {
  return runs
    .filter((run) => run.dataset === LEARNING_TARGET_DATASET)
    .flatMap((run): TargetRow[] => {
      const at = (share: number) =>
        run.error ? undefined : run.points.find((point) => point.share === share)?.recallAt5;
      const none = at(0);
      const taught = at(TAUGHT_SHARE);
      const first = at(FIRST_LESSONS_SHARE);
      const scope = `${run.dataset}, ${run.ranker} (${run.heldBack} held back)`;
      return [
        { target: "learning.recall@5-10pct-taught.pct", scope, measured: taught === undefined ? null : taught * 100 },
        {
          target: "learning.recall@5-gain-1pct-taught.points",
          scope,
          measured: first === undefined || none === undefined ? null : (first - none) * 100,
        },
      ];
    });
}
