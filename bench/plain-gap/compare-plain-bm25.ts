/**
 * toolsift's bm25 and default hybrid against a plain BM25, query by query, on every shared set
 * and on RapidAPI-style stress variants of them (see `stress-variants.ts`): recall@5 of each
 * and per-query wins and losses against the plain formula. Answerable queries only, at most
 * `--max-queries` (default 1,000) per set, seeded like the guard, each request cut where
 * `toolSearch.search` cuts it (`MAX_REQUEST_LENGTH`; `--cut 500`: a model's `search_tools` bound)
 * (`--plain-reads-whole`: the plain formulas read it whole;
 * `--compact`: the others read it through `compactRequest`). toolsift's rankers run as users get them, through
 * `createToolSearch({ ranker })`.
 *
 *   npx tsx bench/plain-gap/compare-plain-bm25.ts [--max-queries 1000] [--only shared|stress]
 *     [--match <text in a set's id>,…]
 *     [--plain-reads-whole] [--compact] [--cut 500] [--rankers okapi,bm25,…] [--json per-query-recalls.json]
 */
import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { createToolSearch } from "../../src/index.js";
import { MAX_REQUEST_LENGTH } from "../../src/session/index.js";
import { Bm25Ranker, HybridRanker, type Ranker } from "../../src/ranking/index.js";
import { countOption, countOrDefault } from "../count-option.js";
import { guardSample } from "../guard/measure-guard.js";
import { callableTools } from "../learning/measure-learning-curve.js";
import { loadDataset, type BenchDataset } from "../load-dataset.js";
import { recallAt } from "../metrics/index.js";
import { RegistryBm25Ranker } from "../peers/registry-bm25-ranker.js";
import { tuningDatasetPaths } from "../tuning/tuning-datasets.js";
import { compactRequest } from "./compact-request.js";
import { OkapiBm25Ranker } from "./okapi-bm25-ranker.js";
import { queryWins } from "./query-wins.js";
import {
  withApiBlurbs,
  withApiFirstNames,
  withChainedRequests,
  withDistractors,
  withGenericParameters,
  withRequestsAcrossApis,
  withRequestsOfOneApi,
  withUnnamedRequests,
} from "./stress-variants.js";

const { values } = parseArgs({
  options: {
    "max-queries": { type: "string", default: "1000" },
    only: { type: "string" },
    json: { type: "string" },
    rankers: { type: "string" },
    match: { type: "string" },
    "plain-reads-whole": { type: "boolean" },
    compact: { type: "boolean" },
    cut: { type: "string" },
  },
});
const maxQueries = countOption("--max-queries", values["max-queries"]);

/**
 * A ranker to measure: a bare one; one of toolsift's built-ins as `createToolSearch` makes it; or
 * a built-in constructed with one option changed, given to `createToolSearch` as users give it.
 */
type Contender =
  | { id: string; bare: () => Ranker }
  | { id: string; builtIn: "bm25" | "hybrid" }
  | { id: string; configured: () => Ranker };

/** How much of a request every ranker reads, unless `--plain-reads-whole`: what a host's search takes, or `--cut`. */
const QUERY_CUT = countOrDefault("--cut", values.cut, MAX_REQUEST_LENGTH, { max: MAX_REQUEST_LENGTH });
const readsWhole = (contender: Contender) =>
  contender.id.startsWith("okapi") || contender.id === "registry" || contender.id.endsWith("-reads-whole");

const CONTENDERS: Contender[] = [
  { id: "okapi", bare: () => new OkapiBm25Ranker() },
  { id: "okapi-k1.2", bare: () => new OkapiBm25Ranker({ k1: 1.2 }) },
  { id: "okapi-distinct", bare: () => new OkapiBm25Ranker({ distinctQueryTerms: true, splitNames: true }) },
  { id: "registry", bare: () => new RegistryBm25Ranker() },
  { id: "bm25", builtIn: "bm25" },
  { id: "hybrid", builtIn: "hybrid" },
  // Diagnostics: toolsift's BM25 with one thing changed at a time.
  { id: "bm25-bare", bare: () => new Bm25Ranker() },
  // With --plain-reads-whole: toolsift's BM25 given the whole request, as the plain formula is.
  { id: "bm25-reads-whole", bare: () => new Bm25Ranker() },
  { id: "bm25-whole-query", bare: () => new Bm25Ranker({ multiPart: false, siblings: false, exactNames: false }) },
  { id: "bm25-no-params", bare: () => new Bm25Ranker({ fieldWeights: { parameters: 0 } }) },
  { id: "bm25-name1", bare: () => new Bm25Ranker({ fieldWeights: { name: 1 } }) },
  { id: "bm25-desc32", bare: () => new Bm25Ranker({ descriptionTerms: 32 }) },
  { id: "bm25-b0.3", bare: () => new Bm25Ranker({ b: 0.3 }) },
  // The family rules' share: as users get bm25 and hybrid, with `siblings: false`.
  { id: "bm25-no-families", configured: () => new Bm25Ranker({ siblings: false }) },
  { id: "hybrid-no-families", configured: () => new HybridRanker({ siblings: false }) },
];
/**
 * The plain formula the wins and losses are counted against: Okapi with each query word counted
 * once and names split at camelCase, which reproduces the shared sets' README figures for "a plain
 * BM25" (0.737, 0.606, 0.826 on BFCL, StableToolBench and Seal-Tools against its 0.73, 0.61, 0.81).
 */
