/** setTimeout's longest delay: a longer one fires at once, so a longer wait is "as long as it takes". */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Waits for `work`, or `ms` at most: settles like `work` when it settles first, else resolves to
 * `onTimeout` (a marker the caller tells apart). The work goes on either way; only the wait ends.
 * The timer is capped at {@link MAX_TIMER_MS}, cleared as soon as the race is decided, and
 * unref'd: a pending wait must not keep the process alive on its own.
 *
 * @example
 * ```ts
 * const TIMED_OUT = Symbol("timed out");
 * const answer = await withinTime(fetchAnswer(), 5_000, TIMED_OUT);
 * if (answer === TIMED_OUT) giveUp();
 * ```
 */
export async function withinTime<T, F>(work: Promise<T>, ms: number, onTimeout: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), Math.max(0, Math.min(ms, MAX_TIMER_MS)));
    timer.unref();
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
