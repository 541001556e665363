import { callerKey, type Caller } from "../auth/caller.js";
import type { RateLimits } from "./policies-config.js";

/**
 * The JSON-RPC error code of a call refused for its rate: in the range JSON-RPC leaves to
 * servers (-32000 to -32099), unused by MCP (which takes -32000, -32001, -32002 and -32042), and
 * ending in 29 after HTTP's 429 Too Many Requests.
 */
export const RATE_LIMITED_CODE = -32029;

/** How many callers' buckets are kept at most; idle ones go first. */
const MAX_TRACKED_CALLERS = 10_000;

/** What a request counts against: `search_tools`, or any other tool. */
export type RateLimitedKind = "call" | "search";

interface Bucket {
  tokens: number;
  at: number;
  /** Its kind's limit, so a sweep judges it at its own rate without reading its key. */
  perMinute: number;
}

/**
 * Per-caller token buckets (keyed by {@link callerKey}): each holds up to a minute's allowance
 * and refills continuously, so a caller may burst up to the limit and then goes at its rate.
 * Memory is bounded: past {@link MAX_TRACKED_CALLERS} buckets, those that have refilled (the same
 * as none) are dropped, then the least recently used, down to 90% of the cap.
 *
 * @example
 * ```ts
 * const limiter = new RateLimiter({ callsPerMinute: 60, searchesPerMinute: undefined });
 * limiter.take(caller, "call"); // undefined (allowed), or { retryAfterMs, message }
 * ```
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = () => performance.now(),
    private readonly maxCallers = MAX_TRACKED_CALLERS,
  ) {}

  /**
   * Takes one request from the caller's allowance: `undefined` when allowed, else how long until
   * one more would be and the message that says so.
   */
  take(caller: Caller, kind: RateLimitedKind): { retryAfterMs: number; message: string } | undefined {
    const perMinute = kind === "call" ? this.limits.callsPerMinute : this.limits.searchesPerMinute;
    if (perMinute === undefined) return undefined;
    const perMs = perMinute / 60_000;
    const key = `${kind} ${callerKey(caller)}`;
    const now = this.now();
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs) : perMinute;
    // Re-inserted, so the map's order is least recently used first.
    this.buckets.delete(key);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now, perMinute });
      // Less a hair, so floating-point dust does not round a whole millisecond up.
      const retryAfterMs = Math.max(1, Math.ceil((1 - tokens) / perMs - 1e-6));
      return { retryAfterMs, message: rateLimitMessage(kind, this.limits, retryAfterMs) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now, perMinute });
    if (this.buckets.size > this.maxCallers) this.evict(now);
    return undefined;
  }

  /** How many buckets are kept (for tests of the bound). */
  get size(): number {
    return this.buckets.size;
  }

  private evict(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) * bucket.perMinute) / 60_000 >= bucket.perMinute) this.buckets.delete(key);
    }
    // Down to 90% of the cap, so the next sweep is a tenth of the cap of new callers away:
    // each sweep reads every bucket, and one per new caller would be quadratic.
    const keep = Math.floor(this.maxCallers * 0.9);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= keep) break;
      this.buckets.delete(key);
    }
  }
}

/** The message of a rate-limited request: what was limited and when to try again. */
function rateLimitMessage(kind: RateLimitedKind, limits: RateLimits, retryAfterMs: number): string {
  const limit = kind === "call" ? `${limits.callsPerMinute} tool calls` : `${limits.searchesPerMinute} searches`;
  return `Rate limit reached: at most ${limit} a minute per caller. Retry after ${Math.ceil(retryAfterMs / 1000)} s (${retryAfterMs} ms).`;
}
