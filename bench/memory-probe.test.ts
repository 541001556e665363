import { describe, expect, it } from "vitest";
import { collectGarbage, MemoryProbe } from "./memory-probe.js";

describe("MemoryProbe", () => {
  it("can force full collections without --expose-gc", () => {
    expect(collectGarbage).toBeTypeOf("function");
  });

  it("counts memory still held as retained and garbage only in the peak", () => {
    const probe = new MemoryProbe();
    const kept = new Float64Array(8 * 1024 * 1024); // 64 MiB, held until the end
    let garbage: Float64Array | undefined = new Float64Array(4 * 1024 * 1024); // 32 MiB, dropped
    kept[0] = garbage.length;
    probe.sample();
    garbage = undefined;
    const usage = probe.finish();
    expect(usage.gcExposed).toBe(true);
    expect(usage.peakHeapMB).toBeGreaterThan(90);
    expect(usage.retainedMB).toBeGreaterThan(60);
    expect(usage.retainedMB).toBeLessThan(80);
    expect(kept[0]).toBe(4 * 1024 * 1024);
    expect(garbage).toBeUndefined();
  });
});
