import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROGRESS_LIMITS, ProgressRelay, type ProgressNotification } from "./progress-relay.js";

describe("ProgressRelay", () => {
  let sent: ProgressNotification["params"][];
  let relay: ProgressRelay;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    sent = [];
    relay = new ProgressRelay("client-token", async (notification) => {
      sent.push(notification.params);
    });
  });
  afterEach(() => vi.useRealTimers());

  it("passes progress on under the client's token", () => {
    relay.relay({ progress: 1, total: 2, message: "half" });
    expect(sent).toEqual([{ progress: 1, total: 2, message: "half", progressToken: "client-token" }]);
  });

  it("sends at most one per interval, holds only the latest of a burst, and drops the rest", () => {
    for (let step = 1; step <= 10_000; step++) relay.relay({ progress: step });
    expect(sent.map((params) => params.progress)).toEqual([1]);
    vi.advanceTimersByTime(PROGRESS_LIMITS.everyMs);
    expect(sent.map((params) => params.progress)).toEqual([1, 10_000]);
  });

  it("drops progress that does not increase", () => {
    relay.relay({ progress: 5 });
    vi.advanceTimersByTime(PROGRESS_LIMITS.everyMs);
    relay.relay({ progress: 5 });
    relay.relay({ progress: 3 });
    vi.advanceTimersByTime(PROGRESS_LIMITS.everyMs);
    expect(sent.map((params) => params.progress)).toEqual([5]);
  });

  it("sends what it holds when the call ends, and nothing after", () => {
    relay.relay({ progress: 1 });
    relay.relay({ progress: 2 });
    relay.close();
    relay.relay({ progress: 3 });
    vi.advanceTimersByTime(PROGRESS_LIMITS.everyMs);
    expect(sent.map((params) => params.progress)).toEqual([1, 2]);
  });
});
