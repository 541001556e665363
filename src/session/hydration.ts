/** What one use of a tool changed in the hydrated set. */
export interface HydrationChange {
  /** The tool was not hydrated before this use. */
  hydrated: boolean;
  /** Tools that fell out, least recently used first. */
  evicted: string[];
}

/**
 * The hydrated tools of one session under an LRU cap. It tracks two orders: recency, for
 * eviction, and first hydration, for the tool block, where appending keeps earlier
 * bytes (and so the prompt cache) unchanged.
 */
export class Hydration {
  /** name → sequence number of its (latest) hydration; Map order is recency. */
  private readonly recency = new Map<string, number>();
  private sequence = 0;

  constructor(private readonly capacity: number) {}

  /** Marks a tool as used now, hydrating it (and evicting the LRU tools past the cap) if needed. */
  use(name: string): HydrationChange {
    if (this.capacity <= 0) return { hydrated: false, evicted: [] };
    const known = this.recency.get(name);
    this.recency.delete(name);
    this.recency.set(name, known ?? this.sequence++);
    const evicted: string[] = [];
    for (const oldest of this.recency.keys()) {
      if (this.recency.size <= this.capacity) break;
      this.recency.delete(oldest);
      evicted.push(oldest);
    }
    return { hydrated: known === undefined && this.recency.has(name), evicted };
  }

  has(name: string): boolean {
    return this.recency.has(name);
  }

  /** Unloads a tool, as an eviction would; whether it was hydrated. */
  remove(name: string): boolean {
    return this.recency.delete(name);
  }

  /** Least recently used first. */
  byRecency(): string[] {
    return [...this.recency.keys()];
  }

  /**
   * Replaces the whole set: `recency` least recently used first, `firstUse` the block's order
   * (names missing from `recency` are ignored, names missing from `firstUse` go last). Past the
   * cap, the least recently used are dropped. For a session rebuilt from a copy (another replica's).
   */
  replace(recency: readonly string[], firstUse: readonly string[]): void {
    this.recency.clear();
    const kept = this.capacity <= 0 ? [] : [...new Set(recency)].slice(-this.capacity);
    const order = new Map([...new Set(firstUse)].map((name, index) => [name, index]));
    kept.forEach((name, index) => this.recency.set(name, order.get(name) ?? order.size + index));
    this.sequence = order.size + kept.length;
  }

  /** In the order the tools were (last) hydrated: the tool block's order. */
  byFirstUse(): string[] {
    return [...this.recency].sort((a, b) => a[1] - b[1]).map(([name]) => name);
  }
}
