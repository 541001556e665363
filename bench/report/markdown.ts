import type { BenchReport, PersistenceRun, RankerRun, StrategyRun } from "./bench-report.js";
import { count, mb, ms, share } from "./format.js";
import { errorCells, table } from "./markdown-table.js";

/** What the persistence table measures, in words. */
export const PERSISTENCE_NOTE =
  "The largest generated catalogue, built once by a ranker with an on-disk `cacheDir` (a temporary folder, deleted afterwards), " +
  "then a cold restart: a new ranker instance on the same folder, with the embedder already loaded, and its first `update` with the same tools. " +
  "model load: `loadEmbedder()` in this process (the first load in a process also starts the ONNX runtime). " +
  "embedded: texts the embedder was asked for. hybrid rebuilds its BM25 side in memory during the reload. " +
  "R@5: recall@5 on the catalogue's queries, built vs reloaded instance.";

/** What the scale table measures, in words. */
export const SCALE_NOTE =
  "Generated catalogues with skewed vocabulary (`scale/generate-skewed-catalogue.ts`): 40 verbs and 300 nouns drawn with Zipf frequencies, " +
  "rarer qualifiers, descriptions and queries in common words. Every ranker as in the retrieval table (fresh index, 3 warm-up searches, one search per query); " +
  "`reference-bm25` is the flat typed-array BM25 the scale ratios divide by. R@5: a sanity check; queries drawn from one tool are often ambiguous on purpose.";

function errorRow(run: RankerRun, leading: string[], width: number): string[] {
  return errorCells(leading, run.error, width);
}

/** The retrieval table: one row per ranker per dataset. */
export function retrievalTable(report: Pick<BenchReport, "retrieval">): string {
  const header = [
    "dataset",
    "ranker",
    "R@1",
    "R@5",
    "R@10",
    "COMP@5",
    "MRR@10",
    "nDCG@10",
    "abstain",
    "p50 ms",
    "p95 ms",
    "build ms",
    "heap MB",
    "RSS Δ MB",
  ];
  const rows = report.retrieval.map((run) =>
    run.error
      ? errorRow(run, [run.dataset, run.ranker], header.length)
      : [
          run.dataset,
          run.ranker,
          share(run.recallAt1),
          share(run.recallAt5),
          share(run.recallAt10),
          run.compAt5 === null || run.compAt5 === undefined ? "–" : `${share(run.compAt5)} (n=${run.multiTool ?? 0})`,
          share(run.mrrAt10),
          share(run.ndcgAt10),
          share(run.abstention),
          ms(run.latencyMs.p50),
          ms(run.latencyMs.p95),
          ms(run.buildMs),
          mb(run.memory.peakHeapMB),
          mb(run.memory.peakRssMB),
        ],
  );
  return table(header, rows);
}

/** Recall@5 per query kind, for the datasets whose queries carry kinds. */
export function kindTable(report: Pick<BenchReport, "retrieval">): string | undefined {
  const runs = report.retrieval.filter((run) => run.byKind && !run.error);
  if (runs.length === 0) return undefined;
  const kinds = ["direct", "paraphrase", "multi"].filter((kind) => runs.some((run) => run.byKind?.[kind]));
  const header = ["dataset", "ranker", ...kinds.map((kind) => `R@5 ${kind}`), "abstain"];
  const rows = runs.map((run) => [
    run.dataset,
    run.ranker,
    ...kinds.map((kind) => {
      const entry = run.byKind?.[kind];
      return entry ? `${share(entry.recallAt5)} (n=${entry.queries})` : "–";
    }),
    share(run.abstention),
  ]);
  return table(header, rows);
}

/** The scale table: one row per ranker per generated catalogue size. */
export function scaleTable(report: Pick<BenchReport, "scale">): string {
  const header = ["ranker", "tools", "build ms", "p50 ms", "p95 ms", "heap MB", "retained MB", "RSS Δ MB", "R@5"];
  const runs = [...report.scale].sort((a, b) => a.ranker.localeCompare(b.ranker) || a.size - b.size);
  const rows = runs.map((run) =>
    run.error
      ? errorRow(run, [run.ranker, count(run.size)], header.length)
      : [
          run.ranker,
          count(run.size),
          ms(run.buildMs),
          ms(run.latencyMs.p50),
          ms(run.latencyMs.p95),
          mb(run.memory.peakHeapMB),
          mb(run.memory.retainedMB),
          mb(run.memory.peakRssMB),
          share(run.recallAt5),
        ],
  );
  return table(header, rows);
}

