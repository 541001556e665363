import type { ToolDefinition } from "../../index.js";
import { definitionDiff, type DefinitionDiff } from "./definition-diff.js";
import { definitionHash, pinnedDefinitionOf } from "./tool-fingerprint.js";
import { pinEntryOf, type PinEntry, type ToolLock } from "./tool-lock.js";

/** A tool whose definition differs from its pin. */
export interface ChangedTool {
  name: string;
  server: string;
  diff: DefinitionDiff;
}

/** How what the servers list now stands against a lock, and the lock `toolsift pin` would write. */
export interface LockComparison {
  /** Listed, not pinned. */
  added: string[];
  changed: ChangedTool[];
  /** Pinned, no longer listed by a server that is up. */
  removed: string[];
  /** Pinned, of a server that is not up now: kept, since its tools could not be listed. */
  kept: string[];
  unchanged: number;
  /** The lock that pins what is listed now (and keeps the pins of servers that are not up). */
  next: Map<string, PinEntry>;
}

/**
 * Compares a catalogue with a lock, tool by tool. Names are sorted, so the output is stable.
 *
 * @param up - Whether a server listed its tools this time; a server that did not keeps its pins.
 * @param originalName - The MCP name behind a catalogue name, for new entries.
 * @example
 * ```ts
 * const { added, changed, removed } = compareWithLock(lock, await host.listTools(), (server) => connected.has(server));
 * ```
 */
export function compareWithLock(
  lock: ToolLock,
  tools: readonly ToolDefinition[],
  up: (server: string) => boolean,
  originalName: (name: string) => string | undefined = () => undefined,
): LockComparison {
  const comparison: LockComparison = { added: [], changed: [], removed: [], kept: [], unchanged: 0, next: new Map() };
  const listed = new Set<string>();
  for (const tool of [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    listed.add(tool.name);
    const definition = pinnedDefinitionOf(tool);
    const sha256 = definitionHash(definition);
    const server = tool.server ?? tool.name.slice(0, Math.max(0, tool.name.indexOf("__")));
    const pinned = lock.get(tool.name);
    if (pinned === undefined) comparison.added.push(tool.name);
    else if (pinned.sha256 !== sha256)
      comparison.changed.push({ name: tool.name, server, diff: definitionDiff(pinned, definition) });
    else comparison.unchanged++;
    const entry =
      pinned?.sha256 === sha256
        ? pinned
        : pinEntryOf(definition, server, originalName(tool.name) ?? tool.name.slice(server.length + 2), sha256);
    comparison.next.set(tool.name, entry);
  }
  for (const name of [...lock.keys()].sort()) {
    if (listed.has(name)) continue;
    const entry = lock.get(name)!;
    if (up(entry.server)) comparison.removed.push(name);
    else {
      comparison.kept.push(name);
      comparison.next.set(name, entry);
    }
  }
  return comparison;
}
