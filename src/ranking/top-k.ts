/**
 * The best `k` of a stream of candidates, kept in a min-heap: `heap[0]` is the weakest of the
 * best so far, so a candidate that cannot make the list costs one comparison.
 *
 * The caller asks {@link TopK.admits} before its own costlier checks (a permission filter, say)
 * and {@link TopK.add}s only candidates that pass them: a filter then runs on the few candidates
 * that would enter the list, not on all of them.
 *
 * `weaker` must be a strict total order (break score ties by a position or id), so the answer
 * does not depend on the order candidates arrive in.
 *
 * @example
 * ```ts
 * const top = new TopK<number>(2, (a, b) => scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b));
 * for (let slot = 0; slot < scores.length; slot++) if (top.admits(slot) && allowed(slot)) top.add(slot);
 * top.best(); // the two best slots, best first
 * ```
 */
export class TopK<T> {
  private readonly heap: T[] = [];

  constructor(
    private readonly k: number,
    /** Whether `a` ranks below `b`. */
    private readonly weaker: (a: T, b: T) => boolean,
  ) {}

  /** Whether the candidate would enter the best `k` as they stand. */
  admits(candidate: T): boolean {
    if (this.heap.length < this.k) return true;
    return this.k > 0 && this.weaker(this.heap[0]!, candidate);
  }

  /**
   * The weakest candidate kept, once `k` are: one that ranks below it cannot enter. A caller
   * scanning scores compares with its score first, which is cheaper than {@link TopK.admits}'s
   * call of `weaker` for each of thousands of candidates.
   */
  weakest(): T | undefined {
    return this.heap.length === this.k ? this.heap[0] : undefined;
  }

  /** Adds a candidate {@link TopK.admits} accepted, dropping the weakest when the list is full. */
  add(candidate: T): void {
    const { heap, weaker } = this;
    if (heap.length < this.k) {
      heap.push(candidate);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!weaker(heap[at]!, heap[parent]!)) break;
        [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
        at = parent;
      }
      return;
    }
    heap[0] = candidate;
    for (let at = 0; ; ) {
      const left = 2 * at + 1;
      let weakest = at;
      if (left < heap.length && weaker(heap[left]!, heap[weakest]!)) weakest = left;
      if (left + 1 < heap.length && weaker(heap[left + 1]!, heap[weakest]!)) weakest = left + 1;
      if (weakest === at) return;
      [heap[at], heap[weakest]] = [heap[weakest]!, heap[at]!];
      at = weakest;
    }
  }

  /** The candidates kept, best first. */
  best(): T[] {
    const { weaker } = this;
    return [...this.heap].sort((a, b) => (weaker(a, b) ? 1 : weaker(b, a) ? -1 : 0));
  }
}

/** Which slots {@link bestSlots} reads: `slots[0…count)`, or every slot below `count` when `slots` is absent. */
export interface SlotScan {
  count: number;
  slots?: Int32Array;
}

/**
 * What a ranker's last selection learned of its filter: whether the filter refused a slot it was
 * asked about. A session's filter is much the same from one search to the next, so a filter that
 * refused last time is asked during the scan at once, without a first pass it would undo.
 */
export interface FilterOutlook {
  refused: boolean;
}

/**
 * The best `k` slots that `accept` takes, best first, by `scores` (ties as `weaker` breaks them).
 *
 * `accept` (a permission filter, a freed slot's check) runs on few slots: the best `k` are first
 * chosen without it, and when it takes all of them they are the answer, after `k` checks. Only
 * when it refuses one is the scan run again asking it of each slot that would enter the list. A
 * filter that lets most tools through is asked `k` times, not once per slot that entered the list
 * on the way (five or six times `k` over a catalogue in no particular order). With an `outlook`,
 * a filter that refused in the last selection skips the first pass. The answer is the same
 * whichever way it is found.
 */
export function bestSlots(
  scores: ArrayLike<number>,
  scan: SlotScan,
  k: number,
  weaker: (a: number, b: number) => boolean,
  accept?: (slot: number) => boolean,
  outlook?: FilterOutlook,
): number[] {
  if (accept === undefined) return scanBest(scores, scan, k, weaker);
  if (outlook?.refused !== true) {
    const unchecked = scanBest(scores, scan, k, weaker);
    if (unchecked.every(accept)) return unchecked;
  }
  let refused = false;
  const checked = scanBest(scores, scan, k, weaker, (slot) => accept(slot) || ((refused = true), false));
  if (outlook) outlook.refused = refused;
  return checked;
}

function scanBest(
  scores: ArrayLike<number>,
  { count, slots }: SlotScan,
  k: number,
  weaker: (a: number, b: number) => boolean,
  accept?: (slot: number) => boolean,
): number[] {
  const top = new TopK<number>(k, weaker);
  // Below the weakest kept score, a slot cannot enter: one comparison for most of the catalogue.
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const slot = slots === undefined ? i : slots[i]!;
    if (scores[slot]! < floor || !top.admits(slot)) continue;
    if (accept !== undefined && !accept(slot)) continue;
    top.add(slot);
    const weakest = top.weakest();
    if (weakest !== undefined) floor = scores[weakest]!;
  }
  return top.best();
}
