/**
 * The report of `npm run bench:models`: its JSON shape, the aggregation over sets (worst and mean
 * per column, leave one dataset out, ratios to the first model) and its Markdown. Pure: it reads
 * measurements, it runs nothing.
 */
import type { ProcessSamples } from "../report/bench-report.js";
import { MAX_REQUEST_LENGTH } from "../../src/session/index.js";
import { points } from "../tuning/leave-one-out-tables.js";

/** The cut-offs COMP@k is reported at. */
export const COMP_KS = [5, 10] as const;

/** The shared sets whose queries need several tools: the COMP@k table's rows. */
export const MULTI_TOOL_SETS = ["seal_tools", "toolbench_stabletoolbench", "bfcl_v4", "apibank"] as const;

/** BM25 alone (the reference), the model by cosine alone, or the default hybrid over the model. */
export type SetRanker = "bm25" | "cosine" | "hybrid";

/** One column on one set. */
export interface SetRow {
  dataset: string;
  /** The model's id; `null` for BM25. */
  model: string | null;
  kind: SetRanker;
  /** Answerable queries measured (seeded sample). */
  answerable: number;
  /** Multi-tool queries measured for COMP@k (seeded sample). */
  multiTool: number;
  recallAt1: number;
  recallAt5: number;
  /** Share of answerable queries answered with no match at all. */
  emptyRate: number;
  /** COMP@k by k over the multi-tool queries; `null` when the set has none. */
  comp: Record<string, number> | null;
  /** Tool search created and indexed (its first search), in this process. */
  indexMs: number;
  msPerQuery: number;
  error?: string;
}

/** A model's fresh processes: cold start, load, index, queries and memory, each as median and samples. */
export interface ProcessRun {
  model: string;
  runs: number;
  tools: number;
  /** From the process's start to the first search answer. */
  firstAnswerMs: ProcessSamples;
  importMs: ProcessSamples;
  modelLoadMs: ProcessSamples;
  indexMs: ProcessSamples;
  msPerQuery: ProcessSamples;
  rssAfterLoadMB: ProcessSamples;
  heapAfterLoadMB: ProcessSamples;
  rssAfterIndexMB: ProcessSamples;
  heapAfterIndexMB: ProcessSamples;
  peakRssMB: ProcessSamples;
  error?: string;
}

/** What a model adds to an install. */
export interface InstallRow {
  model: string;
  folderBytes: number;
  /** The folder alone as `tar -czf` packs it. */
  folderTarGzBytes: number;
  /** toolsift's packed tarball with this folder as its only model (repacked with `tar -czf`); `null` if packing failed. */
  tarballBytes: number | null;
}

export interface ModelEntry {
  id: string;
  /** The folder, relative to the repository when inside it. */
  dir: string;
  embedderId: string;
  dimensions: number;
}

export interface ModelsReport {
  formatVersion: 1;
  startedAt: string;
  finishedAt: string;
  commit: { sha: string; subject: string; dirty: boolean };
  /** The similarity thresholds in the sources the run used, as `file: declaration`. */
  thresholds: string[];
  options: { maxQueries: number; seed: number; processes: number; datasets: string };
  /** The machine: cores, and its 1-minute load average when the run started and ended (timings swing with it). */
  machine: { cpus: number; loadStart: number; loadEnd: number };
  models: ModelEntry[];
  notes: string[];
  sets: SetRow[];
  /** The catalogue of the fresh processes. */
  catalogue: { name: string; tools: number; queries: number };
  processes: ProcessRun[];
  install: InstallRow[];
  /** How the tarball sizes were made, or why they are missing. */
  installNote: string;
}

/** A column's name in the tables: `bm25`, or `<model> <kind>`. */
export function columnOf(row: Pick<SetRow, "model" | "kind">): string {
  return row.model === null ? "bm25" : `${row.model} ${row.kind}`;
}

/** The columns in report order: bm25, each model by cosine, each model's hybrid. */
export function columnsOf(models: readonly string[]): string[] {
  return ["bm25", ...models.map((model) => `${model} cosine`), ...models.map((model) => `${model} hybrid`)];
}

export type Metric = "recallAt1" | "recallAt5" | "emptyRate";

export interface ColumnSummary {
  column: string;
  mean: number;
  worst: { dataset: string; value: number } | null;
}

/** Mean and worst set of a metric per column, over the rows that measured something. */
export function summarise(rows: readonly SetRow[], columns: readonly string[], metric: Metric): ColumnSummary[] {
  // For the empty-answer rate the worst set is the highest.
  const worse = metric === "emptyRate" ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
  return columns.map((column) => {
    const measured = rows.filter((row) => columnOf(row) === column && !row.error && row.answerable > 0);
    if (measured.length === 0) return { column, mean: 0, worst: null };
    const worstRow = measured.reduce((low, row) => (worse(row[metric], low[metric]) ? row : low));
    return {
      column,
      mean: measured.reduce((sum, row) => sum + row[metric], 0) / measured.length,
      worst: { dataset: worstRow.dataset, value: worstRow[metric] },
    };
  });
}

