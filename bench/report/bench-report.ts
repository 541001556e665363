import type { LongSessionsSection } from "./long-sessions-section.js";
import type { SearchHoldsSection } from "./search-holds-section.js";
import type { MemoryUsage } from "../memory-probe.js";
import type { TargetComparison, TargetId, TargetUnit } from "../targets.js";

export type { TargetComparison } from "../targets.js";

/** Latency of single `search` calls, in milliseconds. */
export interface LatencySummary {
  p50: number;
  p95: number;
  mean: number;
}

/** Recall@5 over the answerable queries of one kind. */
export interface KindBreakdown {
  queries: number;
  recallAt5: number;
}

/** One ranker on one query set. Quality fields are means over answerable queries. */
export interface RankerRun {
  ranker: string;
  dataset: string;
  /** Queries searched (after `--max-queries` sampling). */
  queries: number;
  answerable: number;
  unanswerable: number;
  recallAt1: number;
  recallAt5: number;
  recallAt10: number;
  /**
   * COMP@5: the share of multi-tool queries (two expected tools or more) with every expected
   * tool in the first 5; `null` when the set has none (absent in reports before it was measured).
   */
  compAt5?: number | null;
  /** How many multi-tool queries COMP@5 is over. */
  multiTool?: number;
  mrrAt10: number;
  ndcgAt10: number;
  /** Share of unanswerable queries answered with an empty list; `null` when the set has none. */
  abstention: number | null;
  latencyMs: LatencySummary;
  /** The `update(documents)` call that builds the index. */
  buildMs: number;
  /** `create()`: constructing the ranker, e.g. loading a model. */
  setupMs: number;
  memory: MemoryUsage;
  /** Present when queries carry a `kind`. */
  byKind?: Partial<Record<string, KindBreakdown>>;
  /** Set when the ranker threw; the other numbers are then meaningless (zero). */
  error?: string;
}

/** A run on a generated catalogue of `size` tools. */
export interface ScaleRun extends RankerRun {
  size: number;
}

export interface DatasetInfo {
  id: string;
  path: string;
  tools: number;
  queries: number;
  /** Queries actually run (after sampling). */
  queriesRun: number;
  source?: string;
  license?: string;
}

export interface RankerInfo {
  id: string;
  label: string;
  /** `reference`: a yardstick written for the bench (the flat typed-array BM25), not a product. */
  kind: "toolsift" | "peer" | "reference";
  source: string;
}

/** Means over the sessions that made request number `turn`. Tokens are `estimateTokens` estimates. */
export interface StrategyTurn {
  turn: number;
  sessions: number;
  /** The request's `tools` array as sent. */
  wireTokens: number;
  /** Tool definitions in the model's context: differs from `wireTokens` only for "native" (deferred tools are not loaded). */
  contextTokens: number;
  /** `search_tools` results already in the conversation, resent with this request. */
  searchResultTokens: number;
  /** Every tool in full, as without toolsift. */
  fullTokens: number;
}

/** One agent strategy over the oracle sessions of one catalogue. */
export interface StrategyRun {
  catalogue: string;
  strategy: string;
  /** The ranker `search_tools` used (`toolSearch.ranker.name`). */
  ranker: string;
  tools: number;
  sessions: number;
  /** Whether the catalogue was over the threshold, i.e. progressive disclosure was on. */
  progressive: boolean;
  turns: StrategyTurn[];
  /** Mean tokens of one `search_tools` result; `null` when no search ran. */
  searchResultTokens: number | null;
  /** Mean over sessions of Σ over requests of (context tool tokens + search results resent). */
  sessionTokens: number;
  /** The same requests with every tool in full and no search results. */
  sessionFullTokens: number;
  /** Share of sessions in which the expected tool was called (the oracle's success rate). */
  successRate: number;
  /** Mean turn of that call over the successful sessions; `null` when none succeeded. */
  discoveryTurns: number | null;
  /** Share of sessions whose search results contained the expected tool at all. */
  foundInResults: number;
  /** Share of requests after a session's first whose tools array is byte-identical (`JSON.stringify`) to the previous request's. */
  prefixStability: number;
  /** Requests after a session's first (the denominator of the stability share). */
  comparedTurns: number;
  error?: string;
}

