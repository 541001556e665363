import { describe, expect, it } from "vitest";
import { SerialQueue } from "./serial-queue.js";

describe("SerialQueue", () => {
  it("runs one operation at a time, in order, and a failure fails only its own caller", async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const step = (name: string, ms: number) =>
      queue.run(async () => {
        log.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`${name} end`);
        return name;
      });
    const first = step("a", 20);
    const failing = queue.run(async () => {
      throw new Error("boom");
    });
    const last = step("b", 1);
    await expect(first).resolves.toBe("a");
    await expect(failing).rejects.toThrow("boom");
    await expect(last).resolves.toBe("b");
    expect(log).toEqual(["a start", "a end", "b start", "b end"]);
  });

  it("is idle only once everything queued has settled", async () => {
    const queue = new SerialQueue();
    let done = false;
    void queue.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      done = true;
    });
    await queue.idle();
    expect(done).toBe(true);
  });
});
