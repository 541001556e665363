import { escapeVisible } from "../../gateway/index.js";
import type { EvalReport } from "./eval-report.js";
import { EVAL_DEPTH, type EvalMiss, type EvalScores } from "./evaluate-search.js";

/** Misses shown under each tool in text; `--json` lists them all. */
const MISSES_SHOWN = 5;
/** Confusable pairs shown in text. */
const PAIRS_SHOWN = 10;

/**
 * The text report: both arms side by side, the worst tools first with what each missed request
 * found instead, then the pairs most often confused. `limitTools` bounds the tools listed.
 */
export function formatEvalReport(report: EvalReport, limitTools: number): string {
  const arm = report.enriched ?? report.baseline;
  const armName = report.enriched ? "enriched" : "baseline";
  const from =
    report.source.kind === "tasks"
      ? `the tasks of ${report.source.file}`
      : `requests held out of ${report.source.file}`;
  const lines = [
    `${arm.tasks} task${arm.tasks === 1 ? "" : "s"} over ${report.catalogue.tested} of ${report.catalogue.tools} tools (${from}), ranker ${report.ranker}:`,
    "",
    `            recall@1  recall@5     MRR`,
    armLine("baseline", report.baseline),
  ];
  if (report.enriched) lines.push(armLine("enriched", report.enriched));
  lines.push("");

  const baseline = new Map(report.baseline.tools.map((tool) => [tool.tool, tool]));
  const missed = arm.tools.filter((tool) => tool.misses.length > 0);
  if (missed.length === 0) {
    lines.push(`Every tool came first for every one of its tasks (${armName}).`);
  } else {
    const shown = missed.slice(0, limitTools);
    lines.push(
      `Worst tools first (${armName}; ${missed.length} of ${arm.tools.length} did not always come first${shown.length < missed.length ? `, ${shown.length} shown` : ""}):`,
    );
    for (const tool of shown) {
      const before = report.enriched ? baseline.get(tool.tool) : undefined;
      lines.push(
        `  ${tool.tool}  recall@5 ${percent(tool.recallAt5)}${before ? ` (baseline ${percent(before.recallAt5)})` : ""}, recall@1 ${percent(tool.recallAt1)}, MRR ${tool.mrr.toFixed(3)}, ${tool.tasks} task${tool.tasks === 1 ? "" : "s"}`,
      );
      for (const miss of tool.misses.slice(0, MISSES_SHOWN)) lines.push(`    ${missLine(miss)}`);
      if (tool.misses.length > MISSES_SHOWN)
        lines.push(`    … and ${tool.misses.length - MISSES_SHOWN} more (--json lists them all)`);
    }
  }
  if (arm.confusable.length > 0) {
    lines.push("", `Confusable pairs (${armName}; requests for the first found the second first):`);
    for (const pair of arm.confusable.slice(0, PAIRS_SHOWN))
      lines.push(`  ${String(pair.count).padStart(4)}× ${pair.expected} → ${pair.found}`);
  }
  lines.push(...notes(report));
  return `${lines.join("\n")}\n`;
}

function armLine(name: string, scores: EvalScores): string {
  return `${name.padEnd(10)}  ${percent(scores.recallAt1).padStart(8)}  ${percent(scores.recallAt5).padStart(8)}  ${scores.mrr.toFixed(3).padStart(6)}`;
}

function missLine(miss: EvalMiss): string {
  const where = miss.rank === null ? `not in the first ${EVAL_DEPTH}` : `its tool at ${miss.rank}`;
  const query = quoted(miss.query);
  return miss.foundInstead === null ? `${query} found nothing` : `${query} found ${miss.foundInstead} first (${where})`;
}

/**
 * A request in double quotes for the terminal. Held-out requests are model-written: JSON's quoting
 * lets bidi overrides, zero-width and C1 characters through, which would reorder or hide what a
 * person reads, so every hidden character is escaped as the gateway's confirmations escape it.
 */
function quoted(text: string): string {
  return `"${escapeVisible(text).replace(/"/g, '\\"')}"`;
}

function notes(report: EvalReport): string[] {
  const lines: string[] = [];
  const list = (names: readonly string[]) =>
    names.length > 10 ? `${names.slice(0, 10).join(", ")} and ${names.length - 10} more` : names.join(", ");
  if (report.stale.length > 0)
    lines.push(
      `${report.stale.length} tool(s) changed since they were enriched, so their enrichment is not indexed: ${list(report.stale)}. Run toolsift enrich again.`,
    );
  if (report.tooFewRequests.length > 0)
    lines.push(
      `${report.tooFewRequests.length} enriched tool(s) have fewer than 2 requests, none to hold out, and are not tested: ${list(report.tooFewRequests)}.`,
    );
  if (report.unknownTools.length > 0)
    lines.push(
      `${report.unknownTools.length} tool name(s) in the tasks are not in the catalogue (or hidden by allow/deny) and are left out${report.droppedTasks > 0 ? `, with ${report.droppedTasks} task(s) that named no other` : ""}: ${list(report.unknownTools.map((tool) => tool.name))}.`,
    );
  return lines.length === 0 ? [] : ["", ...lines];
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}
