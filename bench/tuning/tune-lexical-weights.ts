/**
 * The adaptive hybrid's lexical weights, chosen leave-one-dataset-out with the bundled model:
 * the range the lexical share moves in with the query's coverage (`lexicalWeightRange`), and
 * the scale semantic similarities are measured on (each query's best match, as `fuse` does, or
 * the model's own levels read from the catalogue: the floor's and the strong quantile's gap).
 *
 * A replay: each request is ranked once by BM25 and once by the embedding ranker (50 deep, no
 * similarity cut, single requests: no multi-part split, sibling or named tools), then every
 * setting fuses those lists. The production `fuse` runs the settings on the query's scale; the
 * model-scale ones differ from it only in the semantic span; all measure a lexical list whose best
 * match is weak against BM25's strong score, as the hybrid does. Toolsift's own set and every shared
 * dataset, at most 1,000 answerable queries each (seed 42). Writes
 * `bench/results/lexical-weights-leave-one-out.md`.
 *
 *   npx tsx bench/tuning/tune-lexical-weights.ts      # under a minute on two cores
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { weakListScale } from "../../src/ranking/hybrid/fuse.js";
import { FLOOR_QUANTILE } from "../../src/ranking/hybrid/hybrid-ranker.js";
import { fuse, type RankedTool, STRONG_QUANTILE } from "../../src/ranking/index.js";
import { loadDataset } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { byWorstChange, leaveOneDatasetOut, type ScoreTable } from "./leave-one-out.js";
import { changesTable, foldsTable } from "./leave-one-out-tables.js";
import { type Replay, type ReplayedRequest, replayDataset } from "./fusion-replay.js";
import { BENCH_DIR, tuningDatasetPaths } from "./tuning-datasets.js";

const LOWS = [0.3, 0.4, 0.5, 0.6, 0.7];
const HIGHS = [0.9, 0.95, 1];
/** `query`: the query's best similarity is the semantic side's 1 (today); `model`: the strong level is. */
const SCALES = ["query", "model", "larger"] as const;
type Scale = (typeof SCALES)[number];
const BASELINE = "query 0.5..1";

type Ranked = ReplayedRequest;
interface Setting {
  low: number;
  high: number;
  scale: Scale;
}

/**
 * One setting's ranking of one request; `fuse` itself on the query's scale. A list whose best
 * match is weak is measured against BM25's strong score, as the hybrid does (`weakListScale`).
 */
function fused(request: Ranked, setting: Setting, replay: Replay): string[] {
  const { floor, strong } = replay;
  const lexicalWeight = setting.low + (setting.high - setting.low) * request.coverage;
  const lexicalScale = weakListScale(request.lexical, replay.lexicalStrong);
  const semantic = request.semantic.filter((hit) => hit.score >= floor);
  const ranked =
    setting.scale === "query"
      ? fuse(request.lexical, semantic, {
          fusion: "adaptive",
          rrfK: 60,
          lexicalWeight,
          semanticFloor: floor,
          ...(lexicalScale === undefined ? {} : { lexicalScale }),
        })
      : fuseOnModelScale(
          request.lexical,
          semantic,
          { lexicalWeight, lexicalScale },
          floor,
          span(setting.scale, semantic, floor, strong),
        );
  // As the hybrid does: with nothing worth fusing, the nearest meanings are the answer.
  return ranked.length > 0
    ? ranked.map((hit) => hit.name)
    : request.semantic.filter((hit) => hit.score > 0).map((hit) => hit.name);
}

function span(scale: Exclude<Scale, "query">, semantic: readonly RankedTool[], floor: number, strong: number): number {
  const model = strong - floor;
  return scale === "model" ? model : Math.max(model, (semantic[0]?.score ?? floor) - floor);
}

/** `fuse`'s weighted sum with the semantic side measured against `span` instead of its best match. */
function fuseOnModelScale(
  lexical: readonly RankedTool[],
  semantic: readonly RankedTool[],
  { lexicalWeight, lexicalScale }: { lexicalWeight: number; lexicalScale: number | undefined },
  floor: number,
  semanticSpan: number,
): RankedTool[] {
  const scores = new Map<string, { score: number; order: number }>();
  const lexicalTop = lexicalScale ?? (lexical[0]?.score || 1);
  lexical.forEach((hit, rank) =>
    scores.set(hit.name, { score: (lexicalWeight * hit.score) / lexicalTop, order: rank }),
  );
  semantic.forEach((hit, rank) => {
    const entry = scores.get(hit.name) ?? { score: 0, order: lexical.length + rank };
    entry.score += ((1 - lexicalWeight) * Math.max(0, hit.score - floor)) / (semanticSpan || 1);
    scores.set(hit.name, entry);
  });
  return [...scores]
    .filter(([, { score }]) => score > 0)
    .sort((a, b) => b[1].score - a[1].score || a[1].order - b[1].order)
    .map(([name, { score }]) => ({ name, score }));
}

const settings = new Map<string, Setting>();
for (const scale of SCALES)
  for (const low of LOWS) for (const high of HIGHS) settings.set(`${scale} ${low}..${high}`, { low, high, scale });

const scores: Record<string, Record<string, number>> = {};
const sizes: Record<string, number> = {};
const levels: string[] = [];
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  const replay = await replayDataset(dataset);
  const { requests: ranked, floor, strong } = replay;
  levels.push(`${dataset.id} ${floor.toFixed(3)} to ${strong.toFixed(3)}`);
  scores[dataset.id] = {};
  for (const [id, setting] of settings) {
    let recall = 0;
    for (const request of ranked) recall += recallAt(fused(request, setting, replay), request.expected, 5);
    scores[dataset.id]![id] = recall / ranked.length;
  }
  sizes[dataset.id] = ranked.length;
  process.stderr.write(`tune-lexical-weights: ${dataset.id} done\n`);
}

const table: ScoreTable = scores;
const datasets = Object.keys(table);
const ids = [...settings.keys()];
const folds = leaveOneDatasetOut(
  table,
  BASELINE,
  (row) => row,
  (row) => 1 / sizes[row]!,
);
const byWorst = byWorstChange(table, ids, BASELINE, datasets);
const markdown = [
  "# The hybrid's lexical weights, leave one dataset out",
  "",
  "Recall@5 of the adaptive fusion (answerable queries, at most 1,000 per set, seed 42) replayed over each request's BM25 and embedding lists " +
    "(the bundled model, 50 deep, single requests), under each lexical weight range (`low..high`: the lexical share at no and at full coverage) " +
    "and semantic scale (`query`: the query's best similarity counts 1, as `fuse` does; `model`: the catalogue's strong level counts 1; " +
    "`larger`: whichever of the two is larger), against today's default `query 0.5..1`. Each fold chooses, on every set but one, the setting whose " +
    "worst set gains most (worst sets within one query count as a tie, broken by the mean), then measures it on the set left out.",
  "",
  ...foldsTable(folds),
  "",
  "Every setting against the default (points of recall@5), best worst set first:",
  "",
  ...changesTable(table, byWorst, BASELINE, datasets, "setting"),
  "",
  `Each catalogue's semantic floor and strong level (quantiles ${FLOOR_QUANTILE} and ${STRONG_QUANTILE} of its tool-to-tool similarities): ${levels.join("; ")}.`,
  "",
  `Recall@5 with the default: ${datasets.map((dataset) => `${dataset} ${table[dataset]![BASELINE]!.toFixed(3)}`).join(", ")}.`,
  "",
].join("\n");
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "lexical-weights-leave-one-out.md"), markdown);
