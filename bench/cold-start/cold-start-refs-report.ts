import { percentile } from "../metrics/index.js";
import { samplesOf } from "../package/measure-package.js";
import type { ProcessSamples } from "../report/bench-report.js";

/** What each probe process reports, in the order the report lists them. */
export const REFS_METRICS = ["firstAnswerMs", "createAndSearchMs", "importMs", "cpuMs", "peakRssMB"] as const;
export type RefsMetric = (typeof REFS_METRICS)[number];

const METRIC_LABELS: Readonly<Record<RefsMetric, string>> = {
  firstAnswerMs: "first answer (process start → first search answered), ms",
  createAndSearchMs: "createToolSearch + first search alone, ms",
  importMs: "import of the dist, ms",
  cpuMs: "CPU time of all threads to the first answer, ms",
  peakRssMB: "peak RSS, MB",
};

export const CACHE_STATES = ["empty", "warm"] as const;
export type CacheState = (typeof CACHE_STATES)[number];
export type RefSideId = "base" | "head";

/** One of the two refs, as measured. */
export interface RefSide {
  /** What was asked for (`646f9dd`, `HEAD`, or `working tree`). */
  ref: string;
  commit: string;
  subject: string;
  /** The working tree had uncommitted changes to tracked files. */
  dirty: boolean;
}

/** One fresh process's numbers. */
export interface RefsSample {
  run: number;
  side: RefSideId;
  cache: CacheState;
  values: Record<RefsMetric, number>;
}

/** One metric in one cache state: both refs' samples and their ratio. */
export interface RefsRow {
  cache: CacheState;
  metric: RefsMetric;
  base: ProcessSamples;
  head: ProcessSamples;
  /** Median of head over median of base; `null` when either has no sample. */
  ratio: number | null;
  /**
   * Median over rounds of head / base in the same round: the two processes of a round ran next
   * to each other, so a machine that is busier in one round than another sways both alike.
   */
  pairedRatio: number | null;
}

export interface ColdStartRefsReport {
  formatVersion: 1;
  startedAt: string;
  finishedAt: string;
  base: RefSide;
  head: RefSide;
  options: { runs: number; tools: number };
  catalogue: { name: string; tools: number; toolChars: number; firstQuery: string };
  machine: { cpus: number; node: string; loadStart: number; loadEnd: number };
  rows: RefsRow[];
  samples: RefsSample[];
  /** A probe that failed, with its message; its ref's other samples are kept. */
  errors: string[];
  notes: string[];
}

/** The rows of a report: every cache state and metric that has a sample, in report order. */
export function summariseRefs(samples: readonly RefsSample[]): RefsRow[] {
  const rows: RefsRow[] = [];
  for (const cache of CACHE_STATES) {
    const inState = samples.filter((sample) => sample.cache === cache);
    if (inState.length === 0) continue;
    for (const metric of REFS_METRICS) {
      const of = (side: RefSideId) => inState.filter((sample) => sample.side === side);
      const [base, head] = [of("base"), of("head")].map((list) =>
        samplesOf(list.sort((a, b) => a.run - b.run).map((sample) => sample.values[metric])),
      ) as [ProcessSamples, ProcessSamples];
      const paired = of("head").flatMap((sample) => {
        const partner = of("base").find((other) => other.run === sample.run);
        return partner && partner.values[metric] > 0 ? [sample.values[metric] / partner.values[metric]] : [];
      });
      rows.push({
        cache,
        metric,
        base,
        head,
        ratio: base.samples.length && head.samples.length && base.median > 0 ? head.median / base.median : null,
        pairedRatio: paired.length ? percentile(paired, 50) : null,
      });
    }
  }
  return rows;
}

const times = (ratio: number | null) => (ratio === null ? "–" : `×${ratio.toFixed(2)}`);
const number = (value: number, unit: string) => (unit === "MB" ? value.toFixed(1) : Math.round(value).toString());
const sideLine = (side: RefSide) =>
  `\`${side.ref}\` = ${side.commit.slice(0, 12)}${side.dirty ? " with uncommitted changes" : ""} (${side.subject})`;

/** The report as Markdown: the refs, the first answer with an empty cache up front, then every metric. */
export function coldStartRefsMarkdown(report: ColdStartRefsReport): string {
  const lines = [
    "# Cold start between git refs",
    "",
    `- base: ${sideLine(report.base)}`,
    `- head: ${sideLine(report.head)}`,
    `- ${report.options.runs} fresh processes per ref and cache state, alternating base/head and reversing the order every other round; ${report.catalogue.name}, ${report.catalogue.tools} tools (${Math.round(report.catalogue.toolChars)} characters a tool on average), first query "${report.catalogue.firstQuery}"`,
    `- each process: \`node\` imports the ref's dist, \`createToolSearch({ tools, ranker: "hybrid" })\`, one search; empty cache = a fresh working directory per process (vectors are cached under its node_modules/.cache/toolsift); warm = one directory per ref, filled by an untimed process first`,
    `- machine: ${report.machine.cpus} CPUs, node ${report.machine.node}, load average ${report.machine.loadStart.toFixed(2)} at the start and ${report.machine.loadEnd.toFixed(2)} at the end`,
    `- ${report.startedAt} → ${report.finishedAt}`,
    "",
  ];
  const headline = report.rows.find((row) => row.cache === "empty" && row.metric === "firstAnswerMs");
  if (headline) {
    lines.push(
      `**First answer with an empty cache: head ${Math.round(headline.head.median)} ms vs base ${Math.round(headline.base.median)} ms (medians), ${times(headline.ratio)} of base; paired by round ${times(headline.pairedRatio)}.**`,
      "",
    );
  }
  for (const cache of CACHE_STATES) {
    const rows = report.rows.filter((row) => row.cache === cache);
    if (rows.length === 0) continue;
    lines.push(
      `## ${cache === "empty" ? "Empty cache" : "Warm cache"}`,
      "",
      "| metric | base median | head median | head / base (medians) | head / base (paired, median) | base samples | head samples |",
      "|---|---:|---:|---:|---:|---|---|",
    );
    for (const row of rows) {
      const unit = row.metric.endsWith("MB") ? "MB" : "ms";
      const list = (samples: ProcessSamples) => samples.samples.map((value) => number(value, unit)).join(", ");
      lines.push(
        `| ${METRIC_LABELS[row.metric]} | ${number(row.base.median, unit)} | ${number(row.head.median, unit)} | ${times(row.ratio)} | ${times(row.pairedRatio)} | ${list(row.base)} | ${list(row.head)} |`,
      );
    }
    lines.push("");
  }
  if (report.errors.length) lines.push("## Errors", "", ...report.errors.map((error) => `- ${error}`), "");
  if (report.notes.length) lines.push("## Notes", "", ...report.notes.map((note) => `- ${note}`), "");
  return `${lines.join("\n")}`;
}
