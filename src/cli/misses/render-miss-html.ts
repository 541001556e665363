import { escapeHtml, htmlText } from "./escape-html.js";
import type { MissReport } from "./miss-report.js";
import { serverChart, timelineChart } from "./svg-charts.js";
import { dayOf, groupLabel, kindsLine, serverLabel, toolsLine } from "./visible-text.js";

/**
 * The page's policy: it loads nothing (no script, font, image or frame) and runs no script;
 * only its own inline style applies. A hostile request that slipped past the escaping would
 * still run nothing.
 */
export const MISS_PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** Characters of a request on the page. */
const REQUEST_CHARS = 200;
const NAME_CHARS = 80;

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#212529;background:#fff}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}
table{border-collapse:collapse;margin:8px 0}th,td{border-bottom:1px solid #dee2e6;padding:4px 8px;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}td.day{white-space:nowrap}td.request{max-width:480px;overflow-wrap:anywhere}
.chart text{font:11px system-ui,sans-serif;fill:#495057}.note{color:#868e96}`;

/**
 * The report as one self-contained HTML page: inline SVG charts (misses per day, with a line
 * per server; misses per server) and the report's tables. Nothing is loaded from anywhere and
 * no script runs ({@link MISS_PAGE_POLICY}); every string from a record is cut, its hidden
 * characters made visible and HTML-escaped, so requests and tool names are only ever text.
 */
export function renderMissHtml(report: MissReport): string {
  const span = report.span ? ` from ${dayOf(report.span.first)} to ${dayOf(report.span.last)}` : "";
  const body = [
    `<h1>toolsift misses</h1>`,
    `<p>${report.records} miss${report.records === 1 ? "" : "es"}${escapeHtml(span)}: ${escapeHtml(
      Object.entries(report.kinds)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(", "),
    )}.</p>`,
    report.skipped > 0
      ? `<p class="note">${report.skipped} record${report.skipped === 1 ? "" : "s"} left out (past the report's limit, or undated).</p>`
      : "",
    `<h2>Misses per day</h2>`,
    `<figure>${timelineChart(report.timeline)}</figure>`,
    report.timeline.earlier > 0
      ? `<p class="note">And ${report.timeline.earlier} before ${escapeHtml(report.timeline.days[0] ?? "")}: the chart spans at most a year.</p>`
      : "",
    `<h2>Misses per server</h2>`,
    `<figure>${serverChart(report.servers, report.otherServers)}</figure>`,
    `<h2>Requests missed most (${report.groups.length} of ${report.groupsTotal} groups)</h2>`,
    table(
      ["misses", "first seen", "last seen", "request", "kinds", "then used"],
      report.groups.map((group) => [
        num(group.count),
        { html: escapeHtml(dayOf(group.firstSeen)), cls: "day" },
        { html: escapeHtml(dayOf(group.lastSeen)), cls: "day" },
        {
          cls: "request",
          html: `${escapeHtml(groupLabel(group, REQUEST_CHARS))}${group.requests > 1 ? ` <span class="note">(+${group.requests - 1} alike)</span>` : ""}`,
        },
        escapeHtml(kindsLine(group.kinds)),
        escapeHtml(toolsLine(group.answers, NAME_CHARS)),
      ]),
    ),
    `<h2>Found late, per server</h2>`,
    table(
      ["misses", "server", "tools"],
      report.foundLate.byServer.map((entry) => [
        num(entry.count),
        escapeHtml(serverLabel(entry.server, NAME_CHARS)),
        escapeHtml(toolsLine(entry.tools, NAME_CHARS)),
      ]),
    ),
    `<h2>Found late, per scope</h2>`,
    table(
      ["misses", "scope", "tools"],
      report.foundLate.byScope.map((entry) => [
        num(entry.count),
        htmlText(entry.scope, NAME_CHARS),
        escapeHtml(toolsLine(entry.tools, NAME_CHARS)),
      ]),
    ),
    `<h2>Tools used after a miss</h2>`,
    table(
      ["misses", "tool", "server"],
      report.answers.map((answer) => [
        num(answer.count),
        htmlText(answer.name, NAME_CHARS),
        answer.server === undefined ? "-" : htmlText(answer.server, NAME_CHARS),
      ]),
    ),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(MISS_PAGE_POLICY)}">
<meta name="referrer" content="no-referrer">
<title>toolsift misses</title>
<style>${STYLE}</style>
</head>
<body>
${body.filter(Boolean).join("\n")}
</body>
</html>
`;
}

/** A table cell: HTML already escaped, and a class of the page's own for counts and requests. */
type Cell = string | { html: string; cls: "n" | "day" | "request" };

/** A count's cell, right-aligned. */
function num(count: number): Cell {
  return { html: String(count), cls: "n" };
}

/** A table of cells whose text is already escaped. */
function table(headings: readonly string[], rows: readonly (readonly Cell[])[]): string {
  if (rows.length === 0) return `<p class="note">None.</p>`;
  const head = headings.map((heading, i) => `<th${i === 0 ? ' class="n"' : ""}>${heading}</th>`).join("");
  const cell = (value: Cell) =>
    typeof value === "string" ? `<td>${value}</td>` : `<td class="${value.cls}">${value.html}</td>`;
  const body = rows.map((row) => `<tr>${row.map(cell).join("")}</tr>`).join("\n");
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}
