import type { MemoryUsage } from "../memory-probe.js";
import type {
  EnrichmentCurveRun,
  ColdStartRun,
  BenchReport,
  BlockSavingRun,
  ExactNameRun,
  PackageRun,
  RankerRun,
  RelevanceRun,
  RelevanceSection,
  ScaleRun,
  SessionScaleRun,
  StrategyRun,
  VectorIndexRun,
} from "./bench-report.js";
import { targetsOf } from "../sections/render.js";

const memory: MemoryUsage = { peakHeapMB: 12.34, peakRssMB: 3.2, retainedMB: 1.5, gcExposed: true };

export function run(
  ranker: string,
  dataset: string,
  recall: [number, number, number],
  extra: Partial<RankerRun> = {},
): RankerRun {
  return {
    ranker,
    dataset,
    queries: 20,
    answerable: 20,
    unanswerable: 0,
    recallAt1: recall[0],
    recallAt5: recall[1],
    recallAt10: recall[2],
    mrrAt10: 0.5,
    ndcgAt10: 0.6,
    abstention: null,
    latencyMs: { p50: 0.0421, p95: 1.5, mean: 0.3 },
    buildMs: 12.5,
    setupMs: 0.1,
    memory,
    ...extra,
  };
}

export function scaleRun(ranker: string, size: number, p50: number): ScaleRun {
  return {
    ...run(ranker, `generated-${size}`, [1, 1, 1]),
    size,
    latencyMs: { p50, p95: p50 * 3, mean: p50 },
    buildMs: size / 10,
  };
}

const latency = (p50: number) => ({ p50, p95: p50 * 2, mean: p50 * 1.2 });

/**
 * A session scale run: search p50 is `p50s.searchTools` less a tenth, other timings follow the
 * given p50s; the direct bm25 and the reference default to p50 0.2 / 0.1 ms and builds 40 / 10 ms.
 */
export function sessionScaleRun(
  size: number,
  p50s: {
    searchTools: number;
    toolsUnchanged: number;
    bm25?: number;
    reference?: number;
    bm25Build?: number;
    referenceBuild?: number;
  },
): SessionScaleRun {
  const builds = (median: number) => ({ buildMs: median, builds: [median * 1.1, median, median * 0.9] });
  return {
    size,
    queries: 100,
    repeats: 20,
    bm25: { ...builds(p50s.bm25Build ?? 40), searchMs: latency(p50s.bm25 ?? 0.2) },
    reference: { ...builds(p50s.referenceBuild ?? 10), searchMs: latency(p50s.reference ?? 0.1) },
    buildMs: size / 20,
    searchMs: latency(p50s.searchTools - 0.1),
    searchToolsMs: latency(p50s.searchTools),
    toolsMs: {
      unchanged: latency(p50s.toolsUnchanged),
      afterHydration: latency(p50s.toolsUnchanged * 2),
      hostUnchanged: latency(p50s.toolsUnchanged * 1.5),
      afterCatalogueChange: latency(p50s.toolsUnchanged * 4),
    },
    searchToolsAfterChangeMs: latency(p50s.searchTools * 3),
    blockTools: size + 1,
    memory,
  };
}

/** A package run: 19.5 MB, no install script, import 120 ms (over its target), hybrid 1k in 250 ms at 95 MB. */
export function packageRun(): PackageRun {
  const samples = (median: number) => ({ median, samples: [median - 5, median, median + 5] });
  return {
    tarball: "toolsift-0.1.0.tgz",
    tarballMB: 4.2,
    packMs: 15_000,
    installMs: 4_000,
    nodeModulesMB: 19.5,
    installScripts: [],
    installedPackages: 10,
    importMs: samples(120),
    hybrid1k: { tools: 1_000, createAndSearchMs: samples(250), rssMB: samples(95), importMs: samples(110) },
    hybrid10k: {
      tools: 10_000,
      modelLoadMs: 150,
      buildMs: 700,
      searchMs: { p50: 0.8, p95: 2, mean: 1 },
      queries: 100,
      rssMB: 140,
    },
  };
}

export function vectorIndexRun(size: number, exactP50: number, hnswP50: number): VectorIndexRun {
  return {
    size,
    queries: 100,
    embedMs: size / 20,
    exact: { buildMs: size / 100, searchMs: latency(exactP50) },
    hnsw: { buildMs: size / 5, searchMs: latency(hnswP50) },
    hnswRecallAt10: 0.97,
  };
}

export function blockSavingRun(catalogue: string, saving: number): BlockSavingRun {
  return {
    catalogue,
    source: `${catalogue} source`,
    tools: 100,
    sessions: 20,
    fullTokens: 60_000,
    fullBytes: 210_000,
    stubTokens: 6_000,
    afterTokens: 60_000 * (1 - saving),
    afterBytes: 210_000 * (1 - saving),
    saving,
    progressiveByDefault: true,
  };
}

