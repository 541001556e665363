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
  /**
   * Requests users would make of the tool and other words for it, written once by the user's
   * own model (`toolsift enrich`); absent for a tool nobody enriched. Rankers index them apart
   * from the description: they are how people ask, not what the tool says of itself.
   */
  examples?: readonly string[];
  /** Changes whenever any other field changes; equal fingerprints mean nothing to re-index. */
  fingerprint: string;
}

/**
 * How sure a ranker is of one match.
 * - `strong`: the tool matches what the query is about (its distinctive words, its name, or a
 *   close meaning).
 * - `weak`: the best the catalogue has, but by a coincidence of common words or a distant
 *   meaning; the catalogue may lack what was asked for. A weak match is still listed: an
 *   empty answer would tell the model the task is impossible.
 */
export type Confidence = "strong" | "weak";

/** One ranked match: higher `score` is better; scores are comparable only within one query. */
export interface RankedTool {
  name: string;
  score: number;
  /** How sure the ranker is of this match; a ranker that does not say is taken as `strong`. */
  confidence?: Confidence;
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
 * A ranker returns the tools it judges relevant, best first, and marks those it is unsure of
 * `weak`: when nothing matches well it returns its best weak guesses rather than filler or
 * silence, and an empty list only when nothing at all relates to the query. `update` is
 * always awaited before the next `search`.
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
   * Optional: the score from which every match of this ranker is strong, whatever else it shows;
   * a weak match always scores under it. A hybrid ranker measures a list whose best match is
   * weak against it, so a coincidence does not count as a full match.
   */
  strongScore?(): number;
  /**
   * Optional: the embedder this ranker compares queries with, loaded, or `undefined` if it has
   * none (or it failed). Learning from use embeds learned queries with it, so a new query also
   * finds lessons worded differently.
   */
  embedder?(): Promise<Embedder | undefined>;
  /**
   * Optional: lets whoever uses the ranker hear its warnings (a fallback to lexical ranking, a
   * cache that cannot be written) beside the `onWarning` it was built with; a tool search given
   * your ranker reports them as `warning` events. Returns a function that stops listening.
   */
  listen?(listener: (code: string, message: string) => void): () => void;
  /** Releases files, native memory or workers the ranker holds. */
  close?(): void | Promise<void>;
}
