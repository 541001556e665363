/**
 * Why multi-tool queries are not answered whole. For bm25 and the hybrid (bundled embedding
 * model, default query handling), every multi-tool query of each set is answered at 5 and at 10;
 * each tool it needs that the answer at 5 misses is then placed:
 * - its rank when the whole query is ranked alone to 50 (6–10, 11–20, 21–50, past 50);
 * - whether the query was split into requests at all, and whether the tool is the best match of
 *   one of them, or among the first 5 of one;
 * - whether a tool of its family (server or API) made the answer.
 * Writes `bench/results/whole-answer-misses.md`. Pass set ids to measure only those.
 *
 *   npx tsx bench/tuning/whole-answer-misses.ts [seal_tools toolbench_stabletoolbench …]
 */
import { writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { BUNDLED_MODEL_DIR } from "../../src/ranking/embedding/bundled-model.js";
import { Bm25Ranker, HybridRanker, type Ranker } from "../../src/ranking/index.js";
import { PART_DEPTH, splitRequests, ToolFamilies } from "../../src/ranking/query/index.js";
import { loadDataset } from "../load-dataset.js";
import { compAt } from "../metrics/index.js";
import { BENCH_DIR, tuningDatasetPaths } from "./tuning-datasets.js";
import { requestText } from "../request-text.js";

const DEEP = 50;
const only = new Set(process.argv.slice(2));

/** Counts of one (set, ranker). */
interface Tally {
  queries: number;
  split: number;
  comp5: number;
  comp10: number;
  missing: number;
  rank: Record<string, number>;
  notSplit: number;
  partBest: number;
  partTop: number;
  familyInAnswer: number;
}

const bucket = (rank: number) => (rank < 0 ? "past 50" : rank < 10 ? "6–10" : rank < 20 ? "11–20" : "21–50");
const BUCKETS = ["6–10", "11–20", "21–50", "past 50"];

const tallies: [string, Tally][] = [];
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  if (only.size > 0 && !only.has(dataset.id)) continue;
  const multi = dataset.queries.filter((query) => query.expected.length > 1);
  if (multi.length === 0) continue;
  const families = new ToolFamilies();
  families.sync(dataset.documents);
  const plain = { exactNames: false, multiPart: false, siblings: false } as const;
  const rankers: [string, Ranker, Ranker][] = [
    ["bm25", new Bm25Ranker(), new Bm25Ranker(plain)],
    [
      "hybrid",
      new HybridRanker({ semantic: { cacheDir: false } }),
      new HybridRanker({ ...plain, semantic: { cacheDir: false } }),
    ],
  ];
  for (const [rankerId, ranker, alone] of rankers) {
    await ranker.update(dataset.documents);
    await alone.update(dataset.documents);
    const tally: Tally = {
      queries: multi.length,
      split: 0,
      comp5: 0,
      comp10: 0,
      missing: 0,
      rank: Object.fromEntries(BUCKETS.map((name) => [name, 0])),
      notSplit: 0,
      partBest: 0,
      partTop: 0,
      familyInAnswer: 0,
    };
    for (const query of multi) {
      const text = requestText(query.query).trim();
      const expected = new Set(query.expected);
      const top5 = (await ranker.search(text, { limit: 5 })).map((hit) => hit.name);
      const top10 = (await ranker.search(text, { limit: 10 })).map((hit) => hit.name);
      tally.comp5 += compAt(top5, expected, 5);
      tally.comp10 += compAt(top10, expected, 10);
      const missed = query.expected.filter((name) => !top5.includes(name));
      const requests = splitRequests(text);
      if (requests.length > 1) tally.split++;
      if (missed.length === 0) continue;
      const deep = (await alone.search(text, { limit: DEEP })).map((hit) => hit.name);
      const parts = [];
      if (requests.length > 1)
        for (const request of requests)
          parts.push((await alone.search(request, { limit: PART_DEPTH })).map((hit) => hit.name));
      const answered = new Set(top5.map((name) => families.of(name)).filter((family) => family !== undefined));
      for (const name of missed) {
        tally.missing++;
        tally.rank[bucket(deep.indexOf(name))]!++;
        if (requests.length <= 1) tally.notSplit++;
        if (parts.some((part) => part[0] === name)) tally.partBest++;
        if (parts.some((part) => part.includes(name))) tally.partTop++;
        const family = families.of(name);
        if (family !== undefined && answered.has(family)) tally.familyInAnswer++;
      }
    }
    await ranker.close?.();
    await alone.close?.();
    tallies.push([`${dataset.id} · ${rankerId}`, tally]);
  }
  process.stderr.write(`whole-answer-misses: ${dataset.id} done\n`);
}

const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)}`);
const markdown = [
  "# Why multi-tool queries are not answered whole",
  "",
  `Every multi-tool query of each set, answered by bm25 and the hybrid (embedding model: the bundled \`${basename(BUNDLED_MODEL_DIR)}\`) with default query handling and nothing taught. ` +
    "COMP@k: every needed tool among the first k. Each needed tool the answer at 5 misses is placed by its rank when the whole query is ranked alone (no requests, no kept places, no siblings) to 50, " +
    "by whether the query was split into requests, whether the tool is the best match (or among the first 5) of one request, and whether a tool of its family made the answer. Shares of missing tools (%), split: share of queries.",
  "",
  `| set · ranker | queries | split | COMP@5 | COMP@10 | missing tools | ${BUCKETS.map((name) => `rank ${name}`).join(" | ")} | query not split | best of a request | in a request's first 5 | family in answer |`,
  `|---|---:|---:|---:|---:|---:|${BUCKETS.map(() => "---:").join("|")}|---:|---:|---:|---:|`,
  ...tallies.map(
    ([row, t]) =>
      `| ${row} | ${t.queries} | ${pct(t.split, t.queries)} | ${pct(t.comp5, t.queries)} | ${pct(t.comp10, t.queries)} | ${t.missing} | ${BUCKETS.map((name) => pct(t.rank[name]!, t.missing)).join(" | ")} | ${pct(t.notSplit, t.missing)} | ${pct(t.partBest, t.missing)} | ${pct(t.partTop, t.missing)} | ${pct(t.familyInAnswer, t.missing)} |`,
  ),
  "",
].join("\n");
process.stdout.write(markdown);
if (only.size === 0) await writeFile(join(BENCH_DIR, "results", "whole-answer-misses.md"), markdown);
