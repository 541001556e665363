import { alignColumns } from "./align-columns.js";
import type { MissReport } from "./miss-report.js";
import { dayOf, groupLabel, kindsLine, serverLabel, toolsLine, visibleText } from "./visible-text.js";

/** Characters of a request shown in the terminal; `--json` and the HTML page show more. */
const REQUEST_CHARS = 60;
/** Characters of a tool, server or scope name. */
const NAME_CHARS = 48;
/** Tools shown beside a group or a server. */
const TOOLS_SHOWN = 3;
/** The last days listed in the terminal's per-day table. */
const DAYS_SHOWN = 14;
/** The widest per-day bar. */
const BAR_WIDTH = 40;

/**
 * The report as plain text for a terminal: aligned columns, every string from a record cut and
 * its hidden characters escaped (a request cannot recolour the terminal or forge a line).
 */
export function renderMissTable(report: MissReport): string {
  if (report.records === 0) return `${["No misses recorded.", ...skippedNote(report)].join("\n")}\n`;
  const lines = [headline(report), ...skippedNote(report), ""];

  lines.push(
    `Requests missed most (${report.groups.length} of ${report.groupsTotal} group${report.groupsTotal === 1 ? "" : "s"}):`,
  );
  lines.push(
    ...indent(
      alignColumns(
        [
          ["misses", "first seen", "last seen", "request", "kinds", "then used"],
          ...report.groups.map((group) => [
            String(group.count),
            dayOf(group.firstSeen),
            dayOf(group.lastSeen),
            groupLabel(group, REQUEST_CHARS) + (group.requests > 1 ? ` (+${group.requests - 1} alike)` : ""),
            kindsLine(group.kinds),
            toolsLine(group.answers.slice(0, TOOLS_SHOWN), NAME_CHARS) || "-",
          ]),
        ],
        [true],
      ),
    ),
  );

  const { byServer, byScope } = report.foundLate;
  if (byServer.length > 0) {
    lines.push("", "Found late (the search missed them at first), per server:");
    lines.push(
      ...indent(
        alignColumns(
          [
            ["misses", "server", "tools"],
            ...byServer.map((entry) => [
              String(entry.count),
              serverLabel(entry.server, NAME_CHARS),
              toolsLine(entry.tools.slice(0, TOOLS_SHOWN), NAME_CHARS),
            ]),
          ],
          [true],
        ),
      ),
    );
    lines.push("", "Found late, per scope:");
    lines.push(
      ...indent(
        alignColumns(
          [
            ["misses", "scope", "tools"],
            ...byScope.map((entry) => [
              String(entry.count),
              visibleText(entry.scope, NAME_CHARS),
              toolsLine(entry.tools.slice(0, TOOLS_SHOWN), NAME_CHARS),
            ]),
          ],
          [true],
        ),
      ),
    );
  }

  if (report.answers.length > 0) {
    lines.push("", "Tools used after a miss:");
    lines.push(
      ...indent(
        alignColumns(
          [
            ["misses", "tool", "server"],
            ...report.answers.map((answer) => [
              String(answer.count),
              visibleText(answer.name, NAME_CHARS),
              answer.server === undefined ? "-" : visibleText(answer.server, NAME_CHARS),
            ]),
          ],
          [true],
        ),
      ),
    );
  }

  lines.push("", "Misses per server:");
  lines.push(
    ...indent(
      alignColumns(
        [
          ["misses", "server"],
          ...report.servers.map((entry) => [String(entry.count), serverLabel(entry.server, NAME_CHARS)]),
          ...(report.otherServers > 0 ? [[String(report.otherServers), "(other servers)"]] : []),
        ],
        [true],
      ),
    ),
  );

  lines.push(...perDay(report));
  return `${lines.join("\n")}\n`;
}

function headline(report: MissReport): string {
  const span = report.span ? ` from ${dayOf(report.span.first)} to ${dayOf(report.span.last)}` : "";
  const kinds = Object.entries(report.kinds)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
  return `${report.records} miss${report.records === 1 ? "" : "es"}${span} (${kinds}).`;
}

function skippedNote(report: MissReport): string[] {
  return report.skipped > 0
    ? [`${report.skipped} record${report.skipped === 1 ? "" : "s"} left out (past the report's limit, or undated).`]
    : [];
}

function perDay(report: MissReport): string[] {
  const { days, total, earlier } = report.timeline;
  const from = Math.max(0, days.length - DAYS_SHOWN);
  const shown = total.slice(from);
  const most = Math.max(1, ...shown);
  const rows = shown.map((count, i) => [
    days[from + i]!,
    String(count),
    "#".repeat(Math.ceil((count / most) * BAR_WIDTH)),
  ]);
  const lines = ["", `Misses per day (the last ${shown.length} of ${days.length}):`];
  lines.push(...indent(alignColumns(rows, [false, true])));
  if (earlier > 0) lines.push(`  and ${earlier} before ${days[0]} (the timeline spans at most a year)`);
  return lines;
}

function indent(lines: readonly string[]): string[] {
  return lines.map((line) => `  ${line}`);
}