/** The agent-strategy section: oracle sessions through the real session and strategy code. */
export interface StrategySection {
  /** How the oracle behaves, in words. */
  policy: string;
  /** Where the queries of each catalogue came from. */
  catalogues: { id: string; tools: number; queries: string }[];
  runs: StrategyRun[];
}

/** One arm (prefetch off or on) of the prefetch comparison: means over its oracle sessions. */
export interface PrefetchArm {
  /** Share of sessions in which the expected tool was called. */
  successRate: number;
  /** Mean request on which the expected tool was called, over the successful sessions; `null` when none. */
  discoveryTurns: number | null;
  /** Share of sessions that called the expected tool on the first request (no discovery turn). */
  firstTurn: number;
  requestsPerTask: number;
  /** Mean `tools` array tokens over every request of every session. */
  toolTokensPerRequest: number;
  /** Mean over sessions of Σ over requests of tool tokens + search results resent. */
  sessionTokens: number;
  /** Share of requests after a session's first whose `tools` array is byte-identical to the previous request's. */
  prefixStability: number;
}

/** Prefetch off against on, for one catalogue and strategy (single-tool queries). */
export interface PrefetchRun {
  catalogue: string;
  strategy: string;
  ranker: string;
  /** `session.prefetch`'s limit in the "on" arm. */
  limit: number;
  tools: number;
  sessions: number;
  progressive: boolean;
  off: PrefetchArm;
  on: PrefetchArm;
  /** Mean tools a prefetch hydrated per task. */
  hydratedPerTask: number;
  /** Share of tasks whose prefetch hydrated any tool. */
  tasksPrefetched: number;
  /** Share of prefetched tools that were the task's expected tool; `null` when none was prefetched. */
  precision: number | null;
  /** Share of tasks whose expected tool was prefetched. */
  neededPrefetched: number;
  /** Share of tasks (prefetch on) whose first request was still a search. */
  stillSearched: number;
  /** Share of tasks whose prefetch hydrated a tool other than the expected one (a strong match, yet wrong). */
  wrongHydrated: number;
  /**
   * The first request with prefetch against the cold block (prefetch off): its mean size, and over
   * the tasks whose prefetch hydrated something (`tasks`), the bytes after the shared prefix and the
   * tokens of the tools from the first that differs on: what the prompt cache writes afresh.
   */
  cache: { coldBytes: number; coldTokens: number; changedBytes: number; changedTokens: number; tasks: number };
  error?: string;
}

/** The prefetch section: oracle sessions with `session.prefetch` off and on, on the shared datasets. */
export interface PrefetchSection {
  policy: string;
  /** Where the queries of each catalogue came from. */
  catalogues: { id: string; tools: number; queries: string }[];
  runs: PrefetchRun[];
}

/** A persisted index reloaded by a new ranker instance, as after a process restart. */
export interface PersistenceRun {
  ranker: string;
  size: number;
  /** `loadEmbedder()`, once, before both instances. */
  modelLoadMs: number;
  /** The first instance's `update`: embed everything, build the index, save it to `cacheDir`. */
  buildMs: number;
  embeddedDuringBuild: number;
  /** The new instance's first `update` with the same documents: open the cache, load the index. */
  reloadMs: number;
  /** Texts embedded during the reload; 0 when the cache works. */
  embeddedDuringReload: number;
  /** Size of `cacheDir` after the build. */
  cacheMB: number;
  /** Recall@5 of the reloaded instance on the catalogue's queries, against the built one's. */
  recallAt5Reloaded: number;
  recallAt5Built: number;
  error?: string;
}

