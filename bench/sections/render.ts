/**
 * The report of a run, from its sections: the targets they measured, the Markdown and the SVG.
 * The header (environment, options, rankers) and the closing parts (targets, notes) are the
 * same for every run; everything between is each section's own.
 */
import type { BenchReport, TargetCheck } from "../report/bench-report.js";
import { count } from "../report/format.js";
import { targetsSection } from "../report/markdown-sections.js";
import { table } from "../report/markdown-table.js";
import { renderSvgChart, targetsPanels } from "../report/svg-chart.js";
import { checkTarget } from "../report/targets.js";
import { SECTIONS } from "./index.js";
import type { AnySection } from "./section.js";

/** Every section's target rows with their verdicts, in section order. */
export function targetsOf(report: BenchReport, sections: readonly AnySection[] = SECTIONS): TargetCheck[] {
  return sections.flatMap((section) => section.rows(report)).map(checkTarget);
}

/** Each section's Markdown, in order, leaving out those with nothing to show. */
export function sectionsMarkdown(report: BenchReport, sections: readonly AnySection[] = SECTIONS): string[] {
  return sections.map((section) => section.markdown(report)).filter((text) => text !== "");
}

/**
 * The whole run as Markdown: setup, rankers, each section, the targets and the notes.
 */
export function renderMarkdown(report: BenchReport, sections: readonly AnySection[] = SECTIONS): string {
  const { environment: env, options } = report;
  const parts: string[] = [];
  parts.push(`# toolsift bench — ${report.startedAt}`);
  parts.push(
    [
      `Run time ${(report.durationMs / 1000).toFixed(1)} s on Node ${env.node}, ${env.platform}, ${env.cpus} × ${env.cpuModel}, ${count(env.totalMemoryMB)} MB RAM.`,
      `Options: ${options.quick ? "--quick, " : ""}limit ${options.limit}, ${options.maxQueries === null ? "all queries" : `at most ${options.maxQueries} queries per dataset`}, scale sizes ${options.sizes.map(count).join(" / ") || "none"} with ${options.scaleQueries} queries each, seed ${options.seed}, ` +
        `exact vs HNSW at ${options.vectorIndexSizes.map(count).join(" / ") || "none"}, package section ${options.package ? "on" : "off"}` +
        `${options.sections ? `, sections ${options.sections.join(", ")}` : ""}.`,
    ].join("\n"),
  );
  parts.push("## Rankers");
  parts.push(
    table(
      ["id", "what", "source"],
      report.rankers.map((ranker) => [ranker.id, ranker.label, ranker.source]),
      3,
    ),
  );
  parts.push(...sectionsMarkdown(report, sections));
  parts.push(...targetsSection(report));
  if (report.notes.length > 0) {
    parts.push("## Notes");
    parts.push(report.notes.map((note) => `- ${note}`).join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}

/** The run as one SVG: each section's panels in order, then the targets. */
export function renderSvg(report: BenchReport, sections: readonly AnySection[] = SECTIONS): string {
  return renderSvgChart(report, [
    ...sections.flatMap((section) => section.svg?.(report) ?? []),
    ...targetsPanels(report.targets),
  ]);
}
