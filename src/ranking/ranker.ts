import type { Embedder } from "./embedding/embedder.js";

/**
 * What a ranker indexes for one tool. Rankers receive the whole current catalogue on every
 * change and diff it themselves by `name` and `fingerprint`, so a changed tool is re-indexed
 * and an unchanged one is not.
 */
export interface RankDocument {
  name: string;
  description: string;
  parameters: readonly { name: string; description?: string }[];
  tags: readonly string[];
  server?: string;
  /** Changes whenever any other field changes; equal fingerprints mean nothing to re-index. */
  fingerprint: string;
}

/** One ranked match: higher `score` is better; scores are comparable only within one query. */
export interface RankedTool {
  name: string;
  score: number;
}

export interface RankOptions {
  /** The most matches to return. */
  limit: number;
  /** Only tools for which this returns true may be returned (permissions are applied here). */
  filter?: (name: string) => boolean;
}

/**
 * The ranking contract. Implement it to plug your own retrieval into `createToolSearch`.
 *
 * A ranker returns only tools it judges relevant: an empty list for a query nothing matches,
 * never filler. `update` is always awaited before the next `search`.
 */
export interface Ranker {
  /** Shown in events and benchmarks. */
  readonly name: string;
  /** Brings the index in line with the catalogue (all of it, every time it changes). */
  update(documents: readonly RankDocument[]): void | Promise<void>;
  search(query: string, options: RankOptions): RankedTool[] | Promise<RankedTool[]>;
  /**
   * Optional: how much of the query the index's vocabulary covers, 0 (none) to 1 (all).
   * A hybrid ranker reads it as this ranker's confidence for the query.
   */
  coverage?(query: string): number;
  /**
   * Optional: the embedder this ranker compares queries with, loaded, or `undefined` if it has
   * none (or it failed). Learning from use embeds learned queries with it, so a new query also
   * finds lessons worded differently.
   */
  embedder?(): Promise<Embedder | undefined>;
  /** Releases files, native memory or workers the ranker holds. */
  close?(): void | Promise<void>;
}
