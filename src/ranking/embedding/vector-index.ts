/** One nearest neighbour: cosine similarity, 1 for the same direction. */
export interface VectorMatch {
  name: string;
  similarity: number;
}

/**
 * Where the embedding ranker keeps tool vectors, by tool name. Vectors are unit length, so
 * cosine is a dot product. Both kinds update in place: a changed catalogue never rebuilds.
 */
export interface VectorIndex {
  /** `exact` compares every vector; `hnsw` walks an approximate graph (hnswlib-node). */
  readonly kind: "exact" | "hnsw";
  readonly dimensions: number;
  readonly size: number;
  /** Identifies the text a tool's vector was made from: unchanged means nothing to re-embed. */
  textHashOf(name: string): string | undefined;
  keys(): string[];
  upsert(name: string, textHash: string, vector: Float32Array): void;
  remove(name: string): void;
  /** The `k` nearest tools the filter allows, best first. */
  search(vector: Float32Array, k: number, filter?: (name: string) => boolean): VectorMatch[];
}

/**
 * How tool vectors are searched.
 *
 * @example
 * ```ts
 * new EmbeddingRanker({ index: { kind: "hnsw", m: 32 } }); // needs `npm install hnswlib-node`
 * ```
 */
export interface VectorIndexOptions {
  /**
   * - `exact`: every vector compared, by a WebAssembly SIMD kernel, with vectors stored as int8
   *   (a similarity moves by about 5·10⁻⁴). No graph, no build time, no native code.
   * - `hnsw`: an HNSW graph from the optional `hnswlib-node` package (a native build); its graph
   *   is persisted in `cacheDir`. Fails with a `DependencyError` when the package is missing.
   * - `auto`: `exact`, or `hnsw` above `hnswAbove` tools when that is set and `hnswlib-node` is
   *   installed (else `exact`, with an `index_fallback` warning).
   * @defaultValue "auto"
   */
  kind?: "auto" | "exact" | "hnsw";
  /**
   * `auto`: the catalogue size above which HNSW is used.
   * @defaultValue none: `auto` stays exact. On catalogues of real API operations HNSW (with the
   * defaults below) kept 82% of the exact top ten at 25,000 tools and 91% at 100,000, while exact
   * search answers in 1.1 ms and 3.9 ms there (`bench/results/2026-12-05T22-29-13Z.md`)
   * @example 50_000
   */
  hnswAbove?: number;
  /** HNSW: links per node. @defaultValue 16 */
  m?: number;
  /** HNSW: candidate list size while inserting. @defaultValue 100 */
  efConstruction?: number;
  /** HNSW: candidate list size while searching (raised to k when smaller). @defaultValue 64 */
  efSearch?: number;
}
