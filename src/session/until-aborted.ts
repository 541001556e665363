import type { AbortSignalLike } from "../catalogue/index.js";

/** What {@link untilAborted} settles with: the work's own outcome, or the abort that came first. */
export type Raced<T> = { aborted: false; value: T } | { aborted: true };

/**
 * Waits for `work`, or for `signal` to abort, whichever comes first. The work is not stopped
 * (only its owner can do that, e.g. a tool watching `context.signal`); a late rejection of it
 * is observed here so it cannot surface as an unhandled rejection. The listener is removed once
 * either side settles, so a long-lived signal does not collect listeners.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignalLike | undefined): Promise<Raced<T>> {
  if (!signal) return work.then((value) => ({ aborted: false, value }));
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.resolve({ aborted: true });
  }
  return new Promise<Raced<T>>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      resolve({ aborted: true });
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve({ aborted: false, value });
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Whether a value given as a signal has the shape toolsift reads; anything else is ignored, not trusted. */
export function isAbortSignalLike(value: unknown): value is AbortSignalLike {
  if (typeof value !== "object" || value === null) return false;
  const signal = value as Partial<Record<keyof AbortSignalLike, unknown>>;
  return (
    typeof signal.aborted === "boolean" &&
    typeof signal.addEventListener === "function" &&
    typeof signal.removeEventListener === "function"
  );
}
