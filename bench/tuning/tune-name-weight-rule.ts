/**
 * Whether a tool's name should count at its weight (3) only when the request names the tool, and
 * at 1 when the name match is a coincidence (issue 32, item 4; bench/results/plain-bm25-gap.md,
 * finding 3). Each rule of `NameRuleBm25Ranker` (`name-rule-bm25-ranker.ts`) against today's
 * rankers, both as users get them through `createToolSearch`: `ranker: "bm25"`, and `"hybrid"`
 * (the rule in its lexical side, every other default kept). On toolsift's own set and every
 * shared set (answerable queries, at most 1,000 per set, seed 42, as `bench:guard` samples them)
 * and on the RapidAPI-style stress variants where a name weight of 1 had gained
 * (`--max-stress-queries`, default 300, against the plain Okapi BM25 `okapi-distinct`):
 * recall@5, empty answers and weak best matches on answerable queries, COMP@5 on multi-tool
 * queries (at most 1,000, seed 42), a query's median time; one fold per dataset, judged by its
 * worst (set, ranker) row, rows within one query counting as a tie broken by the mean; and the
 * BM25 index's memory on the largest variant (run node with `--expose-gc` for it). Writes
 * `bench/results/name-weight-rule.md`, keeping its hand-written findings. About 4 minutes on two cores.
 *
 *   TOOLSIFT_SHARED_DATASETS=/path/to/datasets NODE_OPTIONS=--expose-gc \
 *     npx tsx bench/tuning/tune-name-weight-rule.ts [--max-queries 1000] [--max-stress-queries 300]
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { createToolSearch } from "../../src/index.js";
import { Bm25Ranker, HybridRanker, type Ranker } from "../../src/ranking/index.js";
import { countOption } from "../count-option.js";
import { guardSample } from "../guard/measure-guard.js";
import { callableTools } from "../learning/measure-learning-curve.js";
import { type BenchDataset, type BenchQuery, loadDataset } from "../load-dataset.js";
import { compAt, percentile, recallAt } from "../metrics/index.js";
import { OkapiBm25Ranker } from "../plain-gap/okapi-bm25-ranker.js";
import { withApiBlurbs, withDistractors, withUnnamedRequests } from "../plain-gap/stress-variants.js";
import { requestText } from "../request-text.js";
import { points } from "./leave-one-out-tables.js";
import { leaveOneDatasetOut, type ScoreTable } from "./leave-one-out.js";
import { NAME_RULES, type NameRule, NameRuleBm25Ranker } from "./name-rule-bm25-ranker.js";
import { BENCH_DIR, SINGLE_REQUESTS, tuningDatasetPaths } from "./tuning-datasets.js";

const { values } = parseArgs({
  options: {
    "max-queries": { type: "string", default: "1000" },
    "max-stress-queries": { type: "string", default: "300" },
  },
});
const maxQueries = countOption("--max-queries", values["max-queries"]);
const maxStressQueries = countOption("--max-stress-queries", values["max-stress-queries"]);

const TODAY = "today";
/** The rules measured against today's; `fixed` is the copy's check, not a candidate. */
const RULES = NAME_RULES.filter((rule) => rule !== "fixed");
const KINDS = ["bm25", "hybrid"] as const;
type Kind = (typeof KINDS)[number];

interface Measured {
  /** Per answerable query, its recall@5. */
  recalls: number[];
  empty: number;
  weakBest: number;
  comp: number;
}

/** A rule's ranker of the given kind, as `createToolSearch` builds today's by name. */
function rankerOf(kind: Kind, rule: NameRule): Ranker {
  return kind === "bm25"
    ? new NameRuleBm25Ranker({}, rule)
    : new HybridRanker({ lexical: new NameRuleBm25Ranker({ ...SINGLE_REQUESTS, abstention: false }, rule) });
}

async function measure(
  dataset: BenchDataset,
  answerable: readonly BenchQuery[],
  multi: readonly BenchQuery[],
  ranker: Kind | Ranker,
): Promise<Measured> {
  const toolSearch = await createToolSearch({ tools: callableTools(dataset), ranker });
  try {
    const recalls: number[] = [];
    let empty = 0;
    let weakBest = 0;
    for (const query of answerable) {
      const hits = await toolSearch.search(requestText(query.query), { limit: 5 });
      if (hits.length === 0) empty++;
      else if (hits[0]!.confidence === "weak") weakBest++;
      recalls.push(
        recallAt(
          hits.map((hit) => hit.name),
          new Set(query.expected),
          5,
        ),
      );
    }
    let comp = 0;
    for (const query of multi) {
      const hits = await toolSearch.search(requestText(query.query), { limit: 5 });
      comp += compAt(
        hits.map((hit) => hit.name),
        new Set(query.expected),
        5,
      );
    }
    return {
      recalls,
      empty,
      weakBest,
      comp: multi.length > 0 ? comp / multi.length : Number.NaN,
    };
  } finally {
    await toolSearch.close();
    await toolSearch.ranker.close?.();
  }
}

