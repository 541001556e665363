/** Receives a ranker's warnings: a stable code (`ranker_fallback`, `cache_write_failed`, …) and a message. */
export type RankerWarningListener = (code: string, message: string) => void;

/**
 * The listeners of a ranker's {@link Ranker.listen}: whoever uses a ranker it did not build (a
 * tool search given yours) hears its warnings here, beside the `onWarning` it was built with.
 */
export class RankerWarnings {
  private readonly listeners = new Set<RankerWarningListener>();

  /** Adds a listener; returns a function that removes it. */
  listen(listener: RankerWarningListener): () => void {
    // A wrapper per call, so the same function listening twice is also removed twice.
    const entry: RankerWarningListener = (code, message) => listener(code, message);
    this.listeners.add(entry);
    return () => void this.listeners.delete(entry);
  }

  /** Tells every listener; one that throws is skipped, as a warning must never break a search. */
  warn(code: string, message: string): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(code, message);
      } catch {
        // An observer's failure is its own.
      }
    }
  }
}
