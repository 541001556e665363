import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeldAnswers, type HoldEnd } from "./held-answers.js";

/** A transport whose `send` records what left, in order. */
function transport() {
  const sent: unknown[] = [];
  return { sent, send: async (message: never) => void sent.push(message) };
}

describe("HeldAnswers", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Why `promise` settled once the timers ran `ms` forward, or false if it has not. */
  async function settledAfter(promise: Promise<HoldEnd>, ms: number): Promise<HoldEnd | false> {
    let settled: HoldEnd | false = false;
    void promise.then((why) => (settled = why));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  }

  it("lets an answer go shortly after the answer of the list the client asked for next has left", async () => {
    const held = new HeldAnswers();
    const wire = transport();
    held.watch(wire);
    const answer = held.hold(new AbortController().signal, 10_000);
    held.listing(7);
    expect(await settledAfter(answer, 1_000)).toBe(false);
    await wire.send({ jsonrpc: "2.0", id: 7, result: { tools: [] } } as never);
    // Sent is not read yet: the client gets a moment to take the list in.
    expect(await settledAfter(answer, 0)).toBe(false);
    expect(await settledAfter(answer, 200)).toBe("fetched");
  });

  it("keeps an answer held past another message with that id, and past a list asked for before it", async () => {
    const held = new HeldAnswers();
    const wire = transport();
    held.watch(wire);
    held.listing(1);
    const answer = held.hold(new AbortController().signal, 10_000);
    await wire.send({ jsonrpc: "2.0", id: 1, result: { tools: [] } } as never);
    held.listing(2);
    await wire.send({ jsonrpc: "2.0", method: "notifications/message", params: { id: 2 } } as never);
    expect(await settledAfter(answer, 1_000)).toBe(false);
    await wire.send({ jsonrpc: "2.0", id: 2, error: { code: -32603, message: "x" } } as never);
    expect(await settledAfter(answer, 200)).toBe("fetched");
  });

  it("lets an answer go when the wait runs out, when its request is cancelled, and when the connection ends", async () => {
    const held = new HeldAnswers();
    held.watch(transport());
    expect(await settledAfter(held.hold(new AbortController().signal, 1_000), 999)).toBe(false);
    expect(await settledAfter(held.hold(new AbortController().signal, 1_000), 1_000)).toBe("timed-out");
    const cancelled = new AbortController();
    const answer = held.hold(cancelled.signal, 10_000);
    cancelled.abort();
    expect(await settledAfter(answer, 0)).toBe("ended");
    const ending = held.hold(new AbortController().signal, 10_000);
    held.releaseAll();
    expect(await settledAfter(ending, 0)).toBe("ended");
  });
});
