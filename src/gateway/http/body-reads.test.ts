import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BodyReads } from "./body-reads.js";

/** The parts of a request `bound` reads: whether its body has all come, its socket, its events. */
function unreadRequest() {
  const request = Object.assign(new EventEmitter(), { complete: false, socket: { destroy: vi.fn() } });
  return { request, asIncoming: request as unknown as IncomingMessage };
}

describe("BodyReads.bound", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const reads = new BodyReads({ perCaller: 8, overall: 64, deadlineMs: 10_000 });

  it("closes the connection of a request whose body has not all come by the deadline", () => {
    const { request, asIncoming } = unreadRequest();
    reads.bound(asIncoming);
    vi.advanceTimersByTime(10_000);
    expect(request.socket.destroy).toHaveBeenCalledOnce();
  });

  it("lets go of a request once it closes: refused requests sent fast must not be held for the deadline", () => {
    const { request, asIncoming } = unreadRequest();
    reads.bound(asIncoming);
    expect(vi.getTimerCount()).toBe(1);
    request.complete = true;
    request.emit("close");
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(request.socket.destroy).not.toHaveBeenCalled();
  });
});