/** Builds (median and each) and search latency of one BM25 in the paired measurement. */
export interface PairedBm25 {
  /** Median of `builds`. */
  buildMs: number;
  builds: number[];
  searchMs: LatencySummary;
}

/**
 * toolsift's `bm25` through `createToolSearch` and a session, on one generated catalogue
 * (the `scale.*.ratio` targets), with the `Bm25Ranker` itself and the typed-array reference timed alternately in
 * the same loop, so that the ratios compare numbers taken under the same machine load.
 */
export interface SessionScaleRun {
  size: number;
  queries: number;
  /** Timed `session.tools()` calls per situation. */
  repeats: number;
  /** `new Bm25Ranker()`: builds alternating with the reference's, and searches alternating with it. */
  bm25: PairedBm25;
  /** The typed-array reference BM25: builds alternating with bm25's; one search after every timed toolsift call. */
  reference: PairedBm25;
  /** `createToolSearch({ tools, ranker: "bm25" })`: catalogue checks and index build. */
  buildMs: number;
  /** `toolSearch.search(query, { limit })`. */
  searchMs: LatencySummary;
  /** `session.execute` of a `search_tools` call (default result count). */
  searchToolsMs: LatencySummary;
  toolsMs: {
    /** Array catalogue, nothing changed since the last call. */
    unchanged: LatencySummary;
    /** Right after a call to another tool hydrated it. */
    afterHydration: LatencySummary;
    /** Host catalogue (`listTools()` asked every time), returning the same array. */
    hostUnchanged: LatencySummary;
    /** Host catalogue, right after `listTools()` began returning a changed array (one tool edited). */
    afterCatalogueChange: LatencySummary;
  };
  /** `search_tools` right after a catalogue change: includes the ranker's incremental update. */
  searchToolsAfterChangeMs: LatencySummary;
  /** Length of the `tools` array `session.tools()` returned. */
  blockTools: number;
  /** The array-backed tool search: build, searches and `tools()` calls. */
  memory: MemoryUsage;
  error?: string;
}

/** The session's tool block after one search and one hydration, against every tool in full (the stub diet, `block-saving.*` targets). */
export interface BlockSavingRun {
  catalogue: string;
  /** Where the tools came from. */
  source: string;
  tools: number;
  /** Sessions measured (one per query), each: `tools()`, `search_tools`, one call, `tools()`. */
  sessions: number;
  /** Every tool in full (`tuning.toolSearch: false`), `estimateBlockTokens`. */
  fullTokens: number;
  fullBytes: number;
  /** The block before any call: `search_tools` and every tool as a stub. */
  stubTokens: number;
  /** Mean block after one search and one hydration. */
  afterTokens: number;
  afterBytes: number;
  /** 1 − afterTokens / fullTokens. */
  saving: number;
  /** False when the catalogue is under the default threshold and was measured with `toolSearchThresholdTokens: 0`. */
  progressiveByDefault: boolean;
  error?: string;
}

/** One measured process-level number of the packed package, with its samples. */
export interface ProcessSamples {
  /** Median of the samples. */
  median: number;
  samples: number[];
}

/** The packed package installed in a fresh project and run in fresh processes (`package.*` targets). */
export interface PackageRun {
  /** The `npm pack` tarball's name and size. */
  tarball: string;
  tarballMB: number;
  /** `npm pack` (runs the build) and `npm install <tarball>` wall times. */
  packMs: number;
  installMs: number;
  nodeModulesMB: number;
  /** Installed packages that declare an install script; empty means none could run. */
  installScripts: string[];
  /** Packages in the fresh project's node_modules. */
  installedPackages: number;
  /** `await import("toolsift")` inside a fresh process. */
  importMs: ProcessSamples;
  /** Hybrid over 1,000 tools: `createToolSearch` + the first `search`, in a fresh process. */
  hybrid1k: { tools: number; createAndSearchMs: ProcessSamples; rssMB: ProcessSamples; importMs: ProcessSamples };
  /** Hybrid over 10,000 tools, one process: model load, index build (`update`), search latency. */
  hybrid10k: {
    tools: number;
    modelLoadMs: number;
    buildMs: number;
    searchMs: LatencySummary;
    queries: number;
    rssMB: number;
  };
  error?: string;
}

