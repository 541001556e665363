import { measureColdStart, SMALL_YOUNG_GENERATION } from "../cold-start/measure-cold-start.js";
import type { ColdStartRun } from "../report/bench-report.js";
import { count, mb, ms } from "../report/format.js";
import { table } from "../report/markdown-table.js";
import { defineSection, type TargetRow } from "./section.js";

const samples = (value: { median: number; samples: number[] }, format: (n: number) => string) =>
  `${format(value.median)} (${value.samples.map(format).join(", ")})`;

/** The targets, on the realistic catalogue only: the tiny one is there to compare with the older figure. */
export function coldStartRows(run: ColdStartRun | null | undefined): TargetRow[] {
  if (!run) return [];
  const realistic = run.error ? undefined : run.catalogues.find((entry) => entry.catalogue === "realistic");
  const scope = realistic
    ? `packed package, ${count(realistic.tools)} realistic tools, empty cache`
    : "packed package, realistic tools, empty cache";
  return [
    { target: "cold-start.hybrid-1000.ms", scope, measured: realistic ? realistic.createAndSearchMs.median : null },
    { target: "cold-start.hybrid-1000.peak-rss-mb", scope, measured: realistic ? realistic.peakRssMB.median : null },
  ];
}

export function coldStartMarkdown(run: ColdStartRun | null | undefined): string {
  if (!run) return "";
  const body = run.error
    ? table(["measure", "value"], [["error", run.error.replaceAll("|", "\\|").replaceAll("\n", " ")]])
    : table(
        [
          "schemas",
          "tools",
          "chars a tool",
          "created + first search, ms, median (each)",
          "peak RSS, MB, median (each)",
          "RSS after, MB, median",
          "import, ms, median",
        ],
        run.catalogues.map((entry) => [
          entry.catalogue,
          count(entry.tools),
          count(Math.round(entry.toolChars)),
          samples(entry.createAndSearchMs, ms),
          samples(entry.peakRssMB, mb),
          mb(entry.rssMB.median),
          ms(entry.importMs.median),
        ]),
        1,
      );
  return [
    "## Cold start on realistic schemas",
    `The packed package in a fresh project (shared with the package section), ${count(run.processes)} fresh \`node\` processes per case, each in its own empty working directory ` +
      '(the vector cache\'s default folder is under it): import toolsift, then `createToolSearch({ ranker: "hybrid", tools })` and its first `search` (timed together). ' +
      "**realistic**: the example catalogue's tools with their full schemas, repeated to 1,000 with each copy's server and description renamed for a tenant; " +
      `**realistic, node ${SMALL_YOUNG_GENERATION}**: the same, with V8's young generation capped (it grows to 16 MB semi-spaces while the index is built, and keeps that memory), to show how much of the peak is V8's own sizing; ` +
      "**tiny**: the generated catalogue of the package section (a bare schema a tool), for comparison with its figure. " +
      "Peak RSS is the process's own high-water mark (`VmHWM`; `resourceUsage().maxRSS` where there is no /proc, since on Linux it carries the parent's peak across exec). Targets (realistic): `cold-start.hybrid-1000.ms` and `cold-start.hybrid-1000.peak-rss-mb` in bench/targets.ts.",
    body,
  ].join("\n\n");
}

/** `createToolSearch({ ranker: "hybrid" })` over 1,000 realistic tools and its first search, in fresh processes of the packed package. */
export const coldStartSection = defineSection<{ coldStart?: ColdStartRun | null }>({
  id: "cold-start",
  title: "Cold start on realistic schemas",
  // It needs the packed package, as the package section does, so the same switch turns it off.
  enabled: (options) => !options.noPackage,
  skipped: () => ({ coldStart: null }),
  async measure(ctx) {
    let run: ColdStartRun;
    try {
      run = await measureColdStart((await ctx.packedProject()).project, { seed: ctx.options.seed, log: ctx.log });
    } catch (error) {
      run = { processes: 0, catalogues: [], error: (error as Error).message.slice(0, 4_000) };
    }
    if (run.error) ctx.log(`  cold-start section failed: ${run.error.split("\n")[0]}`);
    return { coldStart: run };
  },
  failed: (measured) => Boolean(measured.coldStart?.error),
  rows: (measured) => coldStartRows(measured.coldStart),
  markdown: (measured) => coldStartMarkdown(measured.coldStart),
});
