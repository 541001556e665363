/** How many fields a posting counts a term in (name, tags, description, parameters, examples). */
export const FIELD_COUNT = 5;
/** A term repeated more often than this in one field counts this often: BM25 saturates long before. */
const MAX_COUNT = 0xffff;

/**
 * The tools that contain one term, as two parallel typed arrays: the tool's slot, and the
 * term's count in each field. Entries of removed tools stay until {@link TermPostings.compact}.
 */
export class TermPostings {
  slots = new Int32Array(4);
  /** `FIELD_COUNT` counts per entry. */
  counts = new Uint16Array(4 * FIELD_COUNT);
  length = 0;
  /** Per entry, the term's saturated BM25F weight, valid while `saturatedEpoch` is the index's. */
  saturated = new Float64Array(0);
  saturatedEpoch = -1;

  /** Adds a tool with the `FIELD_COUNT` counts found at `from` in `fieldCounts`. */
  add(slot: number, fieldCounts: ArrayLike<number>, from = 0): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.slots.length * 2);
      slots.set(this.slots);
      this.slots = slots;
      const counts = new Uint16Array(this.counts.length * 2);
      counts.set(this.counts);
      this.counts = counts;
    }
    this.slots[this.length] = slot;
    for (let field = 0; field < FIELD_COUNT; field++)
      this.counts[this.length * FIELD_COUNT + field] = Math.min(fieldCounts[from + field]!, MAX_COUNT);
    this.length++;
  }

  /** The entry of a tool, or -1. Entries are in slot order: slots only grow, and compaction keeps their order. */
  find(slot: number): number {
    let low = 0;
    let high = this.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = this.slots[middle]!;
      if (at === slot) return middle;
      if (at < slot) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Drops entries whose slot maps to -1 and renumbers the others. */
  compact(newSlotOf: Int32Array): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      const slot = newSlotOf[this.slots[i]!]!;
      if (slot < 0) continue;
      this.slots[kept] = slot;
      this.counts.copyWithin(kept * FIELD_COUNT, i * FIELD_COUNT, (i + 1) * FIELD_COUNT);
      kept++;
    }
    this.length = kept;
    this.saturatedEpoch = -1;
  }
}
