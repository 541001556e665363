import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AbortSignalLike } from "../catalogue/index.js";
import { isAbortSignalLike, untilAborted } from "./until-aborted.js";

/**
 * A signal that keeps its listeners where the test can see them, honouring `once` as
 * EventTarget does, so a listener left behind (or registered for the wrong event) shows.
 */
class FakeSignal implements AbortSignalLike {
  aborted = false;
  readonly listeners = new Map<string, Map<() => void, { once: boolean }>>();

  addEventListener(type: string, listener: () => void, options?: { once?: boolean }): void {
    const ofType = this.listeners.get(type) ?? new Map<() => void, { once: boolean }>();
    ofType.set(listener, { once: options?.once === true });
    this.listeners.set(type, ofType);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  abort(): void {
    this.aborted = true;
    for (const [listener, { once }] of this.listeners.get("abort") ?? []) {
      if (once) this.listeners.get("abort")!.delete(listener);
      listener();
    }
  }

  /** Listeners still registered, of any type. */
  count(): number {
    return [...this.listeners.values()].reduce((sum, ofType) => sum + ofType.size, 0);
  }
}

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks (and Node's unhandled-rejection check) run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

// A work promise that rejects after the abort must not surface as an unhandled rejection: the
// caller has moved on and nothing else will ever observe it.
let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on("unhandledRejection", onUnhandled);
});
afterEach(() => {
  process.off("unhandledRejection", onUnhandled);
});

describe("untilAborted without a signal", () => {
  it("settles with the work's value", async () => {
    expect(await untilAborted(Promise.resolve(42), undefined)).toStrictEqual({ aborted: false, value: 42 });
  });

  it("passes the work's rejection on", async () => {
    await expect(untilAborted(Promise.reject(new Error("tool failed")), undefined)).rejects.toThrow("tool failed");
  });
});

describe("untilAborted with a signal that has already fired", () => {
  it("settles as aborted at once, even though the work never settles", async () => {
    const signal = new FakeSignal();
    signal.aborted = true;
    expect(await untilAborted(new Promise<never>(() => undefined), signal)).toStrictEqual({ aborted: true });
    expect(signal.count()).toBe(0);
  });

  it("settles as aborted rather than with the work's failure, and swallows that failure", async () => {
    const work = deferred<string>();
    work.reject(new Error("late failure"));
    expect(await untilAborted(work.promise, AbortSignal.abort())).toStrictEqual({ aborted: true });
    await settle();
    expect(unhandled).toEqual([]);
  });
});

describe("untilAborted with a live signal", () => {
  it("settles as aborted when the signal fires first, and swallows the work's later failure", async () => {
    const signal = new FakeSignal();
    const work = deferred<string>();
    const raced = untilAborted(work.promise, signal);
    signal.abort();
    work.reject(new Error("failed after the abort"));
    expect(await raced).toStrictEqual({ aborted: true });
    await settle();
    expect(unhandled).toEqual([]);
  });

  it("leaves no listener behind after an abort, even when the work never settles", async () => {
    const signal = new FakeSignal();
    const raced = untilAborted(new Promise<never>(() => undefined), signal);
    signal.abort();
    expect(await raced).toStrictEqual({ aborted: true });
    expect(signal.count()).toBe(0);
  });

  it("settles as aborted with a real AbortController", async () => {
    const controller = new AbortController();
    const raced = untilAborted(new Promise<never>(() => undefined), controller.signal);
    controller.abort();
    expect(await raced).toStrictEqual({ aborted: true });
  });

  it("settles with the work's value when it finishes first, and removes its listener", async () => {
    const signal = new FakeSignal();
    expect(await untilAborted(Promise.resolve("green"), signal)).toStrictEqual({ aborted: false, value: "green" });
    expect(signal.count()).toBe(0);
    // A later abort changes nothing.
    signal.abort();
  });

  it("passes on the work's failure when it fails first, and removes its listener", async () => {
    const signal = new FakeSignal();
    await expect(untilAborted(Promise.reject(new Error("tool failed")), signal)).rejects.toThrow("tool failed");
    expect(signal.count()).toBe(0);
  });

  it("listens for the abort while the work runs", async () => {
    const signal = new FakeSignal();
    const work = deferred<number>();
    const raced = untilAborted(work.promise, signal);
    expect(signal.listeners.get("abort")?.size).toBe(1);
    work.resolve(1);
    expect(await raced).toStrictEqual({ aborted: false, value: 1 });
  });
});

describe("isAbortSignalLike", () => {
  const signal = { aborted: false, addEventListener: () => undefined, removeEventListener: () => undefined };

  it("accepts a real AbortSignal, fired or not, and any object of the same shape", () => {
    expect(isAbortSignalLike(new AbortController().signal)).toBe(true);
    expect(isAbortSignalLike(AbortSignal.abort())).toBe(true);
    expect(isAbortSignalLike(signal)).toBe(true);
    expect(isAbortSignalLike({ ...signal, aborted: true })).toBe(true);
  });

  it.each([
    ["undefined", undefined],
    ["null", null],
    ["a string", "stop"],
    ["a function, even one with a signal's fields", Object.assign(() => undefined, signal)],
    [
      "an object without aborted",
      { addEventListener: signal.addEventListener, removeEventListener: signal.removeEventListener },
    ],
    ["an object whose aborted is not a boolean", { ...signal, aborted: "no" }],
    ["an object without addEventListener", { aborted: false, removeEventListener: signal.removeEventListener }],
    ["an object whose addEventListener is not a function", { ...signal, addEventListener: "on" }],
    ["an object without removeEventListener", { aborted: false, addEventListener: signal.addEventListener }],
  ])("refuses %s", (_label, value) => {
    expect(isAbortSignalLike(value)).toBe(false);
  });
});
