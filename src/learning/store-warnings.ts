import type { UsageStoreWarning } from "./usage-store.js";

/** Who hears a store's warnings: its `onWarning` option and every tool search that listens. */
export class StoreWarnings {
  private readonly listeners = new Set<UsageStoreWarning>();

  constructor(onWarning: UsageStoreWarning | undefined) {
    if (onWarning) this.listeners.add(onWarning);
  }

  /** Adds a listener; returns the function that removes it. */
  listen(listener: UsageStoreWarning): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  warn(code: string, message: string): void {
    for (const listener of this.listeners) {
      try {
        listener(code, message);
      } catch {
        // A listener must not break the store.
      }
    }
  }
}