/** The persistence table: a ranker reloading its index from `cacheDir` as after a restart. */
export function persistenceTable(report: Pick<BenchReport, "persistence">): string {
  const header = [
    "ranker",
    "tools",
    "model load ms",
    "build + save ms",
    "embedded",
    "reload ms",
    "embedded on reload",
    "cache MB",
    "R@5 built",
    "R@5 reloaded",
  ];
  const rows = report.persistence.map((run: PersistenceRun) =>
    run.error
      ? [
          run.ranker,
          count(run.size),
          `error: ${run.error.replaceAll("|", "\\|")}`,
          ...Array(header.length - 3).fill(""),
        ]
      : [
          run.ranker,
          count(run.size),
          ms(run.modelLoadMs),
          ms(run.buildMs),
          count(run.embeddedDuringBuild),
          ms(run.reloadMs),
          count(run.embeddedDuringReload),
          mb(run.cacheMB),
          share(run.recallAt5Built),
          share(run.recallAt5Reloaded),
        ],
  );
  return table(header, rows);
}

const tokens = (value: number) => count(Math.round(value));

function strategyRows(
  report: Pick<BenchReport, "strategy">,
  cells: (run: StrategyRun) => string[],
  width: number,
): string[][] {
  return report.strategy.runs.map((run) =>
    run.error
      ? [run.catalogue, run.strategy, `error: ${run.error.replaceAll("|", "\\|")}`, ...Array(width - 3).fill("")]
      : [run.catalogue, run.strategy, ...cells(run)],
  );
}

/**
 * Tool tokens per request of the oracle sessions, per strategy: on the wire and in the
 * model's context (they differ for "native"), against every tool in full.
 */
export function strategyTokenTable(report: Pick<BenchReport, "strategy">): string {
  const turns = Math.max(0, ...report.strategy.runs.map((run) => run.turns.length));
  const numbers = Array.from({ length: turns }, (_, i) => i + 1);
  const header = [
    "catalogue",
    "strategy",
    "sessions",
    "full / turn",
    ...numbers.map((n) => `wire t${n}`),
    ...numbers.map((n) => `context t${n}`),
    "search result",
    "session total",
    "vs full",
  ];
  const rows = strategyRows(
    report,
    (run) => [
      count(run.sessions),
      tokens(run.turns[0]?.fullTokens ?? 0),
      ...numbers.map((n) => (run.turns[n - 1] ? tokens(run.turns[n - 1]!.wireTokens) : "–")),
      ...numbers.map((n) => (run.turns[n - 1] ? tokens(run.turns[n - 1]!.contextTokens) : "–")),
      run.searchResultTokens === null ? "–" : tokens(run.searchResultTokens),
      tokens(run.sessionTokens),
      run.sessionFullTokens > 0 ? `${((100 * run.sessionTokens) / run.sessionFullTokens).toFixed(1)}%` : "–",
    ],
    header.length,
  );
  return table(header, rows);
}

/** How often the oracle found and called the expected tool, and how often the tools array stayed byte-identical. */
export function strategyDiscoveryTable(report: Pick<BenchReport, "strategy">): string {
  const header = [
    "catalogue",
    "strategy",
    "sessions",
    "success",
    "in results",
    "discovery turns",
    "stable turns",
    "compared",
  ];
  const rows = strategyRows(
    report,
    (run) => [
      count(run.sessions),
      share(run.successRate),
      share(run.foundInResults),
      run.discoveryTurns === null ? "–" : run.discoveryTurns.toFixed(2),
      share(run.prefixStability),
      count(run.comparedTurns),
    ],
    header.length,
  );
  return table(header, rows);
}

/** The agent-strategy section's explanation and both tables (shared by the report and stdout). */
export function strategySection(report: Pick<BenchReport, "strategy">): string[] {
  const { strategy } = report;
  if (strategy.runs.length === 0) return ["_No strategy runs._"];
  return [
    `${strategy.policy} search_tools ranker: ${[...new Set(strategy.runs.map((run) => run.ranker))].map((name) => `\`${name}\``).join(", ")}. ` +
      `Catalogues: ${strategy.catalogues.map((c) => `${c.id} (${count(c.tools)} tools; ${c.queries})`).join("; ")}.`,
    "Tokens are `estimateTokens` estimates (JSON characters / 3.5), means per session. " +
      "**wire**: the request's `tools` array as `strategy.tools(view)` returns it, before runAgent's `cache_control` markers. " +
      "**context**: tool definitions the model has in context; for native, deferred tools stay out until a `tool_reference` expands them, " +
      "so it is the loaded tools plus the definitions the search results expanded so far; for stubs and stable it equals wire. " +
      "**search result**: tokens of the `search_tools` result, resent with every later request (stable's carry input schemas). " +
      "**session total**: Σ over a session's requests of context + search results resent; **vs full**: against the same requests with every tool in full.",
    strategyTokenTable(report),
    "**success**: share of sessions where the top search match was the expected tool, so the oracle called it (same ranking for every strategy). " +
      "**in results**: the expected tool was among the matches at all. **discovery turns**: the request after which the expected tool was called, " +
      "over successful sessions (2 = search, then call). **stable turns**: share of requests after a session's first whose tools array is " +
      "byte-identical (`JSON.stringify`) to the previous request's, i.e. the cached tool prefix is reused.",
    strategyDiscoveryTable(report),
  ];
}
