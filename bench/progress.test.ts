import { describe, expect, it } from "vitest";
import { Progress } from "./progress.js";

function fakeSink(isTTY: boolean) {
  const writes: string[] = [];
  return { sink: { isTTY, write: (text: string) => writes.push(text) }, writes };
}

describe("Progress", () => {
  it("prints nothing for a step that ends before the delay", () => {
    const { sink, writes } = fakeSink(true);
    let clock = 0;
    const progress = new Progress("quick", 10, { sink, now: () => clock });
    for (let i = 0; i < 10; i++) {
      clock += 50;
      progress.tick();
    }
    progress.done();
    expect(writes).toEqual([]);
  });

  it("redraws one line in place on a TTY and closes it with a summary", () => {
    const { sink, writes } = fakeSink(true);
    let clock = 0;
    const progress = new Progress("bm25 × set", 100, { sink, now: () => clock });
    for (let i = 0; i < 100; i++) {
      clock += 40;
      progress.tick();
    }
    progress.done();
    expect(writes.length).toBeGreaterThan(5);
    expect(writes.slice(0, -1).every((text) => text.startsWith("\r") && !text.includes("\n"))).toBe(true);
    expect(writes.at(-1)).toMatch(/bm25 × set: 100\/100 done in 4\.0s\n$/);
  });

  it("prints only occasional plain lines without a TTY", () => {
    const { sink, writes } = fakeSink(false);
    let clock = 0;
    const progress = new Progress("slow", 1000, { sink, now: () => clock, lineIntervalMs: 10_000 });
    for (let i = 0; i < 1000; i++) {
      clock += 40; // 40 s in all → lines at 1, 11, 21 and 31 s
      progress.tick();
    }
    progress.done();
    expect(writes.every((text) => !text.includes("\r") && text.endsWith("\n"))).toBe(true);
    expect(writes.length).toBe(4 + 1);
    expect(writes[0]).toMatch(/^slow: 25\/1000 \(3%\) after 1s\n$/);
  });
});

describe("Progress, indeterminate", () => {
  it("shows the label and elapsed time, not a count", () => {
    const { sink, writes } = fakeSink(false);
    let clock = 0;
    const progress = new Progress("bm25 × set: indexing 4076 tools", 1, {
      sink,
      now: () => clock,
      indeterminate: true,
    });
    clock = 1500;
    progress.tick(0);
    clock = 2500;
    progress.done();
    expect(writes).toEqual([
      "bm25 × set: indexing 4076 tools … 2s\n",
      "bm25 × set: indexing 4076 tools: done in 2.5s\n",
    ]);
  });
});
