import type { MissRecord } from "../../public/learning.js";

/** Bounds on what of the missed requests goes into a prompt: they are users' words, and untrusted. */
export const EVIDENCE_LIMITS = {
  /** Missed requests shown per tool (the most recent distinct ones). */
  perTool: 8,
  /** Characters of one request shown. */
  chars: 300,
} as const;

/** Why some misses could not be evidence, with how many of each. */
export interface EvidenceSkips {
  /** Misses with no tool used after them: nothing to teach. */
  noAnswer: number;
  /** Misses whose text was not recorded (the store's `recordText` was off): nothing to show. */
  noText: number;
  /** Misses whose answer is not a tool of the catalogue (as its users see it), by name. */
  unknownTools: { name: string; misses: number }[];
}

/** The missed requests each tool answered, ready for its prompt, and what was left out. */
export interface MissEvidence {
  /** Per tool that answered misses: its missed requests, most recent first, distinct, bounded. */
  byTool: Map<string, string[]>;
  /** Misses that are evidence (before the per-tool cap). */
  used: number;
  skipped: EvidenceSkips;
}

/**
 * Groups misses by the tool that answered them (the one the session used in the end), keeping
 * the requests' text as the model will see it: whitespace folded, cut to
 * {@link EVIDENCE_LIMITS.chars}, repeats once, at most {@link EVIDENCE_LIMITS.perTool} per tool.
 *
 * @param has - Whether the catalogue, as its users see it, has the tool.
 */
export function missEvidence(misses: readonly MissRecord[], has: (name: string) => boolean): MissEvidence {
  const byTool = new Map<string, string[]>();
  const unknown = new Map<string, number>();
  const skipped: EvidenceSkips = { noAnswer: 0, noText: 0, unknownTools: [] };
  let used = 0;
  // Most recent first: what users ask now matters more than what they asked a year ago.
  const recent = [...misses].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? -1 : 1));
  for (const miss of recent) {
    if (miss.answer === undefined) {
      skipped.noAnswer++;
      continue;
    }
    if (!has(miss.answer)) {
      unknown.set(miss.answer, (unknown.get(miss.answer) ?? 0) + 1);
      continue;
    }
    const text = miss.kind === "unknown-tool" ? undefined : clean(miss.request.text);
    if (text === undefined) {
      skipped.noText++;
      continue;
    }
    used++;
    let list = byTool.get(miss.answer);
    if (!list) byTool.set(miss.answer, (list = []));
    if (list.length < EVIDENCE_LIMITS.perTool && !list.includes(text)) list.push(text);
  }
  skipped.unknownTools = [...unknown]
    .map(([name, count]) => ({ name, misses: count }))
    .sort((a, b) => b.misses - a.misses || (a.name < b.name ? -1 : 1));
  return { byTool, used, skipped };
}

/** The request as a prompt shows it, or `undefined` when there is none to show. */
function clean(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const folded = text.replace(/\s+/g, " ").trim();
  if (folded === "") return undefined;
  return folded.length <= EVIDENCE_LIMITS.chars ? folded : `${folded.slice(0, EVIDENCE_LIMITS.chars - 1)}…`;
}

/** The skips in words, one line each, for stderr and the dry run. */
export function skipLines(skipped: EvidenceSkips): string[] {
  const lines: string[] = [];
  const misses = (count: number) => `${count} miss${count === 1 ? "" : "es"}`;
  if (skipped.noText > 0)
    lines.push(
      `${misses(skipped.noText)} skipped: text not recorded (the store that listed them keeps no request text).`,
    );
  if (skipped.noAnswer > 0) lines.push(`${misses(skipped.noAnswer)} skipped: no tool was used after them.`);
  for (const { name, misses: count } of skipped.unknownTools.slice(0, 10))
    lines.push(`${misses(count)} skipped: their answer ${JSON.stringify(name)} is not a tool of the catalogue.`);
  if (skipped.unknownTools.length > 10)
    lines.push(`… and misses answered by ${skipped.unknownTools.length - 10} more tools not in the catalogue.`);
  return lines;
}
