import { describe, expect, it } from "vitest";
import { caller } from "../../../test/support/callers.js";
import { RateLimiter } from "./rate-limit.js";

const alice = caller("alice");

describe("RateLimiter", () => {
  it("refills at its rate: one more call per interval after the burst", () => {
    let now = 0;
    const limiter = new RateLimiter({ callsPerMinute: 60, searchesPerMinute: undefined }, () => now);
    for (let i = 0; i < 60; i++) expect(limiter.take(alice, "call")).toBeUndefined();
    expect(limiter.take(alice, "call")?.retryAfterMs).toBe(1_000);
    now += 999;
    expect(limiter.take(alice, "call")?.retryAfterMs).toBe(1);
    now += 1;
    expect(limiter.take(alice, "call")).toBeUndefined();
    expect(limiter.take(alice, "search")).toBeUndefined();
  });

  it("keeps a bounded number of callers, idle ones dropped first", () => {
    let now = 0;
    const limiter = new RateLimiter({ callsPerMinute: 10, searchesPerMinute: undefined }, () => now, 100);
    for (let i = 0; i < 10; i++) limiter.take(alice, "call");
    for (let i = 0; i < 5_000; i++) {
      now += 1;
      limiter.take(caller(`c${i}`), "call");
    }
    expect(limiter.size).toBeLessThanOrEqual(100);
    // Alice's empty bucket was the oldest and went; a fresh one is full: bounded memory costs that much leniency.
    expect(limiter.take(alice, "call")).toBeUndefined();
  });
});
