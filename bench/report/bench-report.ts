import type { MemoryUsage } from "../memory-probe.js";

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

/** Everything one bench run measured; written as `bench/results/<timestamp>.json`. */
export interface BenchReport {
  /** 2: `strategy` holds measured runs (it was a pending placeholder in 1), `persistence` added. */
  formatVersion: 2;
  startedAt: string;
  durationMs: number;
  environment: { node: string; platform: string; cpus: number; cpuModel: string; totalMemoryMB: number };
  options: { quick: boolean; sizes: number[]; maxQueries: number | null; scaleQueries: number; seed: number; limit: number };
  rankers: RankerInfo[];
  datasets: DatasetInfo[];
  retrieval: RankerRun[];
  scale: ScaleRun[];
  /** Index reload from disk at the largest scale size; empty when scale runs are off or no embedding ranker ran. */
  persistence: PersistenceRun[];
  strategy: StrategySection;
  notes: string[];
}
