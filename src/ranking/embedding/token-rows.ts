import type { StaticEmbeddingGraph } from "./onnx/static-embedding-graph.js";

/** A token id seen by the embedder, with its row once looked up. */
export interface TokenEntry {
  readonly id: number;
  /** The graph's row, set by {@link TokenRows.lookUp}. */
  row: Float32Array | undefined;
  /** The last {@link TokenRows.count} that met it, and its place in that text's distinct tokens. */
  seenIn: number;
  slot: number;
}

/** A text's distinct tokens in the order they first occur, and how often each occurs. */
export interface CountedTokens {
  distinct: TokenEntry[];
  counts: number[];
}

/**
 * The rows of the token ids a static embedder has met, each looked up once per process, and
 * the counting of a text's tokens: one map lookup per token finds both whether the token is
 * new to this text and its entry, where counting in a map per text and checking a second map
 * for unknown rows took three. A catalogue is hundreds of thousands of tokens, nearly all
 * seen already. Memory is bounded by the model's vocabulary.
 */
export class TokenRows {
  readonly #graph: StaticEmbeddingGraph;
  readonly #entries = new Map<number, TokenEntry>();
  /** Entries made since the last lookUp, whose rows are still to read. */
  #unread: TokenEntry[] = [];
  #texts = 0;

  constructor(graph: StaticEmbeddingGraph) {
    this.#graph = graph;
  }

  /**
   * A text's distinct tokens in first-occurrence order (the order pooling adds them in, so
   * the sum is the same float for float) with their counts. Their rows are read by the next
   * {@link lookUp}.
   */
  count(ids: readonly number[]): CountedTokens {
    const text = ++this.#texts;
    const distinct: TokenEntry[] = [];
    const counts: number[] = [];
    for (const id of ids) {
      let entry = this.#entries.get(id);
      if (entry === undefined) {
        entry = { id, row: undefined, seenIn: 0, slot: 0 };
        this.#entries.set(id, entry);
        this.#unread.push(entry);
      }
      if (entry.seenIn === text) {
        counts[entry.slot]!++;
        continue;
      }
      entry.seenIn = text;
      entry.slot = distinct.length;
      distinct.push(entry);
      counts.push(1);
    }
    return { distinct, counts };
  }

  /** Reads the rows of the tokens counted since the last call, all in one evaluation. */
  lookUp(): void {
    const unread = this.#unread;
    if (unread.length === 0) return;
    this.#unread = [];
    const { dimensions } = this.#graph;
    let values: Float32Array;
    try {
      values = this.#graph.rows(unread.map((entry) => entry.id));
    } catch (error) {
      // An id the model refuses must not stay behind as an entry with no row.
      for (const entry of unread) this.#entries.delete(entry.id);
      throw error;
    }
    unread.forEach((entry, i) => {
      entry.row = values.subarray(i * dimensions, (i + 1) * dimensions);
    });
  }

  clear(): void {
    this.#entries.clear();
    this.#unread = [];
  }
}
