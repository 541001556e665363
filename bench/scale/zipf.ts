import type { Prng } from "./prng.js";

/**
 * Draws items with Zipf-distributed frequencies: the item at rank r (1-based, list order) is
 * drawn with probability proportional to 1 / r^exponent, so a few head items are everywhere
 * and the tail is rare, as words are in real catalogues.
 *
 * @example
 * ```ts
 * const verbs = new ZipfPicker(["get", "list", "create"], 1);
 * verbs.pick(random); // "get" about half the time
 * ```
 */
export class ZipfPicker<T> {
  /** Running sums of the unnormalised weights; the last entry is the total. */
  private readonly cumulative: Float64Array;

  constructor(
    readonly items: readonly T[],
    readonly exponent = 1,
  ) {
    if (items.length === 0) throw new RangeError("ZipfPicker needs at least one item.");
    if (!(exponent >= 0) || !Number.isFinite(exponent))
      throw new RangeError(`ZipfPicker exponent must be a finite number ≥ 0, got ${exponent}.`);
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    for (let rank = 1; rank <= items.length; rank++) {
      sum += 1 / rank ** exponent;
      this.cumulative[rank - 1] = sum;
    }
  }

  /** The chance of drawing the item at `index` (0-based). */
  probability(index: number): number {
    const total = this.cumulative[this.cumulative.length - 1] as number;
    return 1 / (index + 1) ** this.exponent / total;
  }

  pick(random: Prng): T {
    return this.items[this.pickIndex(random)] as T;
  }

  pickIndex(random: Prng): number {
    const target = random.next() * (this.cumulative[this.cumulative.length - 1] as number);
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
