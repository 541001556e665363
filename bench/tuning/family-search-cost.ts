/**
 * What a family search (`searchFamilies`) adds to a query's time, as a ratio against the default
 * answer in one run. For bm25 and the hybrid (bundled embedding model), multi-tool and single-tool
 * queries of StableToolBench and Seal-Tools (at most `--max-queries` of each, spread evenly) are
 * answered as the rankers' query plan answered them before the family search (whole query to the
 * limit and `PART_DEPTH` more, its requests, `wholeAnswer`), and again with a family search on top
 * (the library's default since `FAMILY_SEARCH`, a deep read):
 * - `deep`: the whole query ranked to {@link DEEP} instead (no other search), each family's
 *   ranking read from it;
 * - `query`: one search of the whole query per answer family, filtered to the family's tools (at
 *   most `FAMILY_CAP`), the full-search cost a cheaper scorer of the family alone would cut.
 * The three run back to back per query, best of {@link ROUNDS} each, so other load on the
 * machine falls on all three. Writes `bench/results/family-search-cost.md`.
 *
 *   npx tsx bench/tuning/family-search-cost.ts [--max-queries 300]
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Bm25Ranker, HybridRanker, type RankedTool, type Ranker } from "../../src/ranking/index.js";
import {
  ExactNames,
  mergeParts,
  namedFirst,
  PART_DEPTH,
  REPRESENTED_BY,
  REQUEST_SPLITTING,
  splitRequests,
  ToolFamilies,
  wholeAnswer,
} from "../../src/ranking/query/index.js";
import { countOption } from "../count-option.js";
import { type BenchQuery, loadDataset } from "../load-dataset.js";
import { answerFamilies, FAMILY_CAP, protectedTools, searchFamilies } from "./family-search.js";
import { requestText } from "../request-text.js";
import { BENCH_DIR, SINGLE_REQUESTS, tuningDatasetPaths } from "./tuning-datasets.js";

const LIMIT = 5;
/** How deep the `deep` family search reads the whole query's ranking. */
const DEEP = 50;
const ROUNDS = 3;
const SETS = ["seal_tools", "toolbench_stabletoolbench"];
type Variant = "default" | "deep" | "query";
const VARIANTS: readonly Variant[] = ["default", "deep", "query"];

const { values } = parseArgs({ options: { "max-queries": { type: "string", default: "300" } } });
const maxQueries = countOption("--max-queries", values["max-queries"]);