/** One fold of the model choice: what the other sets choose by their worst set, and how it does where left out. */
export interface ModelFold {
  heldOut: string;
  chosen: string;
  /** The model it is compared with: the other one, or with more models the next best by the same rule. */
  other: string;
  /** Recall@5 on the worst of the other sets, of the chosen model and of the other. */
  chosenWorst: number;
  otherWorst: number;
  /** Recall@5 on the set left out, of the chosen model and of the other. */
  chosenHeldOut: number;
  otherHeldOut: number;
}

/**
 * Leave one dataset out between models on one kind of column, as the distillation's own table
 * chose its build (`results/use-lite-leave-one-out.md`): for each set, the model whose worst
 * recall@5 over the other sets is highest (a tie goes to the larger mean, then to the model
 * listed first), then that model against the runner-up on the set left out. Models are compared
 * as equals, so no model is the default that a change must beat.
 */
export function modelFolds(rows: readonly SetRow[], models: readonly string[], kind: "cosine" | "hybrid"): ModelFold[] {
  if (models.length < 2) return [];
  const scores: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    if (row.kind !== kind || row.model === null || row.error || row.answerable === 0) continue;
    (scores[row.dataset] ??= {})[row.model] = row.recallAt5;
  }
  // Only sets every model measured can be compared.
  const sets = Object.keys(scores).filter((set) => models.every((model) => scores[set]![model] !== undefined));
  if (sets.length < 2) return [];
  return sets.map((heldOut) => {
    const training = sets.filter((set) => set !== heldOut);
    const ranked = models
      .map((model, order) => {
        const values = training.map((set) => scores[set]![model]!);
        return { model, order, worst: Math.min(...values), mean: values.reduce((a, b) => a + b, 0) / values.length };
      })
      .sort((a, b) => b.worst - a.worst || b.mean - a.mean || a.order - b.order);
    const [chosen, other] = [ranked[0]!, ranked[1]!];
    return {
      heldOut,
      chosen: chosen.model,
      other: other.model,
      chosenWorst: chosen.worst,
      otherWorst: other.worst,
      chosenHeldOut: scores[heldOut]![chosen.model]!,
      otherHeldOut: scores[heldOut]![other.model]!,
    };
  });
}

/** A value as a share with three decimals, or a dash. */
const share = (value: number | undefined): string => (value === undefined ? "–" : value.toFixed(3));
const percent = (value: number | undefined): string => (value === undefined ? "–" : `${(value * 100).toFixed(1)}%`);

/** `value` as a multiple of `base`, e.g. `×1.42`; a dash when there is nothing to divide by. */
export function ratio(value: number, base: number | undefined): string {
  return base === undefined || base === 0 || !Number.isFinite(value / base) ? "–" : `×${(value / base).toFixed(2)}`;
}

/** The sets × columns table of a metric, with the worst set and the mean per column under it. */
export function metricTable(rows: readonly SetRow[], columns: readonly string[], metric: Metric): string[] {
  const datasets = [...new Set(rows.map((row) => row.dataset))];
  const cell = (dataset: string, column: string) => {
    const row = rows.find((entry) => entry.dataset === dataset && columnOf(entry) === column);
    if (!row) return "–";
    if (row.error) return "error";
    return metric === "emptyRate" ? percent(row[metric]) : share(row[metric]);
  };
  const format = metric === "emptyRate" ? percent : share;
  const summary = summarise(rows, columns, metric);
  return [
    `| set | queries | ${columns.join(" | ")} |`,
    `|---|---:|${columns.map(() => "---:").join("|")}|`,
    ...datasets.map((dataset) => {
      const answerable = rows.find((row) => row.dataset === dataset)?.answerable ?? 0;
      return `| ${dataset} | ${answerable} | ${columns.map((column) => cell(dataset, column)).join(" | ")} |`;
    }),
    `| **worst set** | | ${summary.map((entry) => (entry.worst ? `${format(entry.worst.value)} (${entry.worst.dataset})` : "–")).join(" | ")} |`,
    `| **mean** | | ${summary.map((entry) => (entry.worst ? format(entry.mean) : "–")).join(" | ")} |`,
  ];
}

