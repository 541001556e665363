import { createDotProductKernel, type DotProductKernel } from "./dot-product-kernel.js";
import { RecentScores } from "./recent-scores.js";
import { bestSlots, type FilterOutlook } from "../top-k.js";
import type { VectorIndex, VectorMatch } from "./vector-index.js";

interface Slot {
  slot: number;
  textHash: string;
}

/**
 * Exact cosine search: every tool's unit vector in one contiguous block, compared with the
 * query by a SIMD kernel, the best `k` kept in a small heap. No approximation, no build step,
 * nothing to persist: it is rebuilt from the vector cache in milliseconds.
 *
 * A removed tool's slot is zeroed and reused by the next insertion, so the block stays as
 * large as the catalogue has ever been, not larger. A query compared again before the catalogue
 * changes reuses its scores (see {@link RecentScores}).
 */
export class ExactVectorIndex implements VectorIndex {
  readonly kind = "exact";
  private readonly kernel: DotProductKernel;
  private readonly entries = new Map<string, Slot>();
  private readonly names: (string | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  /** Floats per stored vector: the dimension padded to whole SIMD lanes. */
  private readonly stride: number;
  private capacity = 0;
  private readonly recent = new RecentScores();
  /** Whether the last search's filter refused a tool it was asked about ({@link bestSlots}). */
  private readonly outlook: FilterOutlook = { refused: false };

  constructor(
    readonly dimensions: number,
    options: { simd?: boolean } = {},
  ) {
    this.kernel = createDotProductKernel(options);
    this.stride = Math.ceil(dimensions / 4) * 4;
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
    new Float32Array(this.kernel.memory.buffer, this.vectorOffset(entry.slot), this.dimensions).set(vector);
  }

  remove(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    // Kept scores stay right: a freed slot has no name, so a search skips it until an upsert.
    new Float32Array(this.kernel.memory.buffer, this.vectorOffset(entry.slot), this.stride).fill(0);
    this.entries.delete(name);
    this.names[entry.slot] = undefined;
    this.freeSlots.push(entry.slot);
  }

  search(vector: Float32Array, k: number, filter?: (name: string) => boolean): VectorMatch[] {
    const count = this.names.length;
    if (k <= 0 || this.entries.size === 0) return [];
    const known = this.recent.get(vector);
    if (known) return bestOf(known, this.names, k, filter, this.outlook);
    const queryOffset = this.vectorOffset(this.capacity);
    const scoresOffset = queryOffset + this.stride * 4;
    new Float32Array(this.kernel.memory.buffer, queryOffset, this.stride).fill(0).set(vector);
    this.kernel.dots(0, count, queryOffset, this.stride / 4, scoresOffset);
    const scores = new Float32Array(this.kernel.memory.buffer, scoresOffset, count);
    this.recent.set(vector, scores);
    return bestOf(scores, this.names, k, filter, this.outlook);
  }

  private vectorOffset(slot: number): number {
    return slot * this.stride * 4;
  }

  /** Room for `capacity` vectors, plus the query and one score per vector after them. */
  private grow(capacity: number): void {
    this.capacity = capacity;
    this.kernel.reserve(this.vectorOffset(capacity) + this.stride * 4 + capacity * 4);
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
