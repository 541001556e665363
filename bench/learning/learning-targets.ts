import type { LearningCurveRun, TargetCheck } from "../report/bench-report.js";
import { verdictOf } from "../report/targets.js";

/** The dataset issue 11 states its learning targets on. */
export const LEARNING_TARGET_DATASET = "clinc150_intents";

/** Issue 11: with 10% of CLINC150's queries taught, recall@5 on the rest ≥ 0.90. */
export const TAUGHT_RECALL = { share: 0.1, target: "recall@5 on held-back queries with 10% of the queries taught", limit: 90 } as const;
/** Issue 11: the curve rises from the first lessons; 1% taught must already gain a point. */
export const FIRST_LESSONS_GAIN = { share: 0.01, target: "recall@5 gain with 1% taught, in points", limit: 1 } as const;

/**
 * Issue 11's learning targets, one pair per ranker that ran a curve on CLINC150; "not measured"
 * for a failed run or a missing point. None when CLINC150 was not in the run.
 */
export function learningChecks(runs: readonly LearningCurveRun[]): TargetCheck[] {
  return runs
    .filter((run) => run.dataset === LEARNING_TARGET_DATASET)
    .flatMap((run) => {
      const at = (share: number) => (run.error ? undefined : run.points.find((point) => point.share === share)?.recallAt5);
      const none = at(0);
      const taught = at(TAUGHT_RECALL.share);
      const first = at(FIRST_LESSONS_GAIN.share);
      const scope = `${run.dataset}, ${run.ranker} (${run.heldBack} held back)`;
      const check = (spec: { target: string; limit: number }, measured: number | null): TargetCheck => ({
        issue: 11,
        target: spec.target,
        scope,
        measured,
        limit: spec.limit,
        comparison: ">=",
        unit: "%",
        verdict: verdictOf(measured, spec.limit, ">="),
      });
      return [
        check(TAUGHT_RECALL, taught === undefined ? null : taught * 100),
        check(FIRST_LESSONS_GAIN, first === undefined || none === undefined ? null : (first - none) * 100),
      ];
    });
}
