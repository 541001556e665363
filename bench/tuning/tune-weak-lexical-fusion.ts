/**
 * What the adaptive hybrid should do when BM25's best match is weak (its score a coincidence of
 * common words, `confidence: "weak"`): today the lexical share follows coverage alone, so a
 * paraphrase whose words all exist somewhere in the catalogue is ranked mostly lexically even
 * when its lexical match is a coincidence. Each variant is a rule with no tuned constant:
 *
 * - `today`: the lexical share is 0.5 + 0.5 × coverage, each list scaled so its best is 1;
 * - `weak best → low end`: 0.5 when BM25's best match is weak, whatever the coverage;
 * - `strong share of top 5`: the coverage term scaled by the share of BM25's top 5 that are strong;
 * - `weak list on the strong scale`: today's share, but a list whose best is weak is scaled by
 *   the score under which BM25 calls a match weak (`maxEvidence` × the idf of a word one tool
 *   has) instead of by its best, so a coincidence never counts as a full match;
 * - `weak best → low end, strong scale`: both weak-best rules together;
 * - `weak best → the model alone`: BM25's list is not fused when its best match is weak;
 * - `weak matches left out`: BM25's weak matches are not fused at all.
 *
 * The replay of `tune-lexical-weights.ts` (see `fusion-replay.ts`): each request ranked once by
 * each side, then every variant fuses the lists. Leave one dataset out over toolsift's own set and
 * every shared dataset, judged by the worst set; also toolsift's own set by query kind, and how
 * often BM25's best is weak or BM25 finds nothing. Writes
 * `bench/results/weak-lexical-fusion-leave-one-out.md` (only at the full sample).
 *
 *   npx tsx bench/tuning/tune-weak-lexical-fusion.ts [--max-queries 1000]   # about a minute
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { weakListScale } from "../../src/ranking/hybrid/fuse.js";
import { fuse, type RankedTool } from "../../src/ranking/index.js";
import { countOption } from "../count-option.js";
import { loadDataset } from "../load-dataset.js";
import { mean, recallAt } from "../metrics/index.js";
import { type Replay, type ReplayedRequest, replayDataset } from "./fusion-replay.js";
import { byWorstChange, leaveOneDatasetOut, type ScoreTable } from "./leave-one-out.js";
import { changesTable, foldsTable } from "./leave-one-out-tables.js";
import { BENCH_DIR, tuningDatasetPaths } from "./tuning-datasets.js";

const FULL_SAMPLE = 1_000;
const { values } = parseArgs({ options: { "max-queries": { type: "string", default: String(FULL_SAMPLE) } } });
const maxQueries = countOption("--max-queries", values["max-queries"], { max: FULL_SAMPLE });

/** Today's range: the lexical share at no and at full coverage. */
const [LOW, HIGH] = [0.5, 1] as const;
const BASELINE = "today";

/** How a variant fuses one request: the lexical share, the lexical list, and what its scores are divided by. */
interface Plan {
  weight: number;
  lexical: readonly RankedTool[];
  lexicalScale: number;
}
type Variant = (request: ReplayedRequest, replay: Replay) => Plan;

const weakBest = (request: ReplayedRequest) => request.lexical[0]?.confidence === "weak";
const byCoverage = (coverage: number) => LOW + (HIGH - LOW) * coverage;
const topOf = (lexical: readonly RankedTool[]) => lexical[0]?.score || 1;
const plain = (request: ReplayedRequest, weight: number): Plan => ({
  weight,
  lexical: request.lexical,
  lexicalScale: topOf(request.lexical),
});

const VARIANTS: Record<string, Variant> = {
  [BASELINE]: (request) => plain(request, byCoverage(request.coverage)),
  "weak best → low end": (request) => plain(request, weakBest(request) ? LOW : byCoverage(request.coverage)),
  "strong share of top 5": (request) => {
    const top = request.lexical.slice(0, 5);
    const strong = top.filter((hit) => hit.confidence !== "weak").length / (top.length || 1);
    return plain(request, byCoverage(request.coverage * strong));
  },
  // The hybrid's own rule (`weakListScale`).
  "weak list on the strong scale": (request, replay) => ({
    ...plain(request, byCoverage(request.coverage)),
    lexicalScale: weakListScale(request.lexical, replay.lexicalStrong) ?? topOf(request.lexical),
  }),
  "weak best → low end, strong scale": (request, replay) => ({
    ...plain(request, weakBest(request) ? LOW : byCoverage(request.coverage)),
    lexicalScale: weakListScale(request.lexical, replay.lexicalStrong) ?? topOf(request.lexical),
  }),
  "weak best → the model alone": (request) =>
    weakBest(request) ? { weight: LOW, lexical: [], lexicalScale: 1 } : plain(request, byCoverage(request.coverage)),
  "weak matches left out": (request) => {
    const strong = request.lexical.filter((hit) => hit.confidence !== "weak");
    return { weight: byCoverage(request.coverage), lexical: strong, lexicalScale: topOf(strong) };
  },
};

/** The names a variant ranks for one request, as the hybrid would: through `fuse`, with the variant's plan. */
function ranked(id: string, request: ReplayedRequest, replay: Replay): string[] {
  const semantic = request.semantic.filter((hit) => hit.score >= replay.floor);
  const plan = VARIANTS[id]!(request, replay);
  const fused = fuse(plan.lexical, semantic, {
    fusion: "adaptive",
    rrfK: 60,
    lexicalWeight: plan.weight,
    semanticFloor: replay.floor,
    lexicalScale: plan.lexicalScale,
  });
  // As the hybrid does: with nothing worth fusing, the nearest meanings are the answer.
  return fused.length > 0
    ? fused.map((hit) => hit.name)
    : request.semantic.filter((hit) => hit.score > 0).map((hit) => hit.name);
}