const PLAIN = "okapi-distinct";
const chosen = values.rankers?.split(",");
const contenders = CONTENDERS.filter((c) => !chosen || chosen.includes(c.id) || c.id === PLAIN);

async function recallsOf(
  contender: Contender,
  dataset: BenchDataset,
  queries: readonly { query: string; expected: readonly string[] }[],
): Promise<number[]> {
  let search: (query: string) => Promise<readonly { name: string }[]>;
  let close: () => Promise<void>;
  if ("bare" in contender) {
    const ranker = contender.bare();
    await ranker.update(dataset.documents);
    search = async (query) => ranker.search(query, { limit: 5 });
    close = async () => ranker.close?.();
  } else {
    const ranker = "builtIn" in contender ? contender.builtIn : contender.configured();
    const toolSearch = await createToolSearch({ tools: callableTools(dataset), ranker });
    search = (query) => toolSearch.search(query, { limit: 5 });
    close = async () => {
      await toolSearch.close();
      await toolSearch.ranker.close?.();
    };
  }
  try {
    const recalls: number[] = [];
    for (const query of queries) {
      const whole = values["plain-reads-whole"] && readsWhole(contender);
      const cut = values.compact ? compactRequest(query.query, QUERY_CUT) : query.query.slice(0, QUERY_CUT);
      const hits = await search(whole ? query.query : cut);
      recalls.push(
        recallAt(
          hits.map((hit) => hit.name),
          new Set(query.expected),
          5,
        ),
      );
    }
    return recalls;
  } finally {
    await close();
  }
}

const paths = await tuningDatasetPaths();
const loaded = new Map<string, BenchDataset>();
for (const path of paths) loaded.set(basename(path, ".json"), await loadDataset(path));
const stb = loaded.get("toolbench_stabletoolbench")!;
const seal = loaded.get("seal_tools")!;
const bfcl = loaded.get("bfcl_v4")!;
const own = loaded.get("toolsift-servers");

const datasets: BenchDataset[] = [];
if (values.only !== "stress") datasets.push(...loaded.values());
if (values.only !== "shared") {
  const others = [...loaded.values()].filter((dataset) => dataset !== stb);
  datasets.push(
    withDistractors(stb, others),
    withApiBlurbs(stb),
    withGenericParameters(stb),
    withChainedRequests(stb),
    withChainedRequests(bfcl),
    withChainedRequests(seal),
    withApiBlurbs(withGenericParameters(withDistractors(stb, others))),
    withUnnamedRequests(stb),
    withUnnamedRequests(bfcl),
    withUnnamedRequests(seal),
    withUnnamedRequests(withApiBlurbs(withDistractors(stb, others))),
    withUnnamedRequests(withChainedRequests(stb)),
    withApiFirstNames(stb),
    withApiFirstNames(withApiBlurbs(withDistractors(stb, others))),
    withApiFirstNames(withChainedRequests(stb)),
    withRequestsAcrossApis(stb),
    withRequestsOfOneApi(stb),
    ...(own ? [withRequestsAcrossApis(own)] : []),
  );
}

const patterns = values.match?.split(",");
const measured = patterns
  ? datasets.filter((dataset) => patterns.some((pattern) => dataset.id.includes(pattern)))
  : datasets;
const results: Record<string, Record<string, number[]>> = {};
const lines = [
  `| set | queries | ${contenders.map((c) => c.id).join(" | ")} |`,
  `|---|---:|${contenders.map(() => "---:|").join("")}`,
];
for (const dataset of measured) {
  const queries = guardSample(
    dataset.queries.filter((query) => query.expected.length > 0),
    maxQueries,
    42,
  );
  const row: Record<string, number[]> = {};
  for (const contender of contenders) {
    row[contender.id] = await recallsOf(contender, dataset, queries);
    process.stderr.write(
      `${dataset.id} · ${contender.id}: ${queryWins(row[contender.id]!, row[contender.id]!).recall.toFixed(3)}\n`,
    );
  }
  results[dataset.id] = row;
  const cells = contenders.map((contender) => {
    const wins = queryWins(row[contender.id]!, row[PLAIN]!);
    return contender.id === PLAIN
      ? wins.recall.toFixed(3)
      : `${wins.recall.toFixed(3)} (+${wins.wins}/−${wins.losses})`;
  });
  const line = `| ${dataset.id} | ${queries.length} | ${cells.join(" | ")} |`;
  lines.push(line);
  process.stdout.write(`${line}\n`);
}
process.stdout.write(`\n${lines.join("\n")}\n`);
if (values.json) await writeFile(values.json, JSON.stringify(results));
