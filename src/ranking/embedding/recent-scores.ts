/**
 * The similarity of every stored vector to the last few query vectors, so a query compared again
 * before the index changes skips the scan. A search that has learned from use asks its ranker
 * twice for the same text (once deep, once for the places asked), and a chained request's parts
 * are the same texts both times: without this each asks the kernel to compare the whole
 * catalogue again.
 *
 * Reuse needs nothing proved about ties or depths: the same vector against the same stored
 * vectors gives the same scores, and the caller selects from them as it would from fresh ones.
 * Entries hold a copy of the query and one float per stored vector, so the memory is at most
 * `capacity` floats per stored vector beside the vector's own hundreds; the oldest goes first.
 */
export class RecentScores {
  private readonly entries: { query: Float32Array; scores: Float32Array }[] = [];

  constructor(
    /** How many queries to remember: a request and its parts fit. */
    private readonly capacity = 8,
  ) {}

  /** The scores kept for a query equal to this one (element by element), or `undefined`. */
  get(query: Float32Array): Float32Array | undefined {
    const at = this.entries.findIndex((entry) => sameVector(entry.query, query));
    if (at < 0) return undefined;
    const [entry] = this.entries.splice(at, 1);
    this.entries.push(entry!);
    return entry!.scores;
  }

  /** Remembers copies of a query and its scores, forgetting the oldest past the capacity. */
  set(query: Float32Array, scores: Float32Array): void {
    if (this.capacity <= 0) return;
    this.entries.push({ query: query.slice(), scores: scores.slice() });
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  /** Forgets every query: the stored vectors changed. */
  clear(): void {
    this.entries.length = 0;
  }
}

function sameVector(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
