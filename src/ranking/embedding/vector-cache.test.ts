import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VectorCache } from "./vector-cache.js";

const DIMENSIONS = 8;
const KEY = "0123456789abcdef";
const HEADER_BYTES = 12;
const RECORD_BYTES = 16 + DIMENSIONS * 4 + 4;

const hashOf = (n: number) => n.toString(16).padStart(32, "0");
const vectorOf = (n: number) => Float32Array.from({ length: DIMENSIONS }, (_, d) => n * 10 + d + 0.5);

function expectHolds(cache: VectorCache, numbers: readonly number[]): void {
  for (const n of numbers) expect([...(cache.get(hashOf(n)) ?? [])], `vector ${n}`).toEqual([...vectorOf(n)]);
}

describe("VectorCache", () => {
  let dir: string;
  let file: string;
  let damage: string[];
  const open = () => VectorCache.open(dir, KEY, DIMENSIONS, (problem) => damage.push(problem));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "toolsift-vector-cache-"));
    file = join(dir, `${KEY}.vec`);
    damage = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps vectors across reopening", async () => {
    const cache = await open();
    await cache.add([1, 2, 3].map((n) => [hashOf(n), vectorOf(n)]));
    await cache.add([[hashOf(2), vectorOf(99)]]);
    expectHolds(await open(), [1, 2, 3]);
    expect(statSync(file).size).toBe(HEADER_BYTES + 3 * RECORD_BYTES);
    expect(damage).toEqual([]);
  });

  it("cuts a torn record off on open, reports it, and keeps later appends readable", async () => {
    const first = await open();
    await first.add([1, 2].map((n) => [hashOf(n), vectorOf(n)]));
    appendFileSync(file, Buffer.from([1, 2, 3, 4, 5, 6, 7]));

    const reopened = await open();
    expectHolds(reopened, [1, 2]);
    expect(damage).toHaveLength(1);
    expect(damage[0]).toMatch(/torn record/);
    expect(statSync(file).size).toBe(HEADER_BYTES + 2 * RECORD_BYTES);
    await reopened.add([[hashOf(3), vectorOf(3)]]);

    expectHolds(await open(), [1, 2, 3]);
    expect(damage).toHaveLength(1);
  });

  it("cuts a record torn after it was opened off before appending", async () => {
    const cache = await open();
    await cache.add([[hashOf(1), vectorOf(1)]]);
    // Another writer sharing the file died mid-record.
    appendFileSync(file, Buffer.alloc(RECORD_BYTES - 3, 0xff));
    await cache.add([[hashOf(2), vectorOf(2)]]);

    expect(statSync(file).size).toBe(HEADER_BYTES + 2 * RECORD_BYTES);
    expectHolds(await open(), [1, 2]);
  });

  it("drops a record whose bytes changed, so its text is embedded again, and rewrites the file", async () => {
    const cache = await open();
    await cache.add([1, 2, 3].map((n) => [hashOf(n), vectorOf(n)]));
    const bytes = readFileSync(file);
    bytes[HEADER_BYTES + RECORD_BYTES + 20]! ^= 0x10; // a vector byte of record 2
    writeFileSync(file, bytes);

    const reopened = await open();
    expectHolds(reopened, [1, 3]);
    expect(reopened.get(hashOf(2))).toBeUndefined();
    expect(damage[0]).toMatch(/1 records failed their checksum/);
    expect(statSync(file).size).toBe(HEADER_BYTES + 2 * RECORD_BYTES);
    await open();
    expect(damage).toHaveLength(1);
  });

  it("starts over from a file that is not a vector cache of this model", async () => {
    writeFileSync(file, Buffer.from("garbage that is long enough to look like a header and some records"));
    const cache = await open();
    expect(cache.get(hashOf(1))).toBeUndefined();
    expect(damage[0]).toMatch(/header/);
    await cache.add([[hashOf(1), vectorOf(1)]]);
    expectHolds(await open(), [1]);
  });

  it("removes the unchecked cache file of toolsift 0.1", async () => {
    writeFileSync(join(dir, `${KEY}.vectors`), Buffer.alloc(16 + DIMENSIONS * 4));
    await open();
    expect(() => statSync(join(dir, `${KEY}.vectors`))).toThrow();
  });

  it("works in memory only without a folder", async () => {
    const cache = await VectorCache.open(undefined, KEY, DIMENSIONS);
    await cache.add([[hashOf(1), vectorOf(1)]]);
    expectHolds(cache, [1]);
  });

  describe("bounded", () => {
    const hashes = (numbers: readonly number[]) => new Set(numbers.map(hashOf));
    const records = () => (statSync(file).size - HEADER_BYTES) / RECORD_BYTES;
    /** A cache whose bound is `count` records. */
    const bounded = (count: number) =>
      VectorCache.open(dir, KEY, DIMENSIONS, (problem) => damage.push(problem), { maxBytes: count * RECORD_BYTES });

    it("keeps every vector, in memory and in the file, while they fit the bound", async () => {
      const cache = await bounded(5);
      await cache.add([1, 2, 3, 4, 5].map((n) => [hashOf(n), vectorOf(n)]));
      await cache.retain(hashes([4, 5]));
      expectHolds(cache, [1, 2, 3, 4, 5]);
      expect(records()).toBe(5);
    });

    it("past the bound keeps only the texts a catalogue has now, and appends after it stay readable", async () => {
      const cache = await bounded(4);
      await cache.add([1, 2, 3, 4, 5].map((n) => [hashOf(n), vectorOf(n)]));
      await cache.retain(hashes([4, 5]));
      expect(cache.get(hashOf(1))).toBeUndefined();
      expect(records()).toBe(2);
      const reopened = await bounded(4);
      expectHolds(reopened, [4, 5]);
      await reopened.add([[hashOf(6), vectorOf(6)]]);
      expectHolds(await bounded(4), [4, 5, 6]);
      expect(damage).toEqual([]);
    });

    it("keeps what another open cache of the same file has live", async () => {
      const first = await bounded(4);
      await first.add([1, 2, 3].map((n) => [hashOf(n), vectorOf(n)]));
      await first.retain(hashes([1]));
      const second = await bounded(4);
      await second.add([4, 5, 6].map((n) => [hashOf(n), vectorOf(n)]));
      await second.retain(hashes([4]));
      expect(records()).toBe(2);
      const reopened = await open();
      expectHolds(reopened, [1, 4]);
      expect(reopened.get(hashOf(5))).toBeUndefined();
    });

    it("reads a larger file from its newest records only, says so, and rewrites it", async () => {
      const cache = await open();
      await cache.add([1, 2, 3, 4, 5, 6].map((n) => [hashOf(n), vectorOf(n)]));
      const reopened = await bounded(3);
      expect(damage.join("\n")).toMatch(/3 oldest records past the \d+-byte bound left out/);
      expectHolds(reopened, [4, 5, 6]);
      expect(reopened.get(hashOf(3))).toBeUndefined();
      expect(records()).toBe(3);
    });

    it("bounds a memory-only cache the same way", async () => {
      const cache = await VectorCache.open(undefined, KEY, DIMENSIONS, undefined, { maxBytes: 2 * RECORD_BYTES });
      await cache.add([1, 2, 3].map((n) => [hashOf(n), vectorOf(n)]));
      await cache.retain(hashes([3]));
      expect(cache.get(hashOf(1))).toBeUndefined();
      expectHolds(cache, [3]);
    });
  });
});