/** `createToolSearch({ ranker: "hybrid", tools })` and its first search, in fresh processes of the packed package, on one catalogue. */
export interface ColdStartCatalogueRun {
  /** Which catalogue: "realistic" (the example catalogue's tools, renamed to fill `tools`) or "tiny" (generated, a bare schema a tool). */
  catalogue: string;
  tools: number;
  /** Mean characters of a tool's JSON definition: how heavy its schemas are. */
  toolChars: number;
  /** `createToolSearch` + the first `search`, after the import. */
  createAndSearchMs: ProcessSamples;
  /** The process's peak resident set (its own `VmHWM`, not the parent's; see the probe), at exit of the measurement. */
  peakRssMB: ProcessSamples;
  /** The resident set right after the first search, as the package section's figure. */
  rssMB: ProcessSamples;
  importMs: ProcessSamples;
}

/** Cold start of the packed package: each catalogue in its own fresh processes, every process with an empty cache folder. */
export interface ColdStartRun {
  processes: number;
  catalogues: ColdStartCatalogueRun[];
  error?: string;
}

/** `toolsift serve --http` under refused initializes (406, 415, a batch): the CLI's resident set before and after. */
export type { GatewayReplicasRun } from "../gateway-replicas/measure-gateway-replicas.js";
import type { GatewayReplicasRun } from "../gateway-replicas/measure-gateway-replicas.js";
export type { GatewayErasRun } from "../gateway-eras/measure-gateway-eras.js";
import type { GatewayErasRun } from "../gateway-eras/measure-gateway-eras.js";

export interface GatewayMemoryRun {
  requests: number;
  /** Answers whose status was not the refusal expected (406, 415 or 400): each one is a measurement problem. */
  unexpectedStatuses: number;
  sendMs: number;
  /** Whether the CLI was started with `--no-auth` (the flag exists), or had no authentication to turn off. */
  noAuthFlag: boolean;
  rssBeforeMB: number;
  /** Highest RSS sampled while sending (every 1,000 requests). */
  rssPeakMB: number;
  /** RSS after the requests and a settle. */
  rssAfterMB: number;
  growthMB: number;
  error?: string;
}

/** The embedding ranker's exact and HNSW indexes on one catalogue size. */
export interface VectorIndexRun {
  size: number;
  /** Generated tools, or real API operations (`openapi`); absent in runs made before the choice, which were generated. */
  catalogue?: "generated" | "openapi";
  queries: number;
  /** Embedding every tool once, with the bundled model; both indexes then get the same vectors. */
  embedMs: number;
  exact: { buildMs: number; searchMs: LatencySummary };
  hnsw: { buildMs: number; searchMs: LatencySummary };
  /** Share of exact search's top 10 that HNSW also returned (its approximation). */
  hnswRecallAt10: number;
  error?: string;
}

/** One point of a learning curve: the tool search after `taught` queries were taught through sessions. */
export interface LearningPoint {
  /** Share of the dataset's answerable queries taught. */
  share: number;
  /** Queries taught so far (each through one session: search, then its tools called). */
  taught: number;
  /** `lesson` events so far: one per successful call credited with a search. */
  lessons: number;
  /** Recall@5 on the held-back queries, through `toolSearch.search`. */
  recallAt5: number;
  /** Share of unanswerable queries answered with nothing or a weak best match; `null` when the set has none. */
  abstention: number | null;
  /** Median `toolSearch.search` latency on the held-back queries. */
  searchP50Ms: number;
  /** Time to teach this point's new queries (sessions, then the lessons flushed). */
  teachMs: number;
}

