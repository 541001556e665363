/**
 * Runs operations one at a time, in the order given: a store's appends and compactions must not
 * interleave within one process (the file lock orders processes, not the calls of one). A failed
 * operation fails only its own caller; the next one still runs.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.tail.then(operation);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Settles once every operation queued so far has settled. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