const recall = (names: readonly string[], request: ReplayedRequest) => recallAt(names, request.expected, 5);

const scores: Record<string, Record<string, number>> = {};
const sizes: Record<string, number> = {};
const signs: string[] = [];
/** Toolsift's own set by query kind: each variant's recall@5, and each side's list alone. */
const byKind = new Map<string, Map<string, number[]>>();
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  const replay = await replayDataset(dataset, maxQueries);
  const { requests } = replay;
  scores[dataset.id] = {};
  for (const id of Object.keys(VARIANTS))
    scores[dataset.id]![id] = mean(requests.map((request) => recall(ranked(id, request, replay), request)));
  sizes[dataset.id] = requests.length;
  const weak = requests.filter(weakBest);
  const empty = requests.filter((request) => request.lexical.length === 0).length;
  signs.push(
    `| ${dataset.id} | ${requests.length} | ${percent(weak.length, requests.length)} | ${percent(empty, requests.length)} | ` +
      `${weak.length > 0 ? mean(weak.map((request) => request.coverage)).toFixed(2) : "–"} |`,
  );
  for (const request of requests) {
    if (request.kind === undefined) continue;
    const rows: [string, string[]][] = [
      ["BM25's list alone", request.lexical.map((hit) => hit.name)],
      ["the model's list alone", request.semantic.map((hit) => hit.name)],
      ...Object.keys(VARIANTS).map((id): [string, string[]] => [id, ranked(id, request, replay)]),
    ];
    for (const [row, names] of rows) {
      const kinds = byKind.get(row) ?? new Map<string, number[]>();
      byKind.set(row, kinds);
      const cell = kinds.get(request.kind) ?? [];
      kinds.set(request.kind, cell);
      cell.push(recall(names, request));
      if (weakBest(request)) {
        const weakCell = kinds.get(`${request.kind}, weak best`) ?? [];
        kinds.set(`${request.kind}, weak best`, weakCell);
        weakCell.push(recall(names, request));
      }
    }
  }
  process.stderr.write(`tune-weak-lexical-fusion: ${dataset.id} done\n`);
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / (whole || 1)).toFixed(1)}%`;
}

const table: ScoreTable = scores;
const datasets = Object.keys(table);
const ids = Object.keys(VARIANTS);
const folds = leaveOneDatasetOut(
  table,
  BASELINE,
  (row) => row,
  (row) => 1 / sizes[row]!,
);
const byWorst = byWorstChange(table, ids, BASELINE, datasets);
const kinds = [...(byKind.get(BASELINE)?.keys() ?? [])].sort();
const counts = kinds.map((kind) => `${kind} (${byKind.get(BASELINE)!.get(kind)!.length})`);
const markdown = [
  "# The hybrid when BM25's best match is weak, leave one dataset out",
  "",
  `Recall@5 of the adaptive fusion (answerable queries, at most ${maxQueries.toLocaleString("en")} per set, seed 42) replayed over each request's ` +
    "BM25 and embedding lists (the bundled model, 50 deep, single requests; `bench/tuning/tune-weak-lexical-fusion.ts`). " +
    "Each variant is a rule with no tuned constant: `today` (lexical share 0.5 + 0.5 × coverage, each list scaled so its best is 1); " +
    "`weak best → low end` (share 0.5 when BM25's best match is weak); `strong share of top 5` (the coverage term times the share of " +
    "BM25's top 5 that are strong); `weak list on the strong scale` (a list whose best is weak is divided by the score under which BM25 " +
    "calls a match weak, `maxEvidence` × the idf of a word one tool has, instead of by its best); `weak best → low end, strong scale` " +
    "(both); `weak best → the model alone` (BM25's list is not fused when its best is weak); `weak matches left out` (BM25's weak matches are not fused). Each fold chooses, on every set but one, the variant whose " +
    "worst set gains most (worst sets within one query count as a tie, broken by the mean), then measures it on the set left out.",
  "",
  ...foldsTable(folds),
  "",
  "Every variant against today (points of recall@5), best worst set first:",
  "",
  ...changesTable(table, byWorst, BASELINE, datasets, "variant"),
  "",
  `Recall@5 today: ${datasets.map((dataset) => `${dataset} ${table[dataset]![BASELINE]!.toFixed(3)}`).join(", ")}.`,
  "",
  "How often BM25's best match is weak, or BM25 finds nothing, and the mean coverage of the requests whose best is weak:",
  "",
  "| set | requests | weak best | nothing found | coverage when weak |",
  "|---|---:|---:|---:|---:|",
  ...signs,
  "",
  `Toolsift's own set by query kind (recall@5; \`weak best\`: the requests of that kind whose BM25 best is weak; each side's list uncut): ${counts.join(", ")}.`,
  "",
  `| ranking | ${kinds.join(" | ")} |`,
  `|---|${kinds.map(() => "---:").join("|")}|`,
  ...[...byKind].map(
    ([row, cells]) => `| ${row} | ${kinds.map((kind) => mean(cells.get(kind) ?? []).toFixed(3)).join(" | ")} |`,
  ),
  "",
].join("\n");
process.stdout.write(markdown);
if (maxQueries === FULL_SAMPLE)
  await writeFile(join(BENCH_DIR, "results", "weak-lexical-fusion-leave-one-out.md"), markdown);
