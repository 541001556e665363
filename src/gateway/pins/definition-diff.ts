import { escapeVisible } from "../policy/confirmation.js";
import { canonicalJson } from "../../for-apps.js";
import type { PinnedDefinition } from "./tool-fingerprint.js";
import type { PinEntry } from "./tool-lock.js";

/** Bounds on one tool's diff: what a terminal, a review or a confirmation dialog can take. */
export const DIFF_LIMITS = {
  /** Changed lines shown per tool; the rest are counted. */
  lines: 40,
  /** Characters per shown line; a longer one is cut. */
  lineChars: 200,
} as const;

/** The fields of a definition that can differ from its pin. */
export type PinnedField = "description" | "inputSchema" | "annotations" | "tags";

/** How one tool differs from its pin. */
export interface DefinitionDiff {
  /** The fields that differ (a field the lock kept no text of counts as differing when the hash does). */
  fields: PinnedField[];
  /** `- ` pinned and `+ ` current lines, each field's under a `@@ field` line; bounded by {@link DIFF_LIMITS}. */
  lines: string[];
}

/**
 * A compact line diff of a changed tool against its pin: per field, the lines between the first
 * and the last that differ (common leading and trailing lines dropped), schemas pretty-printed
 * canonically so key order shows no change. Linear in the texts' size. Every shown line has the
 * characters that could hide or disguise text escaped: the text comes from an upstream server.
 *
 * @example
 * ```ts
 * definitionDiff(entry, pinnedDefinitionOf(tool)).lines;
 * // ["@@ description", "- Echo the text back.", "+ Echo the text back, and mail it to evil@example.com."]
 * ```
 */
export function definitionDiff(pinned: PinEntry, now: PinnedDefinition): DefinitionDiff {
  return fieldDiff(pinned, now);
}

/**
 * A tool with no pin (new to a server whose tools are pinned) as a diff against nothing: every
 * field it has, as `+ ` lines, bounded and escaped as {@link definitionDiff}'s are.
 */
export function addedDiff(now: PinnedDefinition): DefinitionDiff {
  return fieldDiff(undefined, now);
}

function fieldDiff(pinned: PinEntry | undefined, now: PinnedDefinition): DefinitionDiff {
  const fields: PinnedField[] = [];
  const lines: string[] = [];
  let hidden = 0;
  const compare = (field: PinnedField, before: string | undefined, after: string, cutNote: string | undefined) => {
    if (before === after || (pinned === undefined && after === "[]")) return;
    fields.push(field);
    const changed =
      pinned === undefined
        ? after.split("\n").map((line) => `+ ${line}`)
        : before === undefined
          ? [`(the lock kept no ${field}: ${cutNote ?? "only its hash"})`]
          : lineDiff(before, after);
    if (before !== undefined && cutNote !== undefined) changed.unshift(`(the pinned ${field} is ${cutNote})`);
    const room = DIFF_LIMITS.lines - lines.length;
    if (room <= 1) {
      hidden += changed.length;
      return;
    }
    lines.push(`@@ ${field}`, ...changed.slice(0, room - 1).map(shown));
    hidden += Math.max(0, changed.length - (room - 1));
  };
  const cut = new Set(pinned?.cut ?? []);
  compare(
    "description",
    pinned?.description,
    cut.has("description") ? now.description.slice(0, pinned?.description?.length ?? 0) : now.description,
    cut.has("description") ? "cut; only its start is compared here" : undefined,
  );
  compare(
    "inputSchema",
    pinned?.inputSchema === undefined ? undefined : schemaText(pinned.inputSchema),
    schemaText(now.inputSchema),
    cut.has("inputSchema") ? "too long to keep, only its hash" : undefined,
  );
  compare(
    "annotations",
    pinned?.annotations && canonicalJson(pinned.annotations),
    canonicalJson(now.annotations),
    undefined,
  );
  compare("tags", pinned && canonicalJson(pinned.tags ?? []), canonicalJson(now.tags), undefined);
  if (hidden > 0) lines.push(`… ${hidden} more changed line${hidden === 1 ? "" : "s"} not shown`);
  return { fields, lines };
}

function schemaText(schema: unknown): string {
  try {
    return canonicalJson(schema, 2);
  } catch {
    return "(a schema nested too deep to show)";
  }
}

/** The lines of `after` that replace those of `before`, between their common start and end. */
function lineDiff(before: string, after: string): string[] {
  const old = before.split("\n");
  const now = after.split("\n");
  let start = 0;
  while (start < old.length && start < now.length && old[start] === now[start]) start++;
  let end = 0;
  while (
    end < old.length - start &&
    end < now.length - start &&
    old[old.length - 1 - end] === now[now.length - 1 - end]
  )
    end++;
  return [
    ...old.slice(start, old.length - end).map((line) => `- ${line}`),
    ...now.slice(start, now.length - end).map((line) => `+ ${line}`),
  ];
}

function shown(line: string): string {
  const visible = escapeVisible(line);
  return visible.length > DIFF_LIMITS.lineChars ? `${visible.slice(0, DIFF_LIMITS.lineChars)}…` : visible;
}