/** Recall@5 against the share of queries taught, for one ranker on one dataset (learning from use). */
export interface LearningCurveRun {
  dataset: string;
  ranker: string;
  /** Answerable queries of the dataset (shares are of these). */
  answerable: number;
  /** Queries measured at every point and never taught. */
  heldBack: number;
  /** Unanswerable queries measured for abstention. */
  unanswerable: number;
  points: LearningPoint[];
  error?: string;
}

/** One point of a simulated-enrichment curve: every tool with examples given the first `examples` of its pool. */
export interface EnrichmentPoint {
  /** Examples per tool (at most; a tool with a smaller pool gets all of it). */
  examples: number;
  /** Tools that had any example at this point (0 at N = 0). */
  toolsWithExamples: number;
  recallAt1: number;
  recallAt5: number;
  /** Mean reciprocal rank of the first expected tool within the top 5. */
  mrrAt5: number;
  /** Share of unanswerable queries answered with nothing or a weak best match; `null` when the set has none. */
  abstention: number | null;
  /** Test queries whose every expected tool has examples (at N > 0; the same queries at N = 0). */
  coveredQueries: number;
  /** Recall@5 over those queries, and over the others (a tool without examples expected); `null` when there are none. */
  recallAt5Covered: number | null;
  recallAt5Uncovered: number | null;
}

/**
 * Recall against the number of examples per tool, for one ranker on one dataset: a SIMULATION of
 * `toolsift enrich` with the dataset's own human-written requests as examples, not a model's
 * (bench/enrichment/simulated-enrichment.ts).
 */
export interface EnrichmentCurveRun {
  dataset: string;
  ranker: string;
  tools: number;
  /** Tools with a pool of at least one example. */
  toolsWithExamples: number;
  /** Queries set aside as examples (never measured). */
  pooledQueries: number;
  /** Answerable queries outside the pools, before sampling. */
  testAvailable: number;
  /** Answerable queries measured at every point (the same at each). */
  testQueries: number;
  unanswerable: number;
  points: EnrichmentPoint[];
  error?: string;
}

/** How often a ranker put a tool first for its name typed as a query, on one catalogue. */
export interface ExactNameRun {
  ranker: string;
  dataset: string;
  /** Name queries asked (after sampling): the name, its words, camelCase, local part's words. */
  queries: number;
  /** Forms left out because another tool's name has the same words. */
  ambiguous: number;
  hits: number;
  hitRate: number;
  /** A few queries whose tool did not come first, as `query → what came first`. */
  misses: string[];
  error?: string;
}

/**
 * A toolsift ranker on one dataset, as registered and with exact names, multi-part ranking and abstention off:
 * recall@5 against the plain ranker, multi-part requests, abstention.
 */
export interface RelevanceRun {
  ranker: string;
  dataset: string;
  /** Answerable queries run (after sampling). */
  answerable: number;
  /** Of those, queries with several expected tools. */
  multiTool: number;
  /** Unanswerable queries run (all of them). */
  unanswerable: number;
  recallAt5: number;
  /** The ranker with exact names, multi-part requests and abstention off (as before issue 11). */
  plainRecallAt5: number;
  /** Recall@5 over the multi-tool queries; `null` without any. */
  multiRecallAt5: number | null;
  /** The same with multi-part ranking off. */
  multiRecallAt5WithoutParts: number | null;
  /** Share of unanswerable queries answered with nothing; `null` without any. */
  abstention: number | null;
  plainAbstention: number | null;
  /** Recall@5 and abstention with the ranker's abstention off; `null` for a ranker without its own. */
  recallAt5WithoutAbstention: number | null;
  abstentionWithoutIt: number | null;
  error?: string;
}

/** The relevance section's measurements. */
export interface RelevanceSection {
  exactNames: ExactNameRun[];
  runs: RelevanceRun[];
}