/** A strategy run with three requests; `context` gives the context tokens of each. */
export function strategyRun(
  catalogue: string,
  strategy: string,
  wire: [number, number, number],
  context: [number, number, number],
  extra: Partial<StrategyRun> = {},
): StrategyRun {
  const search = [0, 300, 300];
  return {
    catalogue,
    strategy,
    ranker: "bm25",
    tools: 300,
    sessions: 40,
    progressive: true,
    turns: wire.map((w, i) => ({
      turn: i + 1,
      sessions: i === 2 ? 38 : 40,
      wireTokens: w,
      contextTokens: context[i]!,
      searchResultTokens: search[i]!,
      fullTokens: 50_000,
    })),
    searchResultTokens: 300,
    sessionTokens: context.reduce((sum, c) => sum + c, 0) + 600,
    sessionFullTokens: 150_000,
    successRate: 0.45,
    discoveryTurns: 2,
    foundInResults: 0.5,
    prefixStability: 1,
    comparedTurns: 78,
    ...extra,
  };
}

/** A small but complete report: two datasets, three rankers (one with markup in its label), two sizes. */
export function sampleReport(): BenchReport {
  return {
    formatVersion: 5,
    startedAt: "2026-01-02T03:04:05.000Z",
    durationMs: 61_000,
    environment: { node: "20.0.0", platform: "linux x64", cpus: 2, cpuModel: "Test CPU", totalMemoryMB: 4096 },
    options: {
      quick: false,
      sizes: [100, 1000],
      maxQueries: null,
      scaleQueries: 10,
      seed: 42,
      limit: 10,
      vectorIndexSizes: [1_000, 10_000],
      package: true,
    },
    rankers: [
      { id: "bm25", label: "toolsift BM25", kind: "toolsift", source: "src" },
      { id: "peer-a", label: "Peer <A> & co", kind: "peer", source: "pkg@1" },
      { id: "peer-b", label: "Peer B", kind: "peer", source: "pkg@2" },
      { id: "reference-bm25", label: "Reference BM25", kind: "reference", source: "bench" },
    ],
    datasets: [
      { id: "own", path: "bench/datasets/own.json", tools: 30, queries: 40, queriesRun: 40 },
      { id: "public", path: "../shared/datasets/public.json", tools: 1000, queries: 500, queriesRun: 500 },
    ],
    retrieval: [
      run("bm25", "own", [0.5, 1, 1], {
        compAt5: 0.25,
        multiTool: 8,
        unanswerable: 4,
        abstention: 0.75,
        byKind: { direct: { queries: 10, recallAt5: 1 }, paraphrase: { queries: 6, recallAt5: 0.5 } },
      }),
      run("peer-a", "own", [0.25, 0.5, 0.75], {
        unanswerable: 4,
        abstention: 0,
        byKind: { direct: { queries: 10, recallAt5: 0.9 } },
      }),
      run("peer-b", "own", [0, 0, 0], { error: "Error: boom | bang" }),
      run("bm25", "public", [0.4, 0.8, 0.9]),
      run("peer-a", "public", [0.2, 0.4, 0.6]),
      run("peer-b", "public", [0.1, 0.3, 0.5]),
    ],
    scale: [
      scaleRun("bm25", 100, 0.02),
      scaleRun("bm25", 1000, 0.2),
      scaleRun("peer-a", 100, 0.5),
      scaleRun("peer-a", 1000, 5),
      scaleRun("peer-b", 100, 1),
      scaleRun("peer-b", 1000, 12),
      scaleRun("reference-bm25", 100, 0.01),
      scaleRun("reference-bm25", 1000, 0.05),
    ],
    persistence: [
      {
        ranker: "embedding",
        size: 1000,
        modelLoadMs: 120,
        buildMs: 1500.4,
        embeddedDuringBuild: 1000,
        reloadMs: 161.26,
        embeddedDuringReload: 0,
        cacheMB: 9.83,
        recallAt5Built: 0.62,
        recallAt5Reloaded: 0.62,
      },
      {
        ranker: "hybrid-adaptive",
        size: 1000,
        modelLoadMs: 0,
        buildMs: 0,
        embeddedDuringBuild: 0,
        reloadMs: 0,
        embeddedDuringReload: 0,
        cacheMB: 0,
        recallAt5Built: 0,
        recallAt5Reloaded: 0,
        error: "disk | full",
      },
    ],
    sessionScale: [
      sessionScaleRun(100, { searchTools: 0.05, toolsUnchanged: 0.03 }),
      sessionScaleRun(1000, { searchTools: 0.3, toolsUnchanged: 0.5 }),
    ],
    blockSaving: [blockSavingRun("example-catalogue", 0.885), blockSavingRun("toolsift-servers", 0.574)],
    package: packageRun(),
    vectorIndex: [vectorIndexRun(1_000, 0.1, 0.2), vectorIndexRun(10_000, 0.6, 0.3)],
    relevance: { exactNames: [], runs: [] },
    targets: [],
    strategy: {
      policy: "Oracle policy.",
      catalogues: [{ id: "own", tools: 300, queries: "its single-tool queries" }],
      runs: [
        strategyRun("own", "stubs", [20_000, 20_000, 20_100], [20_000, 20_000, 20_100], { prefixStability: 0.5 }),
        strategyRun("own", "native", [56_000, 56_000, 56_000], [180, 1_000, 1_000]),
        strategyRun("own", "stable", [20_000, 20_000, 20_000], [20_000, 20_000, 20_000], { searchResultTokens: 900 }),
        strategyRun("own", "broken", [0, 0, 0], [0, 0, 0], { error: "no | layout" }),
      ],
    },
    notes: ["embedding: skipped"],
  };
}

