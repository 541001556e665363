import { appendFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VectorCache } from "./vector-cache.js";

const DIMENSIONS = 8;
const KEY = "0123456789abcdef";
const RECORD_BYTES = 16 + DIMENSIONS * 4;

const hashOf = (n: number) => n.toString(16).padStart(32, "0");
const vectorOf = (n: number) => Float32Array.from({ length: DIMENSIONS }, (_, d) => n * 10 + d + 0.5);

function expectHolds(cache: VectorCache, numbers: readonly number[]): void {
  for (const n of numbers) expect([...(cache.get(hashOf(n)) ?? [])], `vector ${n}`).toEqual([...vectorOf(n)]);
}

describe("VectorCache", () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "toolsift-vector-cache-"));
    file = join(dir, `${KEY}.vectors`);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps vectors across reopening", async () => {
    const cache = await VectorCache.open(dir, KEY, DIMENSIONS);
    await cache.add([1, 2, 3].map((n) => [hashOf(n), vectorOf(n)]));
    await cache.add([[hashOf(2), vectorOf(99)]]);
    expectHolds(await VectorCache.open(dir, KEY, DIMENSIONS), [1, 2, 3]);
    expect(statSync(file).size).toBe(3 * RECORD_BYTES);
  });

  it("cuts a torn record off on open, so later appends stay readable", async () => {
    const first = await VectorCache.open(dir, KEY, DIMENSIONS);
    await first.add([1, 2].map((n) => [hashOf(n), vectorOf(n)]));
    appendFileSync(file, Buffer.from([1, 2, 3, 4, 5, 6, 7]));

    const reopened = await VectorCache.open(dir, KEY, DIMENSIONS);
    expectHolds(reopened, [1, 2]);
    expect(statSync(file).size).toBe(2 * RECORD_BYTES);
    await reopened.add([[hashOf(3), vectorOf(3)]]);

    expectHolds(await VectorCache.open(dir, KEY, DIMENSIONS), [1, 2, 3]);
  });

  it("cuts a record torn after it was opened off before appending", async () => {
    const cache = await VectorCache.open(dir, KEY, DIMENSIONS);
    await cache.add([[hashOf(1), vectorOf(1)]]);
    // Another writer sharing the file died mid-record.
    appendFileSync(file, Buffer.alloc(RECORD_BYTES - 3, 0xff));
    await cache.add([[hashOf(2), vectorOf(2)]]);

    expect(statSync(file).size).toBe(2 * RECORD_BYTES);
    expectHolds(await VectorCache.open(dir, KEY, DIMENSIONS), [1, 2]);
  });

  it("works in memory only without a folder", async () => {
    const cache = await VectorCache.open(undefined, KEY, DIMENSIONS);
    await cache.add([[hashOf(1), vectorOf(1)]]);
    expectHolds(cache, [1]);
  });
});
