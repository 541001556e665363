/** How reconnect attempts are spaced. */
export interface Backoff {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Half a second, doubling to at most 30 s: quick for a restart, quiet for a long outage. */
export const DEFAULT_BACKOFF: Backoff = { initialDelayMs: 500, maxDelayMs: 30_000 };

/**
 * The delay before the next attempt after `failures` failed ones in a row: `initialDelayMs`
 * doubled per failure up to `maxDelayMs`, then drawn from the upper half of that ("equal
 * jitter"), so many hosts that lost the same server do not all return at the same instant while
 * each still backs off.
 *
 * @param random - A number in [0, 1); `Math.random` unless a test fixes it.
 */
export function backoffDelay(failures: number, backoff: Backoff, random: () => number = Math.random): number {
  // Past 2^30 the product is Infinity-safe but pointless: the cap has long been reached.
  const ceiling = Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** Math.min(Math.max(failures, 0), 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