/** The folds as a table: the choice and the runner-up, their worst set on the others and their recall where left out. */
export function foldsTable(folds: readonly ModelFold[]): string[] {
  return [
    "| left out | chosen on the others | its worst on them | against | its worst on them | chosen, left out | other, left out | difference (points) |",
    "|---|---|---:|---|---:|---:|---:|---:|",
    ...folds.map(
      (fold) =>
        `| ${fold.heldOut} | ${fold.chosen} | ${share(fold.chosenWorst)} | ${fold.other} | ${share(fold.otherWorst)} | ${share(fold.chosenHeldOut)} | ${share(fold.otherHeldOut)} | ${points(fold.chosenHeldOut - fold.otherHeldOut)} |`,
    ),
  ];
}

/** One line on the folds: how many chose each model, and where the choice lost on the set left out. */
export function foldsVerdict(folds: readonly ModelFold[]): string {
  const counts = new Map<string, number>();
  for (const fold of folds) counts.set(fold.chosen, (counts.get(fold.chosen) ?? 0) + 1);
  const losses = folds.filter((fold) => fold.chosenHeldOut < fold.otherHeldOut);
  const chosen = [...counts].map(([model, count]) => `${model} in ${count} of ${folds.length} folds`).join(", ");
  return `Chosen: ${chosen}. ${
    losses.length === 0
      ? "Every fold's choice is at least as good as the other on the set left out."
      : `The choice loses on the set left out in ${losses.length}: ${losses.map((fold) => `${fold.heldOut} (${points(fold.chosenHeldOut - fold.otherHeldOut)})`).join(", ")}.`
  }`;
}

/** COMP@k on the multi-tool sets, a column per model and kind (and bm25). */
export function compTable(rows: readonly SetRow[], columns: readonly string[]): string[] {
  const lines = [
    `| set | multi-tool queries | k | ${columns.join(" | ")} |`,
    `|---|---:|---:|${columns.map(() => "---:").join("|")}|`,
  ];
  for (const dataset of MULTI_TOOL_SETS) {
    const ofSet = rows.filter((row) => row.dataset === dataset);
    if (ofSet.length === 0) continue;
    for (const k of COMP_KS) {
      const cells = columns.map((column) => {
        const row = ofSet.find((entry) => columnOf(entry) === column);
        return row?.error ? "error" : share(row?.comp?.[k]);
      });
      lines.push(`| ${dataset} | ${ofSet[0]!.multiTool} | ${k} | ${cells.join(" | ")} |`);
    }
  }
  return lines;
}

const ms = (samples: ProcessSamples) => `${samples.median.toFixed(samples.median < 10 ? 2 : 0)}`;
const mb = (samples: ProcessSamples) => samples.median.toFixed(1);

/** Cold start, load, index, queries and memory per model, each with its ratio to the first model. */
export function processTable(runs: readonly ProcessRun[]): string[] {
  const first = runs.find((run) => !run.error);
  const cell = (run: ProcessRun, pick: (run: ProcessRun) => ProcessSamples, show: (s: ProcessSamples) => string) =>
    run.error ? "error" : `${show(pick(run))} (${ratio(pick(run).median, first ? pick(first).median : undefined)})`;
  const metrics: [string, (run: ProcessRun) => ProcessSamples, (s: ProcessSamples) => string][] = [
    ["first answer from process start (ms)", (run) => run.firstAnswerMs, ms],
    ["import toolsift (ms)", (run) => run.importMs, ms],
    ["model load (ms)", (run) => run.modelLoadMs, ms],
    ["index 1,000 tools (ms)", (run) => run.indexMs, ms],
    ["ms per query", (run) => run.msPerQuery, ms],
    ["RSS after load (MB)", (run) => run.rssAfterLoadMB, mb],
    ["heap + external after load (MB)", (run) => run.heapAfterLoadMB, mb],
    ["RSS after index (MB)", (run) => run.rssAfterIndexMB, mb],
    ["heap + external after index (MB)", (run) => run.heapAfterIndexMB, mb],
    ["peak RSS (MB)", (run) => run.peakRssMB, mb],
  ];
  return [
    `| median of ${first?.runs ?? 0} processes (ratio to ${first?.model ?? "the first model"}) | ${runs.map((run) => run.model).join(" | ")} |`,
    `|---|${runs.map(() => "---:").join("|")}|`,
    ...metrics.map(([label, pick, show]) => `| ${label} | ${runs.map((run) => cell(run, pick, show)).join(" | ")} |`),
  ];
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MB).toFixed(2);

