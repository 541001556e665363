import { escapeForLog } from "../../for-apps.js";
import type { MissRecord } from "../../public/learning.js";

/** One row of the table: the misses of one kind with one request. */
export interface MissGroup {
  kind: MissRecord["kind"];
  /** The request's text when recorded, else `#<hash start>… (N chars)`. */
  request: string;
  /** The tool most often used next, if any. */
  answer: string | undefined;
  count: number;
}

/** Groups misses by kind and request hash, most frequent first. */
export function groupMisses(misses: readonly MissRecord[]): MissGroup[] {
  const groups = new Map<string, { first: MissRecord; count: number; answers: Map<string, number> }>();
  for (const miss of misses) {
    const key = `${miss.kind} ${miss.request.hash}`;
    const group = groups.get(key) ?? { first: miss, count: 0, answers: new Map<string, number>() };
    group.count++;
    if (miss.answer !== undefined) group.answers.set(miss.answer, (group.answers.get(miss.answer) ?? 0) + 1);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ first, count, answers }) => ({
      kind: first.kind,
      request:
        first.request.text === undefined
          ? `#${first.request.hash.slice(0, 12)}… (${first.request.length} chars)`
          : escapeForLog(first.request.text),
      answer: [...answers].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0],
      count,
    }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || a.request.localeCompare(b.request));
}

/** The groups as a plain text table: kind, request, answer, count. */
export function missGroupsTable(misses: readonly MissRecord[]): string {
  if (misses.length === 0) return "No misses recorded (for these options).\n";
  const rows = groupMisses(misses).map((group) => [
    group.kind,
    group.request,
    group.answer === undefined ? "-" : escapeForLog(group.answer),
    String(group.count),
  ]);
  const header = ["kind", "request", "answer", "count"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ");
  return `${[header, ...rows].map(line).join("\n")}\n${misses.length} misses in ${rows.length} groups.\n`;
}
