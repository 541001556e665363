/** Queries a session remembers for crediting: a model rarely searches more than a few times per call. */
const MAX_REMEMBERED = 16;

/**
 * A session's recent `search_tools` queries, for learning from use: a successful tool call is
 * credited with the queries made since the previous successful call. Calls that run side by side
 * (one turn's tool uses) share the queries made before them; a failed call (invalid, denied,
 * unknown, not approved, thrown, `is_error`) is credited with nothing and leaves the queries to
 * the call that succeeds next.
 *
 * @example
 * ```ts
 * trail.searched("open a ticket");
 * const mark = trail.mark();        // when the call starts
 * trail.credit(mark);               // when it succeeds: ["open a ticket"]
 * trail.credit(trail.mark());       // a later call: []
 * ```
 */
export class UsageTrail {
  private queries: { query: string; seq: number }[] = [];
  private seq = 0;
  /** Queries up to this position are credited to a call that succeeded. */
  private consumed = 0;

  /** Records a successful search. */
  searched(query: string): void {
    this.queries.push({ query, seq: ++this.seq });
    if (this.queries.length > MAX_REMEMBERED) this.queries.shift();
  }

  /** Taken when a tool call starts: which queries the call may be credited with. */
  mark(): { from: number; to: number } {
    return { from: this.consumed, to: this.seq };
  }

  /** The call that took `mark` succeeded: its queries, distinct, oldest first. */
  credit(mark: { from: number; to: number }): string[] {
    this.consumed = Math.max(this.consumed, mark.to);
    // Nothing is let go here: a call started earlier may still succeed and claim these queries.
    // MAX_REMEMBERED bounds what is kept.
    const credited = this.queries.filter(({ seq }) => seq > mark.from && seq <= mark.to).map(({ query }) => query);
    return [...new Set(credited)];
  }
}