/** One target of `bench/targets.ts`, measured in this run, with its verdict. */
export interface TargetCheck {
  /** The target's id in `bench/targets.ts`, e.g. "cold-start.hybrid-1000.ms". */
  id: TargetId;
  /** The section that measured it. */
  section: string;
  /** What is compared, e.g. "bm25 search p50 ÷ reference p50". */
  target: string;
  /** Where: a catalogue size, a catalogue, the package. */
  scope: string;
  /** `null` when it could not be measured in this run. */
  measured: number | null;
  limit: number;
  comparison: TargetComparison;
  unit: TargetUnit;
  verdict: "met" | "not met" | "not measured";
}

/** Everything one bench run measured; written as `bench/results/<timestamp>.json`. */
export interface BenchReport {
  /**
   * 5: targets named by what they measure (`id`, `section`) instead of an issue number;
   * `coldStart` added. 4: `relevance` added (issue 11). 3: skewed generated catalogues, `sessionScale`, `blockSaving`,
   * `package`, `vectorIndex` and `targets` added. 2: `strategy` holds measured runs (a pending
   * placeholder in 1), `persistence` added.
   */
  formatVersion: 5;
  startedAt: string;
  durationMs: number;
  environment: { node: string; platform: string; cpus: number; cpuModel: string; totalMemoryMB: number };
  options: {
    quick: boolean;
    sizes: number[];
    maxQueries: number | null;
    scaleQueries: number;
    seed: number;
    limit: number;
    /** Catalogue sizes of the exact-vs-HNSW comparison; empty when it was skipped. */
    vectorIndexSizes: number[];
    /** Whether the package section ran. */
    package: boolean;
    /** The sections asked for with `--section`; absent when all ran. */
    sections?: string[];
  };
  rankers: RankerInfo[];
  datasets: DatasetInfo[];
  retrieval: RankerRun[];
  scale: ScaleRun[];
  /** Index reload from disk at the largest scale size; empty when scale runs are off or no embedding ranker ran. */
  persistence: PersistenceRun[];
  /** toolsift `bm25` through `createToolSearch` and a session, per scale size. */
  sessionScale: SessionScaleRun[];
  blockSaving: BlockSavingRun[];
  /** `null` when the package section was skipped (`--no-package`). */
  package: PackageRun | null;
  vectorIndex: VectorIndexRun[];
  strategy: StrategySection;
  /** Long scripted sessions per strategy against the local Messages API server's prompt cache; absent in runs made before it. */
  longSessions?: LongSessionsSection;
  /** Learning curves; absent in runs made before it, empty when skipped. */
  learning?: LearningCurveRun[];
  /** Prefetch off against on; absent in runs made before it, empty when skipped. */
  prefetch?: PrefetchSection;
  /** Simulated-enrichment curves; absent in runs made before them, empty when skipped. */
  enrichment?: EnrichmentCurveRun[];
  /** Exact names, multi-part requests and abstention; empty when no toolsift ranker or dataset ran. */
  relevance: RelevanceSection;
  /** The default rankers through `toolSearch.search`: empty and weak answers; absent in runs made before it. */
  searchHolds?: SearchHoldsSection;
  /** Cold start of the packed package on realistic schemas; `null` when it was skipped, absent in runs made before it. */
  coldStart?: ColdStartRun | null;
  /** `serve --http` memory under refused initializes; absent in runs made before it. */
  gatewayMemory?: GatewayMemoryRun | null;
  /** `serve --http` per-request latency, one process against replicas sharing sessions (see bench/gateway-replicas). */
  gatewayReplicas?: GatewayReplicasRun | null;
  /** `serve --http` to a stateless (2026-07-28) client against a 2025-era one: tokens and latency per request (see bench/gateway-eras). */
  gatewayEras?: GatewayErasRun | null;
  /** Every target of `bench/targets.ts` the run measured, with its verdict; a missed target never fails the run. */
  targets: TargetCheck[];
  notes: string[];
}
