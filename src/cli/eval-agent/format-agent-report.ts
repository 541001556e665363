import { escapeVisible } from "../../gateway/index.js";
import type { AgentEvalReport, ArmSummary } from "./agent-report.js";

const percent = (share: number | null) => (share === null ? "-" : `${(share * 100).toFixed(1)}%`);
const number = (value: number | null, digits = 2) => (value === null ? "-" : value.toFixed(digits));
const tokens = (value: number) => Math.round(value).toLocaleString("en");

/** Rows padded to their columns' widths; the first column left-aligned, the rest right-aligned. */
function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const METRICS: [string, (arm: ArmSummary) => string][] = [
  ["tool recall", (arm) => percent(arm.recall)],
  ["selection accuracy", (arm) => percent(arm.selectionAccuracy)],
  ["discovery turns", (arm) => number(arm.discoveryTurns)],
  ["searches before call", (arm) => number(arm.searchesBefore)],
  ["input tokens / task", (arm) => tokens(arm.tokensPerTask.totalInput)],
  ["  uncached", (arm) => tokens(arm.tokensPerTask.input)],
  ["  cache read", (arm) => tokens(arm.tokensPerTask.cacheRead)],
  ["  cache write", (arm) => tokens(arm.tokensPerTask.cacheCreation)],
  ["output tokens / task", (arm) => tokens(arm.tokensPerTask.output)],
  ["task success", (arm) => percent(arm.successRate)],
  ["cache hit rate", (arm) => percent(arm.cacheHitRate)],
  ["failed runs", (arm) => String(arm.errors)],
  ["cost (USD)", (arm) => (arm.costUsd === null ? "-" : `$${arm.costUsd.toFixed(4)}`)],
];

/** The report as text: the arms side by side, then each task's line per arm. */
export function formatAgentReport(report: AgentEvalReport): string {
  const labels = new Map(report.arms.map((arm) => [arm.arm, arm.label]));
  const lines = [
    `toolsift eval --agent: ${report.model} on ${report.provider}, strategy ${report.strategy}` +
      `${report.mock ? ", tools mocked" : ", real tools"}; prices: ${report.prices}`,
    "",
    table([
      ["", ...report.arms.map((arm) => `${arm.label} (${arm.strategy})`)],
      ["tasks", ...report.arms.map((arm) => String(arm.tasks))],
      ...METRICS.map(([label, cell]) => [label, ...report.arms.map(cell)]),
    ]),
    "",
    table([
      ["task", "arm", "recall", "selected", "discovery", "input tokens", "cache hit", "success", "called"],
      ...report.results.map(({ task, arm, score, error }) => [
        task,
        labels.get(arm) ?? arm,
        `${score.recall.found}/${score.recall.expected}`,
        score.selected ? "yes" : "no",
        number(score.discoveryTurns, 0),
        tokens(score.tokens.totalInput),
        percent(score.tokens.totalInput === 0 ? null : score.tokens.cacheRead / score.tokens.totalInput),
        score.success ? "yes" : error ? "error" : score.checkPassed === false ? "no (check)" : "no",
        // Names the model wrote: a tool it invented may carry bidi overrides or controls.
        score.called.map(escapeVisible).join(", ") || "-",
      ]),
    ]),
  ];
  for (const dropped of report.droppedTasks)
    lines.push(
      `left out: task ${dropped.id} (line ${dropped.line}) expects ${dropped.unknown.join(", ")}, not in the catalogue`,
    );
  if (report.stoppedAtBudget)
    lines.push(
      `stopped at --max-cost $${report.stoppedAtBudget.maxCostUsd} (spent ~$${report.stoppedAtBudget.spentUsd.toFixed(4)}): rerun with the same --out to go on`,
    );
  if (report.prices === "built-in estimate")
    lines.push("Costs use toolsift's built-in list prices: estimates; pass --prices <file> for yours.");
  return `${lines.join("\n")}\n`;
}
