/**
 * The BM25F weight of the `examples` field (`DEFAULT_FIELD_WEIGHTS.examples`), chosen leave one
 * dataset out on the SIMULATED enrichment of `bench/enrichment/`: each tool's examples are the
 * dataset's own human-written requests (not a model's), N = 1, 2, 4 and 8 per tool, measured on
 * the same test queries as the bench's enrichment section (at most 3,000 per set, seed 42).
 *
 * A weight's score on a set, for `bm25` and for the default hybrid (whose lexical side is that
 * BM25), is its mean recall@5 over the four N; the baseline, "w=0", indexes no examples (so its
 * score is recall@5 at N = 0). Each fold leaves one dataset out, chooses the weight whose worst
 * (set, ranker) gain over the baseline on the other sets is largest, then reports what it does on
 * the set left out, and its worst point of the curve there. Writes
 * `bench/results/examples-weight-leave-one-out.md`.
 *
 *   npx tsx bench/tuning/tune-examples-weight.ts      # a few minutes on two cores
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Bm25Ranker, HybridRanker, loadEmbedder, type Ranker } from "../../src/ranking/index.js";
import { measureEnrichmentCurve } from "../enrichment/measure-enrichment-curve.js";
import { simulateEnrichment } from "../enrichment/simulated-enrichment.js";
import { loadDataset } from "../load-dataset.js";
import { BENCH_DIR, tuningDatasetPaths } from "./tuning-datasets.js";
import { leaveOneDatasetOut, worstChange, type ScoreTable } from "./leave-one-out.js";

const WEIGHTS = [0.1, 0.25, 0.5, 1, 2, 3] as const;
const COUNTS = [1, 2, 4, 8] as const;
const BASELINE = "w=0";
const RANKERS = ["bm25", "hybrid"] as const;

const embedder = await loadEmbedder();
function rankerOf(kind: (typeof RANKERS)[number], weight: number): Ranker {
  const fieldWeights = { examples: weight };
  if (kind === "bm25") return new Bm25Ranker({ fieldWeights });
  // The hybrid as `ranker: "hybrid"` builds it, its lexical side given the weight.
  return new HybridRanker({
    semantic: { embedder, cacheDir: false },
    lexical: new Bm25Ranker({ exactNames: false, multiPart: false, siblings: false, abstention: false, fieldWeights }),
  });
}

const paths = await tuningDatasetPaths();

/** Scores by "dataset · ranker", then by weight id. */
const scores: Record<string, Record<string, number>> = {};
/** The worst point of each curve against N = 0 (points), by the same keys. */
const worstPoint: Record<string, Record<string, number>> = {};
const datasetOf = new Map<string, string>();
/** What one test query is worth in a row's recall@5: worst sets closer than that are a tie. */
const resolution = new Map<string, number>();
for (const path of paths) {
  const dataset = await loadDataset(path);
  const simulation = simulateEnrichment(dataset, { seed: 42 });
  if (simulation.pools.size === 0) continue;
  for (const kind of RANKERS) {
    const key = `${dataset.id} · ${kind}`;
    datasetOf.set(key, dataset.id);
    resolution.set(key, 1 / simulation.test.length);
    scores[key] = {};
    worstPoint[key] = {};
    const none = await measureEnrichmentCurve({ id: kind, create: () => rankerOf(kind, 1) }, dataset, simulation, {
      counts: [0],
    });
    const base = none.points[0]!.recallAt5;
    scores[key][BASELINE] = base;
    worstPoint[key][BASELINE] = 0;
    for (const weight of WEIGHTS) {
      const run = await measureEnrichmentCurve(
        { id: kind, create: () => rankerOf(kind, weight) },
        dataset,
        simulation,
        { counts: COUNTS },
      );
      if (run.error) throw new Error(`${key} w=${weight}: ${run.error}`);
      const recalls = run.points.map((point) => point.recallAt5);
      scores[key][`w=${weight}`] = recalls.reduce((sum, value) => sum + value, 0) / recalls.length;
      worstPoint[key][`w=${weight}`] = Math.min(...recalls.map((value) => (value - base) * 100));
    }
    process.stderr.write(
      `tune-examples-weight: ${key} ${Object.entries(scores[key])
        .map(([id, value]) => `${id} ${value.toFixed(3)}`)
        .join(", ")}\n`,
    );
  }
}

const table: ScoreTable = scores;
const keys = Object.keys(table);
const points = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(2)}`;

// One fold per dataset, both its rankers left out together. Worst sets within one query of the
// best one's are a tie the data cannot tell apart, and go to the larger mean gain.
const folds = leaveOneDatasetOut(
  table,
  BASELINE,
  (key) => datasetOf.get(key)!,
  (key) => resolution.get(key)!,
).map((fold) => ({
  ...fold,
  trainingWorst: fold.trainingWorst * 100,
  heldOutChange: fold.heldOutChange * 100,
  heldOutWorstPoint: Math.min(
    ...keys.filter((key) => datasetOf.get(key) === fold.heldOut).map((key) => worstPoint[key]![fold.chosen]!),
  ),
}));

const markdown = [
  "# The BM25F `examples` weight, leave one dataset out (simulated enrichment)",
  "",
  "**Simulated enrichment**: each tool's examples are the dataset's own human-written requests (up to 8 single-tool queries per tool, seeded; " +
    "see bench/enrichment/simulated-enrichment.ts), not a model's. Score of a weight on a (set, ranker): mean recall@5 over N = 1, 2, 4, 8 examples " +
    `per tool on the same test queries (at most 3,000 per set, seed 42); \`${BASELINE}\` indexes no examples (recall@5 at N = 0). Rankers: \`bm25\` and the ` +
    "default hybrid with that BM25 as its lexical side. Each fold chooses, on every other dataset, the weight whose worst (set, ranker) gain over no " +
    "examples is largest (weights whose worst is within one test query of that set's of the best are tied, and the tie goes to the larger mean gain), then measures it on the set left out: its worst ranker's mean gain, and its worst point of the curve (any N, any ranker) against N = 0.",
  "",
  "| left out | chosen on the others | worst gain on the others (points) | mean gain on the set left out, worst ranker (points) | worst point on the set left out (points) |",
  "|---|---|---:|---:|---:|",
  ...folds.map(
    (fold) =>
      `| ${fold.heldOut} | ${fold.chosen} | ${points(fold.trainingWorst)} | ${points(fold.heldOutChange)} | ${points(fold.heldOutWorstPoint)} |`,
  ),
  "",
  "Every weight's mean gain over no examples, and in brackets its worst point of the curve, per (set, ranker), in points:",
  "",
  `| set · ranker | recall@5 N=0 | ${WEIGHTS.map((weight) => `w=${weight}`).join(" | ")} |`,
  `|---|---:|${WEIGHTS.map(() => "---:").join("|")}|`,
  ...keys.map(
    (key) =>
      `| ${key} | ${table[key]![BASELINE]!.toFixed(3)} | ${WEIGHTS.map(
        (weight) =>
          `${points((table[key]![`w=${weight}`]! - table[key]![BASELINE]!) * 100)} (${points(worstPoint[key]![`w=${weight}`]!)})`,
      ).join(" | ")} |`,
  ),
  "",
  `Worst (set, ranker) over all sets: ${WEIGHTS.map(
    (weight) => `w=${weight} ${points(worstChange(table, `w=${weight}`, BASELINE, keys) * 100)}`,
  ).join(", ")}.`,
  "",
].join("\n");
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "examples-weight-leave-one-out.md"), markdown);
