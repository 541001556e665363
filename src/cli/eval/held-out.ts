import type { EnrichmentFile, ToolEnrichment } from "../../public/enrichment.js";
import type { EvalTask } from "./evaluate-search.js";

/** An enrichment split in two: requests asked as queries, and the rest, indexed. */
export interface HeldOutSplit {
  /** One task per held-out request, expecting its tool; tools in name order. */
  tasks: EvalTask[];
  /** The file without the held-out requests: what the enriched arm indexes. */
  indexed: EnrichmentFile;
  /** The catalogue's enriched tools with too few requests to hold one out (fewer than 2). */
  tooFew: string[];
}

/**
 * How many of a tool's `count` requests are held out: a quarter, rounded down, and at least one
 * when it has two or more, so every tool the model wrote for is tested and keeps at least one
 * request indexed. A tool with one request keeps it and is not tested.
 *
 * @example
 * ```ts
 * [1, 2, 4, 7, 8, 32].map(heldOutCount); // [0, 1, 1, 1, 2, 8]
 * ```
 */
export function heldOutCount(count: number): number {
  return count < 2 ? 0 : Math.max(1, Math.floor(count / 4));
}

/**
 * Holds out the last {@link heldOutCount} requests of each tool the catalogue has, as queries
 * expecting that tool, and leaves the others (and every synonym) to index. The last ones, in
 * the file's order: the same split on every run and every machine, with no seed to pass, and a
 * request is never indexed and asked at once, so none is found by itself.
 *
 * @param has Whether the catalogue (as its users see it) has the tool; others are left as they are.
 * @example
 * ```ts
 * const { tasks, indexed } = holdOut(enrichment, (name) => names.has(name));
 * ```
 */
export function holdOut(file: EnrichmentFile, has: (name: string) => boolean): HeldOutSplit {
  const tasks: EvalTask[] = [];
  const tooFew: string[] = [];
  const tools: Record<string, ToolEnrichment> = Object.create(null);
  for (const name of Object.keys(file.tools).sort()) {
    const entry = file.tools[name]!;
    const held = has(name) ? heldOutCount(entry.requests.length) : 0;
    if (has(name) && held === 0) tooFew.push(name);
    const kept = entry.requests.length - held;
    for (const query of entry.requests.slice(kept)) tasks.push({ query, expected: [name] });
    tools[name] = { ...entry, requests: entry.requests.slice(0, kept) };
  }
  return { tasks, indexed: { ...file, tools }, tooFew };
}