/**
 * A query's median time in a bare ranker (what the rule changes; the hybrid adds the same to its
 * semantic side's time), timed on a second pass: the first computes every saturated weight the
 * queries need and warms the code, as a long-running session has.
 */
async function medianMs(ranker: Ranker, dataset: BenchDataset, queries: readonly BenchQuery[]): Promise<number> {
  await ranker.update(dataset.documents);
  for (const query of queries) await ranker.search(requestText(query.query), { limit: 5 });
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await ranker.search(requestText(query.query), { limit: 5 });
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

const loaded = new Map<string, BenchDataset>();
for (const path of await tuningDatasetPaths()) loaded.set(basename(path, ".json"), await loadDataset(path));
const stb = loaded.get("toolbench_stabletoolbench")!;
const others = [...loaded.values()].filter((dataset) => dataset !== stb);
const largest = withUnnamedRequests(withApiBlurbs(withDistractors(stb, others)));
const stress = [
  withApiBlurbs(stb),
  withUnnamedRequests(stb),
  withUnnamedRequests(loaded.get("bfcl_v4")!),
  withUnnamedRequests(loaded.get("seal_tools")!),
  largest,
];

// The BM25 index's memory, every saturated weight computed (each query run once), on the largest variant.
const gc = (globalThis as { gc?: () => void }).gc;
const memory: Record<string, number> = {};
if (gc) {
  const queries = guardSample(
    largest.queries.filter((query) => query.expected.length > 0),
    maxStressQueries,
    42,
  );
  const used = () => {
    // Several collections: one leaves garbage of the generation before.
    for (let i = 0; i < 4; i++) gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return heapUsed + arrayBuffers;
  };
  const kept: Ranker[] = [];
  // The first ranker also fills what every ranker shares (the text analyser's caches): a warm-up, not measured.
  for (const [id, build] of [
    ["warm-up", () => new Bm25Ranker()],
    [TODAY, () => new Bm25Ranker()],
    ...NAME_RULES.map((rule) => [rule, () => new NameRuleBm25Ranker({}, rule)] as const),
  ] as const) {
    const before = used();
    const ranker: Ranker = build();
    await ranker.update(largest.documents);
    for (const query of queries) await ranker.search(requestText(query.query), { limit: 5 });
    memory[id] = used() - before;
    kept.push(ranker);
  }
  kept.length = 0;
}

/** By set, then ranker kind, then rule (or `today`). */
const results: Record<string, Record<Kind, Record<string, Measured>>> = {};
const plain: Record<string, number> = {};
/** By set, then rule (or `today`): a query's median time in a bare bm25 ranker. */
const times: Record<string, Record<string, number>> = {};
const sizes: Record<string, { answerable: number; multi: number }> = {};
for (const dataset of [...loaded.values(), ...stress]) {
  const isStress = stress.includes(dataset);
  const max = isStress ? maxStressQueries : maxQueries;
  const answerable = guardSample(
    dataset.queries.filter((query) => query.expected.length > 0),
    max,
    42,
  );
  const multi = guardSample(
    dataset.queries.filter((query) => query.expected.length > 1),
    max,
    42,
  );
  sizes[dataset.id] = { answerable: answerable.length, multi: multi.length };
  if (isStress) {
    const okapi = new OkapiBm25Ranker({ distinctQueryTerms: true, splitNames: true });
    await okapi.update(dataset.documents);
    plain[dataset.id] = mean(
      answerable.map((query) =>
        recallAt(
          okapi.search(requestText(query.query), { limit: 5 }).map((hit) => hit.name),
          new Set(query.expected),
          5,
        ),
      ),
    );
  }
  const row = {} as Record<Kind, Record<string, Measured>>;
  for (const kind of KINDS) {
    row[kind] = { [TODAY]: await measure(dataset, answerable, multi, kind) };
    for (const rule of NAME_RULES) row[kind][rule] = await measure(dataset, answerable, multi, rankerOf(kind, rule));
    // The copy must rank as the ranker does, or its rules are measured against something else.
    if (row[kind].fixed!.recalls.some((recall, i) => recall !== row[kind][TODAY]!.recalls[i]))
      throw new Error(`${dataset.id} · ${kind}: the copy's fixed rule ranks unlike Bm25Ranker; re-copy it.`);
  }
  results[dataset.id] = row;
  // Three rounds, interleaved, keeping each ranker's least median: another process on the machine
  // only ever slows a round down, and the first round also warms every ranker's code.
  const timed: Record<string, number> = {};
  for (let round = 0; round < 3; round++)
    for (const [id, build] of [
      [TODAY, () => new Bm25Ranker()],
      ...NAME_RULES.map((rule) => [rule, () => new NameRuleBm25Ranker({}, rule)] as const),
    ] as const)
      timed[id] = Math.min(timed[id] ?? Number.POSITIVE_INFINITY, await medianMs(build(), dataset, answerable));
  times[dataset.id] = timed;
  process.stderr.write(`tune-name-weight-rule: ${dataset.id} done\n`);
}

const shared = [...loaded.keys()];
const table: Record<string, Record<string, number>> = {};
for (const set of shared)
  for (const kind of KINDS)
    table[`${set} · ${kind}`] = Object.fromEntries(
      [TODAY, ...RULES].map((rule) => [rule, mean(results[set]![kind][rule]!.recalls)]),
    );
const scores: ScoreTable = table;
const datasetOf = (row: string) => row.slice(0, row.indexOf(" · "));
const folds = leaveOneDatasetOut(scores, TODAY, datasetOf, (row) => 1 / sizes[datasetOf(row)]!.answerable);

/** A change in whole queries, signed as `points` signs it. */
const signed = (count: number) => `${count >= 0 ? "+" : "−"}${Math.abs(count)}`;
const queriesOf = (row: string, change: number) => signed(Math.round(change * sizes[datasetOf(row)]!.answerable));
const counts = (set: string, kind: Kind, rule: string) => {
  const today = results[set]![kind][TODAY]!;
  const measured = results[set]![kind][rule]!;
  const multi = sizes[set]!.multi;
  const comp = Number.isNaN(measured.comp)
    ? "–"
    : `${points(measured.comp - today.comp)} (${signed(Math.round((measured.comp - today.comp) * multi))} of ${multi})`;
  return `${today.empty} → ${measured.empty} | ${today.weakBest} → ${measured.weakBest} | ${comp}`;
};
/** Against the copy's `fixed`: the same code ranking as today, so the ratio is the rule's alone. */
const ratio = (rule: string, sets: readonly string[]) =>
  mean(sets.map((set) => times[set]![rule]! / times[set]!.fixed!));
const stressIds = stress.map((dataset) => dataset.id);

const markdown = [
  "# A name weight that does not reward coincidences",
  "",
  "Issue 32, item 4. BM25F weighs a tool's name 3 (`DEFAULT_FIELD_WEIGHTS`, chosen leave one dataset out: " +
    "bench/results/bm25-leave-one-out.md); with 1 instead, bm25 gained 1.8 to 7.1 points on requests without the tools' " +
    "name words and lost on the shared sets (bench/results/plain-bm25-gap.md, finding 3). The rules measured here keep 3 " +
    "where the request names the tool and use 1 where the name match looks like a coincidence, with no new constant:",
  "",
  "- `weak-retry`: a request (the whole query, or one of its parts) whose best match is weak (`Bm25Ranker`'s " +
    "`isWeak`, the abstention rule's signs) is ranked again with name weight 1. Re-scoring only the first N candidates " +
    "(the brief's variant b) can change no more queries than this does.",
  "- `two-names`: a tool's name terms count at weight 3 only when the request holds two or more of them, else at 1 (the " +
    "tool's other fields unchanged).",
  "- `half-name`: at 3 only when the request holds at least half of the tool's name terms.",
  "",
  "Measured by `bench/tuning/tune-name-weight-rule.ts` through `createToolSearch` (bm25, and the hybrid with the rule in " +
    `its lexical side), every other default kept. Shared sets: answerable queries, at most ${maxQueries} per set, seed 42; ` +
    `COMP@5 on multi-tool queries (at most ${maxQueries}). A rule's ranker is a copy of \`Bm25Ranker\` ` +
    "(`bench/tuning/name-rule-bm25-ranker.ts`) whose `fixed` rule was checked to rank every query as `Bm25Ranker` does.",
  "",
  "## Leave one dataset out (recall@5, worst (set, ranker) row, rows within one query tied)",
  "",
  "| left out | chosen on the others | worst change on the others (points) | change on the set left out (points) |",
  "|---|---|---:|---:|",
  ...folds.map(
    (fold) => `| ${fold.heldOut} | ${fold.chosen} | ${points(fold.trainingWorst)} | ${points(fold.heldOutChange)} |`,
  ),
  "",
  "## Each rule's change on every shared set, worst first",
  "",
  "Recall@5 change in points (and queries); empty answers and weak best matches on answerable queries, today → rule; " +
    "COMP@5 change in points (in queries, of the multi-tool queries measured).",
  "",
  ...RULES.flatMap((rule) => [
    `### ${rule}`,
    "",
    "| set · ranker | recall@5 today | change | queries | empty | weak best | COMP@5 |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...Object.keys(table)
      .map((row) => ({ row, change: table[row]![rule]! - table[row]![TODAY]! }))
      .sort((a, b) => a.change - b.change)
      .map(({ row, change }) => {
        const kind = row.slice(row.indexOf(" · ") + 3) as Kind;
        return `| ${row} | ${table[row]![TODAY]!.toFixed(3)} | ${points(change)} | ${queriesOf(row, change)} | ${counts(datasetOf(row), kind, rule)} |`;
      }),
    "",
  ]),
  `## Stress variants (bench/plain-gap/stress-variants.ts; at most ${maxStressQueries} queries, seed 42)`,
  "",
  "Recall@5; `okapi-distinct` is the plain Okapi BM25 over name + description (bench/plain-gap/okapi-bm25-ranker.ts).",
  "",
  `| set | queries | okapi-distinct | ${KINDS.flatMap((kind) => [TODAY, ...RULES].map((rule) => `${kind} ${rule}`)).join(" | ")} |`,
  `|---|---:|---:|${KINDS.flatMap(() => [TODAY, ...RULES].map(() => "---:")).join("|")}|`,
  ...stress.map(
    (dataset) =>
      `| ${dataset.id} | ${sizes[dataset.id]!.answerable} | ${plain[dataset.id]!.toFixed(3)} | ${KINDS.flatMap((kind) =>
        [TODAY, ...RULES].map((rule) => mean(results[dataset.id]![kind][rule]!.recalls).toFixed(3)),
      ).join(" | ")} |`,
  ),
  "",
  "Empty answers, weak best matches (today → rule) and COMP@5 change on the stress variants:",
  "",
  "| set · ranker | rule | empty | weak best | COMP@5 |",
  "|---|---|---:|---:|---:|",
  ...stress.flatMap((dataset) =>
    KINDS.flatMap((kind) =>
      RULES.map((rule) => `| ${dataset.id} · ${kind} | ${rule} | ${counts(dataset.id, kind, rule)} |`),
    ),
  ),
  "",
  "## Cost",
  "",
  "A query's median time in a bare bm25 ranker (a second pass over each set's queries, every saturated weight computed; " +
    "the least of three interleaved rounds), " +
    "over the copy's `fixed` (ranking as today does, in the same code), averaged over the sets; the `today` row is `Bm25Ranker`'s own, " +
    "a measure of the timing's noise:",
  "",
  "| rule | shared sets | stress variants | largest variant |",
  "|---|---:|---:|---:|",
  ...[TODAY, ...RULES].map(
    (rule) =>
      `| ${rule} | ${ratio(rule, shared).toFixed(2)}× | ${ratio(rule, stressIds).toFixed(2)}× | ${ratio(rule, [largest.id]).toFixed(2)}× |`,
  ),
  "",
  `The medians on the largest variant: today ${times[largest.id]![TODAY]!.toFixed(2)} ms, fixed ${times[largest.id]!.fixed!.toFixed(2)} ms.`,
  "",
  gc
    ? `The BM25 index's memory on ${largest.id} (${largest.documents.length} tools), each of ${maxStressQueries} queries run once so ` +
      `every saturated weight a query needs is computed: today ${(memory[TODAY]! / 2 ** 20).toFixed(1)} MiB; ` +
      NAME_RULES.map((rule) => `${rule} ${(memory[rule]! / memory[TODAY]!).toFixed(2)}×`).join(", ") +
      " (heap and array buffers after a collection, so within a few percent)."
    : "Memory not measured: run node with `--expose-gc`.",
  "",
].join("\n");
// The findings are read from the tables by hand: a re-run keeps them, below the new tables.
const resultsFile = join(BENCH_DIR, "results", "name-weight-rule.md");
const previous = existsSync(resultsFile) ? await readFile(resultsFile, "utf8") : "";
const findings = previous.indexOf("\n## Findings");
process.stdout.write(markdown);
await writeFile(resultsFile, findings >= 0 ? `${markdown}\n${previous.slice(findings + 1)}` : markdown);