/** Install size per model: folder, folder compressed, tarball with it; ratios to the first model. */
export function installTable(rows: readonly InstallRow[]): string[] {
  const first = rows[0];
  return [
    "| model | folder (MB) | folder, tar.gz (MB) | packed tarball with it (MB) |",
    "|---|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.model} | ${megabytes(row.folderBytes)} (${ratio(row.folderBytes, first?.folderBytes)}) | ${megabytes(row.folderTarGzBytes)} (${ratio(row.folderTarGzBytes, first?.folderTarGzBytes)}) | ${row.tarballBytes === null ? "–" : `${megabytes(row.tarballBytes)} (${ratio(row.tarballBytes, first?.tarballBytes ?? undefined)})`} |`,
    ),
  ];
}

/** The whole report as Markdown. */
export function modelsMarkdown(report: ModelsReport): string {
  const models = report.models.map((model) => model.id);
  const columns = columnsOf(models);
  const errors = report.sets.filter((row) => row.error);
  const foldsOf = (kind: "cosine" | "hybrid") => {
    const folds = modelFolds(report.sets, models, kind);
    return folds.length === 0
      ? ["(needs two models measured on at least two sets)"]
      : [...foldsTable(folds), "", foldsVerdict(folds)];
  };
  return [
    `# Embedding models side by side (${report.startedAt})`,
    "",
    `- toolsift commit: \`${report.commit.sha.slice(0, 12)}\` (${report.commit.subject})${report.commit.dirty ? ", with uncommitted changes" : ""}`,
    `- models: ${report.models.map((model) => `**${model.id}** = \`${model.dir}\` (${model.embedderId}, ${model.dimensions} dimensions)`).join("; ")}`,
    "- similarity thresholds in the sources of this run (every model gets the same ones):",
    ...report.thresholds.map((line) => `  - \`${line}\``),
    `- sets: every \`*.json\` in \`${report.options.datasets}\`; at most ${report.options.maxQueries} answerable queries per set and ${report.options.maxQueries} multi-tool ones, seeded sample (seed ${report.options.seed}); each request passed whole (up to ${MAX_REQUEST_LENGTH.toLocaleString("en-US")} characters) as a host passes it to \`toolSearch.search\``,
    "- every column runs through `toolSearch.search` with a ranker built on the model folder given (no vector cache); `bm25` is BM25 alone, with the semantic fallback off, so no model enters the reference; `cosine` is the `EmbeddingRanker` on the model alone; `hybrid` is the default `HybridRanker` (BM25 + the model)",
    `- run from ${report.startedAt} to ${report.finishedAt} on ${report.machine.cpus} cores, 1-minute load average ${report.machine.loadStart.toFixed(1)} at the start and ${report.machine.loadEnd.toFixed(1)} at the end`,
    ...report.notes.map((note) => `- note: ${note}`),
    "",
    "## Recall@5",
    "",
    ...metricTable(report.sets, columns, "recallAt5"),
    "",
    "## Recall@1",
    "",
    ...metricTable(report.sets, columns, "recallAt1"),
    "",
    "## Leave one dataset out",
    "",
    `For each set, the model whose worst recall@5 over the other ${Math.max(0, new Set(report.sets.map((row) => row.dataset)).size - 1)} sets is highest (a tie: the larger mean), and that model against the runner-up on the set left out.`,
    "",
    "### Cosine alone",
    "",
    ...foldsOf("cosine"),
    "",
    "### Default hybrid",
    "",
    ...foldsOf("hybrid"),
    "",
    "## COMP@k on the multi-tool sets (top matches only, nothing taught)",
    "",
    "The share of multi-tool queries (several distinct expected tools) with every expected tool in an answer of k matches (the search asked for k, as a host asks).",
    "",
    ...compTable(report.sets, columns),
    "",
    "## Empty answers to answerable queries",
    "",
    ...metricTable(report.sets, columns, "emptyRate"),
    "",
    `## Cold start, load, index, queries and memory (${report.catalogue.name}: ${report.catalogue.tools.toLocaleString("en-US")} tools, ${report.catalogue.queries} queries)`,
    "",
    `Each model in ${report.processes[0]?.runs ?? 0} fresh \`node --expose-gc\` processes of the built package (dist), the models alternating: import toolsift, load the model (model load: this cold load), \`createToolSearch\` with the default hybrid on it (no vector cache) and one search (first answer: from the process's start, the full collections of the memory reading left out); memory after a full collection with the model loaded; then, warm, a fresh hybrid index of the same tools (index), memory after it, and every query once after three warm-up searches. Medians, with the ratio to the first model.`,
    "",
    ...processTable(report.processes),
    ...report.processes.filter((run) => run.error).map((run) => `\n${run.model}: ${run.error}`),
    "",
    "## Install size",
    "",
    ...installTable(report.install),
    "",
    report.installNote,
    ...(errors.length === 0
      ? []
      : ["", "## Errors", "", ...errors.map((row) => `- ${row.dataset} × ${columnOf(row)}: ${row.error}`)]),
    "",
  ].join("\n");
}
