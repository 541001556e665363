import type { EnrichmentFile } from "./enrichment-file.js";

/**
 * Where a tool search reads an enrichment from, and what it does with tools that changed since.
 *
 * @example
 * ```ts
 * createToolSearch({ tools, enrichment: "toolsift.enrichment.json" });
 * createToolSearch({ tools, enrichment: { from: "toolsift.enrichment.json", keepStale: true } });
 * ```
 */
export interface EnrichmentOptions {
  /** The file's path (read once, at creation) or its content, as `toolsift enrich` wrote it. */
  from: string | EnrichmentFile;
  /**
   * Whether a tool whose definition changed since it was enriched (its hash differs) keeps its
   * requests and synonyms. They were written for the old definition, so by default they are not
   * used, and `toolsift inspect` lists the tool as stale until `toolsift enrich` runs again.
   * @defaultValue false
   */
  keepStale?: boolean;
}

/** What `createToolSearch`'s `enrichment` option takes: a path, a file's content, or {@link EnrichmentOptions}. */
export type EnrichmentSource = string | EnrichmentFile | EnrichmentOptions;
