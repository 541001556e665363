import { describe, expect, it } from "vitest";
import { backoffDelay } from "./mcp-backoff.js";

const backoff = { initialDelayMs: 100, maxDelayMs: 1_000 };

describe("backoffDelay", () => {
  it("doubles per failure up to the cap, within the upper half of each step", () => {
    const low = [0, 1, 2, 3, 4, 10, 100].map((failures) => backoffDelay(failures, backoff, () => 0));
    const high = [0, 1, 2, 3, 4, 10, 100].map((failures) => backoffDelay(failures, backoff, () => 0.999_999));
    expect(low).toEqual([50, 100, 200, 400, 500, 500, 500]);
    expect(high).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it("never exceeds maxDelayMs, whatever the count", () => {
    for (const failures of [0, 5, 31, 1_000, Number.MAX_SAFE_INTEGER]) {
      const delay = backoffDelay(failures, backoff);
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(backoff.maxDelayMs);
    }
  });
});
