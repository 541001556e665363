import type { StaticEmbeddingGraph } from "./onnx/static-embedding-graph.js";
import { createRowSumKernel, type RowSumKernel } from "./row-sum-kernel.js";

/** A token id seen by the embedder, with where its row is once looked up. */
export interface TokenEntry {
  readonly id: number;
  /** The row's byte offset in the kernel's memory, set by {@link TokenRows.lookUp}; -1 before. */
  offset: number;
  /** The last {@link TokenRows.count} that met it, and its place in that text's distinct tokens. */
  seenIn: number;
  slot: number;
}

/** A text's distinct tokens in the order they first occur, and how often each occurs. */
export interface CountedTokens {
  distinct: TokenEntry[];
  counts: number[];
}

const align16 = (bytes: number) => Math.ceil(bytes / 16) * 16;

/**
 * The rows of the token ids a static embedder has met, each looked up once per process, and
 * the pooling of a text's rows. Counting: one map lookup per token finds both whether the token
 * is new to this text and its entry, where counting in a map per text and checking a second
 * map for unknown rows took three; a catalogue is hundreds of thousands of tokens, nearly all
 * seen already. Pooling: the rows live in the memory of a {@link RowSumKernel}, which sums a
 * text's rows in SIMD. Memory is bounded by the model's vocabulary.
 */
export class TokenRows {
  readonly #graph: StaticEmbeddingGraph;
  readonly #simd: boolean | undefined;
  readonly #entries = new Map<number, TokenEntry>();
  /** Entries made since the last lookUp, whose rows are still to read. */
  #unread: TokenEntry[] = [];
  #texts = 0;
  /** Made with the first row, and dropped by {@link clear}: a WebAssembly memory cannot shrink. */
  #kernel: RowSumKernel | undefined;
  /** Bytes of the kernel's memory the rows fill; scratch space for a sum starts after them. */
  #rowsEnd = 0;
  /** Bytes from one row to the next: the model's dimensions, zero-padded to four floats. */
  readonly #stride: number;

  /** @param options - `simd: false` sums in JavaScript (the tests compare the two). */
  constructor(graph: StaticEmbeddingGraph, options: { simd?: boolean } = {}) {
    this.#graph = graph;
    this.#simd = options.simd;
    this.#stride = align16(graph.dimensions * 4);
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
        entry = { id, offset: -1, seenIn: 0, slot: 0 };
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
    const kernel = (this.#kernel ??= createRowSumKernel({ simd: this.#simd }));
    kernel.reserve(this.#rowsEnd + unread.length * this.#stride);
    const floats = new Float32Array(kernel.memory.buffer);
    unread.forEach((entry, i) => {
      const at = this.#rowsEnd / 4;
      floats.set(values.subarray(i * dimensions, (i + 1) * dimensions), at);
      // Lanes past the dimensions are never read, but an earlier sum's scratch there (offsets
      // read as floats are denormals) would slow the kernel's arithmetic on them.
      floats.fill(0, at + dimensions, at + this.#stride / 4);
      entry.offset = this.#rowsEnd;
      this.#rowsEnd += this.#stride;
    });
  }

  /**
   * The mean of a counted text's rows, each distinct row times its count, summed in
   * first-occurrence order in float32; the zero vector for a text with no token. Its tokens
   * must have been looked up.
   */
  mean({ distinct, counts }: CountedTokens): Float32Array {
    const { dimensions } = this.#graph;
    const vector = new Float32Array(dimensions);
    const kernel = this.#kernel;
    if (distinct.length === 0 || kernel === undefined) return vector;
    const list = align16(this.#rowsEnd);
    const out = list + align16(distinct.length * 8);
    kernel.reserve(out + this.#stride);
    const floats = new Float32Array(kernel.memory.buffer);
    const ints = new Int32Array(kernel.memory.buffer);
    let total = 0;
    distinct.forEach((entry, i) => {
      ints[list / 4 + i * 2] = entry.offset;
      floats[list / 4 + i * 2 + 1] = counts[i]!;
      total += counts[i]!;
    });
    floats.fill(0, out / 4, (out + this.#stride) / 4);
    kernel.sum(list, distinct.length, this.#stride / 16, out);
    for (let d = 0; d < dimensions; d++) vector[d] = floats[out / 4 + d]! / total;
    return vector;
  }

  /** A copy of the row of a text's first token (`cls` pooling); the zero vector for none. */
  first({ distinct }: CountedTokens): Float32Array {
    const { dimensions } = this.#graph;
    const entry = distinct[0];
    if (entry === undefined || this.#kernel === undefined) return new Float32Array(dimensions);
    return new Float32Array(this.#kernel.memory.buffer, entry.offset, dimensions).slice();
  }

  clear(): void {
    this.#entries.clear();
    this.#unread = [];
    this.#kernel = undefined;
    this.#rowsEnd = 0;
  }
}
