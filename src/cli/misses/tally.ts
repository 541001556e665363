/**
 * Counts per key, listed most first. Keys are compared as a Map compares them, so `undefined`
 * (a record that names no server) is a key like any other and hostile names such as
 * `__proto__` are only strings.
 */
export class Tally<K extends string | undefined> {
  readonly #counts = new Map<K, number>();

  add(key: K, by = 1): void {
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + by);
  }

  get size(): number {
    return this.#counts.size;
  }

  /** The `limit` largest, most first; ties in key order (`undefined` last), so a report is stable. */
  top(limit: number): { key: K; count: number }[] {
    return [...this.#counts]
      .map(([key, count]) => ({ key, count }))
      .sort((a, b) => b.count - a.count || compareKeys(a.key, b.key))
      .slice(0, limit);
  }
}

function compareKeys(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? -1 : 1;
}
