import { resolve } from "node:path";
import type { EnrichmentFile, ToolEnrichment } from "../../public/enrichment.js";
import { UsageError } from "../parse-cli.js";
import { missEvidence, skipLines } from "./miss-evidence.js";
import { readMissesFile } from "./misses-file.js";
import { splitMisses } from "./miss-split.js";

/** What `enrich --from-misses` asks, read from the misses file before any model is called. */
export interface MissesToEnrich {
  /** Per tool to ask, the training share's missed requests it answered. */
  missedRequests: Map<string, string[]>;
  /** What to say about the file: the split, what is evidence, what was skipped and why. */
  summary: string[];
}

/**
 * Reads a misses file and keeps, from its training share only (the held-back share is
 * `eval --from-misses`'s, and a request the model saw would score itself), the requests each
 * tool of the catalogue answered.
 */
export function missesToEnrich(file: string, holdout: number, has: (name: string) => boolean): MissesToEnrich {
  const { misses, malformed, cut } = readMissesFile(file);
  const { training, heldBack } = splitMisses(misses, holdout);
  const evidence = missEvidence(training, has);
  const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const summary = [
    `${counted(misses.length, "miss", "misses")} in ${file}: ${heldBack.length} held back for toolsift eval --from-misses (--holdout ${holdout}), ${training.length} to learn from; ` +
      `${evidence.used} of them used as evidence for ${evidence.byTool.size} tool${evidence.byTool.size === 1 ? "" : "s"}.`,
    ...(malformed > 0
      ? [`${counted(malformed, "record", "records")} skipped: not a well-formed miss, or an id repeated.`]
      : []),
    ...(cut > 0 ? [`${counted(cut, "record", "records")} skipped: past the file's first 100,000.`] : []),
    ...skipLines(evidence.skipped),
  ];
  return { missedRequests: evidence.byTool, summary };
}

/**
 * The enrichment in use must not be written over by a candidate: `eval --from-misses
 * --apply-to` replaces it, once the candidate has lifted recall.
 */
export function refuseOverwrite(out: string, base: string | undefined): void {
  if (base !== undefined && resolve(out) === resolve(base))
    throw new UsageError(
      `toolsift enrich --from-misses: --out ${out} is the enrichment the config uses; write the candidate elsewhere ` +
        "(the default is toolsift.enrichment.misses.json) and apply it with toolsift eval --from-misses --apply-to.",
    );
}

/**
 * The candidate as a whole enrichment, ready to apply: what this run (and the run it resumed)
 * wrote, and the enrichment in use for every other tool, so applying it loses nothing.
 */
export function withBase(file: EnrichmentFile, base: EnrichmentFile | undefined): EnrichmentFile {
  if (base === undefined) return file;
  const tools: Record<string, ToolEnrichment> = Object.create(null);
  const names = [...new Set([...Object.keys(file.tools), ...Object.keys(base.tools)])].sort();
  for (const name of names) tools[name] = Object.hasOwn(file.tools, name) ? file.tools[name]! : base.tools[name]!;
  return { ...file, tools };
}
