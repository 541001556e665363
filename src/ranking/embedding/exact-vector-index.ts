import { createQuantizedDotKernel, type QuantizedDotKernel } from "./quantized-dot-kernel.js";
import { INT8_LIMIT, INT16_LIMIT, quantizeInto } from "./quantize.js";
import { RecentScores } from "./recent-scores.js";
import { bestSlots, type FilterOutlook } from "../top-k.js";
import type { VectorIndex, VectorMatch } from "./vector-index.js";

interface Slot {
  slot: number;
  textHash: string;
}

/**
 * Exact cosine search: every tool's unit vector in one contiguous block, compared with the
 * query by a SIMD kernel, the best `k` kept in a small heap. No graph, no build step, nothing
 * to persist: it is rebuilt from the vector cache in milliseconds.
 *
 * Vectors are stored as int8 with one scale each ({@link quantizeInto}): a quarter of the
 * memory of float32, and a scan twice as fast, since a scan of a large catalogue waits on
 * memory. Every vector is still compared; a similarity moves by about 5·10⁻⁴.
 *
 * Memory, from offset 0: `capacity` vectors of `stride` bytes, their `capacity` float32 scales,
 * the int16 query, then one float32 score per vector. A removed tool's slot is zeroed and
 * reused by the next insertion, so the block stays as large as the catalogue has ever been, not
 * larger. A query compared again before the catalogue changes reuses its scores (see
 * {@link RecentScores}).
 */
export class ExactVectorIndex implements VectorIndex {
  readonly kind = "exact";
  private readonly kernel: QuantizedDotKernel;
  private readonly entries = new Map<string, Slot>();
  private readonly names: (string | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Bytes per stored vector: the dimension padded to whole 16-byte SIMD loads. */
  private readonly stride: number;
  private capacity = 0;
  private readonly recent = new RecentScores();
  /** Whether the last search's filter refused a tool it was asked about ({@link bestSlots}). */
  private readonly outlook: FilterOutlook = { refused: false };

  constructor(
    readonly dimensions: number,
    options: { simd?: boolean } = {},
  ) {
    this.kernel = createQuantizedDotKernel(options);
    this.stride = Math.ceil(dimensions / 16) * 16;
    this.grow(64);
  }

  get size(): number {
    return this.entries.size;
  }

  textHashOf(name: string): string | undefined {
    return this.entries.get(name)?.textHash;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  upsert(name: string, textHash: string, vector: Float32Array): void {
    if (vector.length !== this.dimensions)
      throw new RangeError(`vector of ${vector.length} dimensions for an index of ${this.dimensions}`);
    this.recent.clear();
    let entry = this.entries.get(name);
    if (!entry) {
      const slot = this.freeSlots.pop() ?? this.names.length;
      if (slot >= this.capacity) this.grow(this.capacity * 2);
      entry = { slot, textHash };
      this.entries.set(name, entry);
      this.names[slot] = name;
    }
    entry.textHash = textHash;
    const stored = new Int8Array(this.kernel.memory.buffer, entry.slot * this.stride, this.dimensions);
    this.scales()[entry.slot] = quantizeInto(vector, stored, INT8_LIMIT);
  }

  remove(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    // Kept scores stay right: a freed slot has no name, so a search skips it until an upsert.
    new Int8Array(this.kernel.memory.buffer, entry.slot * this.stride, this.stride).fill(0);
    this.scales()[entry.slot] = 0;
    this.entries.delete(name);
    this.names[entry.slot] = undefined;
    this.freeSlots.push(entry.slot);
  }

  search(vector: Float32Array, k: number, filter?: (name: string) => boolean): VectorMatch[] {
    const count = this.names.length;
    if (k <= 0 || this.entries.size === 0) return [];
    const known = this.recent.get(vector);
    if (known) return bestOf(known, this.names, k, filter, this.outlook);
    const { scales, query, scores } = this.layout(this.capacity);
    const queryValues = new Int16Array(this.kernel.memory.buffer, query, this.stride).fill(0);
    const queryScale = quantizeInto(vector, queryValues, INT16_LIMIT);
    this.kernel.dots(0, scales, count, query, this.stride / 16, scores);
    const found = new Float32Array(this.kernel.memory.buffer, scores, count);
    for (let slot = 0; slot < count; slot++) found[slot] = found[slot]! * queryScale;
    this.recent.set(vector, found);
    return bestOf(found, this.names, k, filter, this.outlook);
  }

  private scales(): Float32Array {
    return new Float32Array(this.kernel.memory.buffer, this.layout(this.capacity).scales, this.capacity);
  }

  /** Byte offsets of the scales, the query and the scores for room for `capacity` vectors. */
  private layout(capacity: number): { scales: number; query: number; scores: number; end: number } {
    const scales = capacity * this.stride;
    // Scales take 4 bytes each: rounded up to 16 bytes, the query after them stays aligned.
    const query = scales + Math.ceil((capacity * 4) / 16) * 16;
    const scores = query + this.stride * 2;
    return { scales, query, scores, end: scores + capacity * 4 };
  }

  /** Room for `capacity` vectors; the scales move up past the grown vectors. */
  private grow(capacity: number): void {
    const grown = this.layout(capacity);
    this.kernel.reserve(grown.end);
    if (this.capacity > 0) {
      const scales = this.layout(this.capacity).scales;
      new Uint8Array(this.kernel.memory.buffer).copyWithin(grown.scales, scales, scales + this.capacity * 4);
    }
    this.capacity = capacity;
  }
}

/**
 * The `k` best live slots, best first (ties by slot, for stable results). The filter runs on few
 * slots ({@link bestSlots}), so a permission check visits a few tools per query, not all of them.
 */
function bestOf(
  scores: Float32Array,
  names: readonly (string | undefined)[],
  k: number,
  filter: ((name: string) => boolean) | undefined,
  outlook: FilterOutlook,
): VectorMatch[] {
  const weaker = (a: number, b: number) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);
  // A freed slot has no name; its zeroed vector scores 0, which can outrank a dissimilar tool.
  const live = (slot: number) => {
    const name = names[slot];
    return name !== undefined && (!filter || filter(name));
  };
  return bestSlots(scores, { count: scores.length }, k, weaker, live, outlook).map((slot) => ({
    name: names[slot]!,
    similarity: scores[slot]!,
  }));
}
