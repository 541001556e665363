import type { ProjectedStrategy, StubsBlock } from "./projection.js";
import type { InspectReport } from "./inspect-report.js";

const STRATEGY_LABELS: Record<ProjectedStrategy, [label: string, what: string]> = {
  full: ["every tool in full", "what the client sends without toolsift"],
  stubs: ["stubs", "every tool as a stub, the called tool in full"],
  native: ["native", "search_tools and keep tools; matches expanded by tool_reference"],
  stable: ["stable", "the same stubs every turn; schemas come in the search result"],
  serve: ["toolsift serve", "search_tools, call_tool, keep tools and the matches it lists"],
};

/** The `stubs` row's description when its block is not a block of stubs. */
const STUBS_BLOCK_WHAT: Record<StubsBlock, string> = {
  stubs: STRATEGY_LABELS.stubs[1],
  "search-only": "no stubs past maxStubTokens: search_tools, keep tools and the called tool in full",
  full: "every tool in full: the catalogue is under the threshold",
};

/** The report as text for a terminal: a table per server, the totals, the strategies, the lint. */
export function formatInspectReport(report: InspectReport): string {
  const lines: string[] = [`toolsift inspect: ${report.file} (ranker ${report.ranker})`, ""];
  const nameWidth = Math.min(
    60,
    Math.max(24, ...report.servers.flatMap((server) => server.tools.map((tool) => tool.name.length + 2))),
  );
  const row = (name: string, full: string, stub: string, note = "") =>
    `${name.padEnd(nameWidth)} ${full.padStart(9)} ${stub.padStart(9)}${note ? `  ${note}` : ""}`;
  for (const server of report.servers) {
    const state =
      server.state === undefined || server.state === "connected"
        ? ""
        : `, ${server.state}${server.error ? `: ${server.error}` : ""}`;
    lines.push(row(`${server.server} (${plural(server.tools.length, "tool")}${state})`, "full", "stub"));
    for (const tool of server.tools) {
      const notes = [tool.kept ? "kept: always in full" : "", tool.destructive ? "destructive" : ""]
        .filter(Boolean)
        .join(", ");
      lines.push(row(`  ${tool.name}`, number(tool.fullTokens), number(tool.stubTokens), notes));
    }
    lines.push(row("  total", number(server.fullTokens), number(server.stubTokens)), "");
  }
  const { totals } = report;
  lines.push(
    `Catalogue: ${plural(totals.tools, "tool")} on ${plural(totals.servers, "server")}, ~${number(totals.fullTokens)} tokens in full, ` +
      `~${number(totals.stubTokens)} as stubs (estimated as ${report.estimate}).`,
  );
  if (report.hidden.length > 0) lines.push(`Hidden by allow/deny, not counted: ${report.hidden.join(", ")}.`);
  lines.push(
    "",
    `Tool tokens per request after a typical search (mean over ${plural(report.projection.samples, "search", "searches")}):`,
  );
  for (const cost of report.projection.costs) {
    const [label, listed] = STRATEGY_LABELS[cost.strategy];
    if (cost.unavailable !== undefined) {
      lines.push(`  ${label.padEnd(20)} ${"-".padStart(9)}${"".padEnd(32)}  not possible: ${cost.unavailable}`);
      continue;
    }
    const what = cost.strategy === "stubs" ? STUBS_BLOCK_WHAT[report.projection.stubsBlock] : listed;
    const result =
      cost.searchResultTokens > 0 && cost.strategy === "stable"
        ? ` + ${number(cost.searchResultTokens)} in the search result`
        : "";
    lines.push(`  ${label.padEnd(20)} ${number(cost.toolTokens).padStart(9)}${result.padEnd(32)}  ${what}`);
  }
  const { lint } = report;
  lines.push(
    "",
    `Description lint: ${plural(lint.errors, "error")}, ${plural(lint.warnings, "warning")} ` +
      `(near-duplicates by lexical${lint.coverage.embedding ? " and embedding" : ""} similarity of every pair).`,
  );
  for (const finding of lint.findings) {
    lines.push(`  ${finding.severity.padEnd(8)} ${finding.tools.join(" ~ ")} ${finding.message}`);
  }
  return `${lines.join("\n")}\n`;
}

function number(value: number): string {
  return value.toLocaleString("en-US");
}

function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${number(count)} ${count === 1 ? noun : nouns}`;
}
