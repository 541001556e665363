import { describe, expect, it } from "vitest";
import { guardedStore, StoreUnavailable } from "./guarded-store.js";
import { MemorySessionStore } from "./memory-session-store.js";
import type { SessionStore } from "./session-store.js";

/** A memory store that can be made to fail or hang, as a database that went away does. */
function flakyStore() {
  const store = new MemorySessionStore();
  let mode: "up" | "down" | "hung" = "up";
  let calls = 0;
  const gate = <T>(run: () => Promise<T>) => {
    calls++;
    if (mode === "down") return Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    if (mode === "hung") return new Promise<T>(() => {});
    return run();
  };
  const flaky: SessionStore = {
    load: (id) => gate(() => store.load(id)),
    save: (record) => gate(() => store.save(record)),
    touch: (id) => gate(() => store.touch(id)),
    delete: (id) => gate(() => store.delete(id)),
    expire: (idleMs) => gate(() => store.expire(idleMs)),
    publish: (message) => gate(() => store.publish(message)),
    subscribe: (listener) => gate(() => store.subscribe(listener)),
    close: () => store.close(),
  };
  return { flaky, set: (next: typeof mode) => (mode = next), calls: () => calls };
}

describe("guardedStore", () => {
  it("warns once when the store fails or hangs, fails fast meanwhile, and says when it answers again", async () => {
    const { flaky, set, calls } = flakyStore();
    const lines: string[] = [];
    const store = guardedStore(flaky, { timeoutMs: 50, retryAfterMs: 200, log: (line) => lines.push(line) });
    expect(await store.load("s")).toBeUndefined();
    set("hung");
    const started = Date.now();
    await expect(store.load("s")).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(store.down).toBe(true);
    // Meanwhile, calls fail at once without reaching the store.
    const reached = calls();
    await expect(store.save({ id: "s", owner: "o", initialize: {}, state: emptyState })).rejects.toBeInstanceOf(
      StoreUnavailable,
    );
    set("down");
    await expect(store.touch("s")).rejects.toBeInstanceOf(StoreUnavailable);
    expect(calls()).toBe(reached);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/warning: the session store failed \(load: no answer in 50 ms\)/);
    // Tried again after retryAfterMs: still down, no second warning.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await expect(store.load("s")).rejects.toBeInstanceOf(StoreUnavailable);
    expect(lines).toHaveLength(1);
    set("up");
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await store.load("s")).toBeUndefined();
    expect(store.down).toBe(false);
    expect(lines[1]).toMatch(/answers again/);
  });
});

const emptyState = { recency: [], firstUse: [], lastListed: undefined, announced: false };