/** One query answered as a variant answers it; returns nothing, only its time counts. */
async function answer(
  ranker: Ranker,
  text: string,
  names: ExactNames,
  families: ToolFamilies,
  variant: Variant,
): Promise<RankedTool[]> {
  const familyOf = (name: string) => families.of(name);
  const depth = LIMIT + PART_DEPTH;
  const searched = await ranker.search(text, { limit: variant === "deep" ? DEEP : depth });
  const whole = searched.slice(0, depth);
  const named = names.match(text);
  const requests = splitRequests(text, REQUEST_SPLITTING);
  const parts: RankedTool[][] = [];
  if (requests.length > 1 && whole.length > 0)
    for (const request of requests) parts.push(await ranker.search(request, { limit: PART_DEPTH }));
  const merged = parts.length > 0 ? mergeParts(whole, parts) : whole;
  const made = wholeAnswer(namedFirst(merged, named), parts, named, LIMIT, { keep: REPRESENTED_BY, familyOf });
  if (variant === "default") return made;
  const within = new Map<string, RankedTool[]>();
  for (const family of answerFamilies(made, familyOf, LIMIT))
    within.set(
      family,
      variant === "deep"
        ? searched.filter((hit) => familyOf(hit.name) === family)
        : await ranker.search(text, { limit: FAMILY_CAP, filter: (name) => familyOf(name) === family }),
    );
  return searchFamilies(made, LIMIT, protectedTools(parts, named), familyOf, (family) => within.get(family) ?? [], 1);
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const lines: string[] = [];
for (const path of await tuningDatasetPaths()) {
  const dataset = await loadDataset(path);
  if (!SETS.includes(dataset.id)) continue;
  // Multi-tool queries, and single-tool ones: the deep read ranks every query of a catalogue
  // with families deeper, not only chained ones.
  const spread = (kind: readonly BenchQuery[]) => {
    const step = Math.max(1, kind.length / maxQueries);
    return Array.from({ length: Math.min(maxQueries, kind.length) }, (_, i) => kind[Math.floor(i * step)]!);
  };
  const kinds: [string, BenchQuery[]][] = [
    ["multi-tool", spread(dataset.queries.filter((query) => query.expected.length > 1))],
    ["single-tool", spread(dataset.queries.filter((query) => query.expected.length === 1))],
  ];
  const names = new ExactNames();
  names.sync(dataset.documents);
  const families = new ToolFamilies();
  families.sync(dataset.documents);
  const rankers: [string, Ranker][] = [
    ["bm25", new Bm25Ranker(SINGLE_REQUESTS)],
    ["hybrid", new HybridRanker({ ...SINGLE_REQUESTS, semantic: { cacheDir: false } })],
  ];
  for (const [rankerId, ranker] of rankers) {
    await ranker.update(dataset.documents);
    for (const [kind, queries] of kinds) {
      const ratios: Record<Exclude<Variant, "default">, number[]> = { deep: [], query: [] };
      /** Each query's best time (ms) per variant: the ratios say how much is added, these to what. */
      const times: Record<Exclude<Variant, "query">, number[]> = { default: [], deep: [] };
      let searchedFamilies = 0;
      for (const query of queries) {
        const text = requestText(query.query).trim();
        const best = new Map<Variant, number>(VARIANTS.map((variant) => [variant, Number.POSITIVE_INFINITY]));
        for (let round = 0; round < ROUNDS; round++)
          for (const variant of VARIANTS) {
            const start = process.hrtime.bigint();
            await answer(ranker, text, names, families, variant);
            const took = Number(process.hrtime.bigint() - start);
            best.set(variant, Math.min(best.get(variant)!, took));
          }
        const familyOf = (name: string) => families.of(name);
        const made = await answer(ranker, text, names, families, "default");
        searchedFamilies += answerFamilies(made, familyOf, LIMIT).length;
        ratios.deep.push(best.get("deep")! / best.get("default")!);
        times.default.push(best.get("default")! / 1e6);
        times.deep.push(best.get("deep")! / 1e6);
        ratios.query.push(best.get("query")! / best.get("default")!);
      }
      const added = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        const pct = (ratio: number) => `${ratio >= 1 ? "+" : "−"}${Math.abs((ratio - 1) * 100).toFixed(1)}%`;
        return `${pct(quantile(sorted, 0.5))} | ${pct(quantile(sorted, 0.95))}`;
      };
      const median = (values: number[]) =>
        quantile(
          [...values].sort((a, b) => a - b),
          0.5,
        ).toFixed(3);
      lines.push(
        `| ${dataset.id} · ${rankerId} · ${kind} | ${queries.length} | ${(searchedFamilies / queries.length).toFixed(2)} | ${median(times.default)} | ${median(times.deep)} | ${added(ratios.deep)} | ${added(ratios.query)} |`,
      );
      process.stderr.write(`family-search-cost: ${dataset.id} · ${rankerId} · ${kind} done\n`);
    }
    await ranker.close?.();
  }
}

const markdown = [
  "# What a family search adds to a query's time",
  "",
  `Multi-tool and single-tool queries of each set (at most ${maxQueries} of each, spread evenly), each answered as the query plan answers it (the whole query to ${LIMIT + PART_DEPTH}, its requests to ${PART_DEPTH}, \`wholeAnswer\`) and with a family search taking one lone place on top, the three back to back, best of ${ROUNDS} each. ` +
    `Added time per query against the default answer, median and 95th percentile. \`deep\`: the whole query ranked to ${DEEP} instead, each family's tools read from it (no other search); \`query\`: one search of the whole query per family of the answer, filtered to the family (at most ${FAMILY_CAP} tools). Families: the mean number searched per query. Default and deep ms: each query's best time, median over the queries (the machine's load moves these; the ratios, measured back to back, much less).`,
  "",
  "| set · ranker · queries | queries | families | default ms | deep ms | deep: median | deep: p95 | query: median | query: p95 |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...lines,
  "",
].join("\n");
process.stdout.write(markdown);
await writeFile(join(BENCH_DIR, "results", "family-search-cost.md"), markdown);
