import { describe, expect, it } from "vitest";
import { caller } from "../../../test/support/callers.js";
import { RATE_LIMITED_CODE, RateLimiter } from "./rate-limit.js";

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

describe("RateLimiter's answers", () => {
  it("says what was limited, at what rate, and when to retry, in seconds and milliseconds", () => {
    let now = 0;
    const limiter = new RateLimiter({ callsPerMinute: 2, searchesPerMinute: 1 }, () => now);
    expect(limiter.take(alice, "call")).toBeUndefined();
    expect(limiter.take(alice, "call")).toBeUndefined();
    expect(limiter.take(alice, "call")).toEqual({
      retryAfterMs: 30_000,
      message: "Rate limit reached: at most 2 tool calls a minute per caller. Retry after 30 s (30000 ms).",
    });
    expect(limiter.take(alice, "search")).toBeUndefined();
    now += 1_500;
    expect(limiter.take(alice, "search")).toEqual({
      retryAfterMs: 58_500,
      message: "Rate limit reached: at most 1 searches a minute per caller. Retry after 59 s (58500 ms).",
    });
  });

  it("limits each caller on its own, keyed by how it proved who it is too", () => {
    const limiter = new RateLimiter({ callsPerMinute: 1, searchesPerMinute: undefined }, () => 0);
    expect(limiter.take(alice, "call")).toBeUndefined();
    expect(limiter.take(caller("bob"), "call")).toBeUndefined();
    expect(limiter.take(caller("alice", { via: "oauth" }), "call")).toBeUndefined();
    expect(limiter.take(alice, "call")).toBeDefined();
    // No search limit: searches are never counted.
    for (let i = 0; i < 100; i++) expect(limiter.take(alice, "search")).toBeUndefined();
    expect(limiter.size).toBe(3);
  });

  it("waits at least a millisecond, and refills no bucket past the minute's allowance", () => {
    let now = 0;
    const limiter = new RateLimiter({ callsPerMinute: 3, searchesPerMinute: undefined }, () => now);
    for (let i = 0; i < 3; i++) limiter.take(alice, "call");
    now += 19_999.9999;
    expect(limiter.take(alice, "call")?.retryAfterMs).toBe(1);
    // A long idle time fills the bucket to 3, not more.
    now += 3_600_000;
    for (let i = 0; i < 3; i++) expect(limiter.take(alice, "call")).toBeUndefined();
    expect(limiter.take(alice, "call")).toBeDefined();
  });

  it("drops refilled buckets first when over its bound, then the least recently used, down to 90%", () => {
    let now = 0;
    const limiter = new RateLimiter({ callsPerMinute: 60, searchesPerMinute: 60 }, () => now, 10);
    // Ten callers each take one call; the earliest have refilled by the time the eleventh comes.
    for (let i = 0; i < 10; i++) {
      limiter.take(caller(`c${i}`), i % 2 === 0 ? "call" : "search");
      now += 100;
    }
    now = 1_000 + 400;
    limiter.take(caller("c10"), "call");
    // c0..c4 had a second or more to refill their token (1 a second): dropped; c5..c10 are kept.
    expect(limiter.size).toBe(6);
    // A caller kept with its bucket spent is still limited.
    const spent = new RateLimiter({ callsPerMinute: 1, searchesPerMinute: undefined }, () => now, 10);
    spent.take(caller("first"), "call");
    for (let i = 0; i < 10; i++) spent.take(caller(`c${i}`), "call");
    // No bucket has refilled: the least recently used go, first among them, down to 9.
    expect(spent.size).toBe(9);
    expect(spent.take(caller("c9"), "call")).toBeDefined();
    expect(spent.take(caller("first"), "call")).toBeUndefined();
  });

  it("judges whether a bucket has refilled at its own kind's rate", () => {
    let now = 0;
    const limiter = new RateLimiter({ callsPerMinute: 1, searchesPerMinute: 600 }, () => now, 10);
    limiter.take(caller("x1"), "call");
    limiter.take(caller("x2"), "call");
    limiter.take(caller("s"), "search");
    for (let i = 3; i < 10; i++) limiter.take(caller(`x${i}`), "call");
    // 150 ms on, the search bucket has refilled (10 a second), no call bucket has (1 a minute).
    now = 150;
    limiter.take(caller("x10"), "call");
    // Over the bound: the refilled search bucket goes, then the least recently used call bucket (x1).
    expect(limiter.size).toBe(9);
    expect(limiter.take(caller("x2"), "call")).toBeDefined();
    expect(limiter.take(caller("x1"), "call")).toBeUndefined();
  });

  it("judges a bucket by its own kind's limit, not by the other kind's", () => {
    for (const [busy, other] of [
      ["call", "search"],
      ["search", "call"],
    ] as const) {
      let now = 0;
      const limits =
        busy === "call" ? { callsPerMinute: 600, searchesPerMinute: 1 } : { callsPerMinute: 1, searchesPerMinute: 600 };
      const limiter = new RateLimiter(limits, () => now, 10);
      for (let i = 0; i < 9; i++) limiter.take(caller(`o${i}`), other);
      // 599 of 600 left: 50 ms on it holds 599.5, not refilled, though it holds more than the other kind's 1.
      limiter.take(caller("busy"), busy);
      now = 50;
      limiter.take(caller("o9"), other);
      // Nothing has refilled: the two least recently used (o0, o1) go, and busy stays.
      expect(limiter.size).toBe(9);
      expect(limiter.take(caller("o1"), other)).toBeUndefined();
      expect(limiter.take(caller("o2"), other)).toBeDefined();
    }
  });

  it("keeps time by the process's clock when given none", () => {
    const limiter = new RateLimiter({ callsPerMinute: 1, searchesPerMinute: undefined });
    expect(limiter.take(alice, "call")).toBeUndefined();
    const refused = limiter.take(alice, "call");
    expect(refused?.retryAfterMs).toBeGreaterThan(59_000);
    expect(refused?.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it("keeps every caller up to its bound, and answers with its own JSON-RPC error code", () => {
    const limiter = new RateLimiter({ callsPerMinute: 1, searchesPerMinute: undefined }, () => 0, 10);
    for (let i = 0; i < 10; i++) limiter.take(caller(`c${i}`), "call");
    expect(limiter.size).toBe(10);
    expect(limiter.take(caller("c0"), "call")).toBeDefined();
    // In the range JSON-RPC leaves to servers, unused by MCP.
    expect(RATE_LIMITED_CODE).toBe(-32029);
  });
});
