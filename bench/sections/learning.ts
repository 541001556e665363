import { learningRows } from "../learning/learning-targets.js";
import { hasRepeatedTools, measureLearningCurve } from "../learning/measure-learning-curve.js";
import { collectGarbage } from "../memory-probe.js";
import type { LearningCurveRun } from "../report/bench-report.js";
import { learningSection as learningMarkdown } from "../report/learning-section.js";
import { anyError, defineSection } from "./section.js";

/** The rankers learning curves are drawn for (when selected): the default and the hybrid. */
export const LEARNING_RANKERS = new Set(["bm25", "hybrid-adaptive"]);

/** Recall@5 against the share of queries taught through sessions, on the datasets with repeated tools. */
export const learningSection = defineSection<{ learning?: LearningCurveRun[] }>({
  id: "learning",
  title: "Learning from use",
  enabled: (options) => !options.noLearning,
  skipped: () => ({ learning: [] }),
  async measure(ctx) {
    const learning: LearningCurveRun[] = [];
    const curveRankers = ctx.rankers.filter((ranker) => LEARNING_RANKERS.has(ranker.id));
    for (const dataset of await ctx.datasets()) {
      if (!hasRepeatedTools(dataset)) {
        ctx.note(
          `learning: ${dataset.id} has too few tools expected by two queries or more for a learning curve; skipped.`,
        );
        continue;
      }
      for (const ranker of curveRankers) {
        ctx.log(`learning: ${dataset.id} × ${ranker.id} — teaching up to 25% of its queries through sessions`);
        const run = await measureLearningCurve(ranker, dataset, {
          heldBack: ctx.options.learningQueries,
          seed: ctx.options.seed,
          onPoint: (point) =>
            ctx.log(
              `  ${Math.round(point.share * 100)}% taught (${point.taught} queries): recall@5 ${point.recallAt5.toFixed(3)}`,
            ),
        });
        if (run.error) ctx.log(`  ${ranker.id} failed: ${run.error}`);
        learning.push(run);
        collectGarbage?.();
      }
    }
    return { learning };
  },
  failed: (measured) => anyError(measured.learning ?? []),
  // `learning` is absent in reports made before the curves existed.
  rows: (measured) => learningRows(measured.learning ?? []),
  markdown: (measured) => learningMarkdown(measured).join("\n\n"),
});