/** One relevance run with the given numbers; the rest plausible. */
export function relevanceRun(ranker: string, dataset: string, extra: Partial<RelevanceRun> = {}): RelevanceRun {
  return {
    ranker,
    dataset,
    answerable: 100,
    multiTool: 0,
    unanswerable: 0,
    recallAt5: 0.8,
    plainRecallAt5: 0.8,
    multiRecallAt5: null,
    multiRecallAt5WithoutParts: null,
    abstention: null,
    plainAbstention: null,
    recallAt5WithoutAbstention: 0.8,
    abstentionWithoutIt: null,
    ...extra,
  };
}

/** A relevance section over two toolsift rankers and one peer, one of each outcome. */
export function sampleRelevance(): RelevanceSection {
  const names = (ranker: string, dataset: string, hits: number, extra: Partial<ExactNameRun> = {}): ExactNameRun => ({
    ranker,
    dataset,
    queries: 100,
    ambiguous: 3,
    hits,
    hitRate: hits / 100,
    misses: hits === 100 ? [] : ["slack post message → slack__schedule_message"],
    ...extra,
  });
  return {
    exactNames: [
      names("bm25", "example-catalogue", 100),
      names("hybrid-adaptive", "example-catalogue", 99),
      names("peer-a", "example-catalogue", 60),
      names("bm25", "seal_tools", 100),
      names("hybrid-adaptive", "seal_tools", 100),
    ],
    runs: [
      relevanceRun("bm25", "seal_tools", {
        multiTool: 50,
        multiRecallAt5: 0.9,
        multiRecallAt5WithoutParts: 0.85,
        recallAt5: 0.93,
        plainRecallAt5: 0.89,
        recallAt5WithoutAbstention: 0.93,
      }),
      relevanceRun("hybrid-adaptive", "seal_tools", {
        multiTool: 50,
        multiRecallAt5: 0.88,
        multiRecallAt5WithoutParts: 0.88,
        recallAt5: 0.92,
        plainRecallAt5: 0.9,
      }),
      relevanceRun("bm25", "toolsift-servers", {
        unanswerable: 71,
        abstention: 0.65,
        plainAbstention: 0.04,
        abstentionWithoutIt: 0.04,
        recallAt5: 0.49,
        plainRecallAt5: 0.496,
        recallAt5WithoutAbstention: 0.492,
      }),
      relevanceRun("hybrid-adaptive", "toolsift-servers", { error: "model | missing" }),
    ],
  };
}

/** {@link sampleReport} with its targets computed as the bench computes them. */
export function sampleReportWithTargets(): BenchReport {
  const report = sampleReport();
  report.targets = targetsOf(report);
  return report;
}

/** A cold-start run: realistic schemas at `realisticMs` and `realisticPeakMB`, tiny ones well within. */
export function coldStartRun(realisticMs: number, realisticPeakMB: number): ColdStartRun {
  const samples = (median: number) => ({ median, samples: [median * 0.9, median, median * 1.1] });
  const catalogue = (id: string, ms: number, peak: number, toolChars: number): ColdStartRun["catalogues"][number] => ({
    catalogue: id,
    tools: 1_000,
    toolChars,
    createAndSearchMs: samples(ms),
    peakRssMB: samples(peak),
    rssMB: samples(peak - 5),
    importMs: samples(120),
  });
  return {
    processes: 3,
    catalogues: [catalogue("realistic", realisticMs, realisticPeakMB, 2_400), catalogue("tiny", 300, 90, 180)],
  };
}

/** A simulated-enrichment curve with recall@5 `recall` at N = 0, 1, 2, 4, 8. */
export function enrichmentCurve(dataset: string, ranker: string, recall: readonly number[]): EnrichmentCurveRun {
  return {
    dataset,
    ranker,
    tools: 150,
    toolsWithExamples: 150,
    pooledQueries: 1_200,
    testAvailable: 21_295,
    testQueries: 3_000,
    unanswerable: 1_000,
    points: [0, 1, 2, 4, 8].map((examples, index) => ({
      examples,
      toolsWithExamples: examples === 0 ? 0 : 150,
      recallAt1: recall[index]! - 0.2,
      recallAt5: recall[index]!,
      mrrAt5: recall[index]! - 0.1,
      abstention: 0.5 - index * 0.01,
      coveredQueries: 3_000,
      recallAt5Covered: recall[index]!,
      recallAt5Uncovered: null,
    })),
  };
}
