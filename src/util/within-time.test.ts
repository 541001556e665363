import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_TIMER_MS, withinTime } from "./within-time.js";

const TIMED_OUT = Symbol("timed out");

describe("withinTime", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("settles like the work when the work settles first, and clears its timer", async () => {
    vi.useFakeTimers();
    await expect(withinTime(Promise.resolve(7), 1_000, TIMED_OUT)).resolves.toBe(7);
    await expect(withinTime(Promise.reject(new Error("no")), 1_000, TIMED_OUT)).rejects.toThrow("no");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("resolves to the marker when the time runs out first", async () => {
    vi.useFakeTimers();
    const answer = withinTime(new Promise<number>(() => {}), 1_000, TIMED_OUT);
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe(TIMED_OUT);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("caps a longer wait at setTimeout's limit instead of firing at once", async () => {
    vi.useFakeTimers();
    const answer = withinTime(new Promise<number>(() => {}), Number.MAX_SAFE_INTEGER, TIMED_OUT);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS);
    expect(settled).toBe(true);
  });

  it("does not keep the process alive while it waits", async () => {
    const unref = vi.spyOn(globalThis, "setTimeout");
    const answer = withinTime(new Promise<number>(() => {}), 5, TIMED_OUT);
    const timer = unref.mock.results[0]?.value as NodeJS.Timeout;
    unref.mockRestore();
    expect(timer.hasRef()).toBe(false);
    await expect(answer).resolves.toBe(TIMED_OUT);
  });
});
