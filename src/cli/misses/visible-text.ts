import { escapeForLog } from "../../for-apps.js";
import type { MissGroup } from "./miss-report.js";

/**
 * `text` as a report shows it: at most `max` characters (code points, so a pair is never split;
 * a cut text ends in `…`), then every hidden character escaped visibly, so a request cannot move
 * the cursor, forge a line or reorder what is read. Escape further for HTML.
 */
export function visibleText(text: string, max: number): string {
  const points = Array.from(text);
  const cut = points.length > max ? `${points.slice(0, Math.max(0, max - 1)).join("")}…` : text;
  return escapeForLog(cut);
}

/** A group as a report names it: its text in quotes, or its hash and length when recorded without text. */
export function groupLabel(group: MissGroup, max: number): string {
  return group.text === undefined
    ? `#${group.hash.slice(0, 12)}… (${group.length} chars)`
    : `"${visibleText(group.text, max)}"`;
}

/** The kinds that occur, most first: `empty 3, weak 1`. */
export function kindsLine(kinds: MissGroup["kinds"]): string {
  return Object.entries(kinds)
    .sort(([a, x], [b, y]) => (y ?? 0) - (x ?? 0) || (a < b ? -1 : 1))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(", ");
}

/** `name N, name N` for tools, names made visible and cut. */
export function toolsLine(tools: readonly { name: string; count: number }[], max: number): string {
  return tools.map(({ name, count }) => `${visibleText(name, max)} ${count}`).join(", ");
}

/** A server as a report names it; records without one under "(no server)" (`--json` tells it from a server so named). */
export function serverLabel(server: string | undefined, max: number): string {
  return server === undefined ? "(no server)" : visibleText(server, max);
}

/** The day of an ISO 8601 time, as written (`2026-12-02`). */
export function dayOf(at: string): string {
  return new Date(Date.parse(at)).toISOString().split("T")[0]!;
}
