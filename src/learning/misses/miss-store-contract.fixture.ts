import { expect, it } from "vitest";
import type { MissRecord } from "./miss-record.js";
import type { MissStore } from "./miss-store.js";

let counter = 0;

/** A well-formed record; `at` in seconds past 2026-01-01 for readable tests. */
export function missRecord(scope: string, at: number, overrides: Partial<MissRecord> = {}): MissRecord {
  counter++;
  return {
    id: `miss-${counter}-${Math.random().toString(16).slice(2)}`,
    at: new Date(Date.UTC(2026, 0, 1) + at * 1_000).toISOString(),
    scope,
    kind: "weak",
    request: { hash: "a".repeat(64), length: 12 },
    results: ["mail__send"],
    ...overrides,
  };
}

/**
 * What every built-in {@link MissStore} must do, as tests: `open` makes an empty store over
 * fresh storage with at most `maxRecords` kept (each call a fresh one).
 */
export function missStoreContract(open: (maxRecords: number) => Promise<MissStore>): void {
  it("gives back what was added, newest first, by scope, since and limit", async () => {
    const store = await open(1_000);
    try {
      const a1 = missRecord("acme", 1, {
        answer: "crm__find",
        server: "crm",
        request: { hash: "b".repeat(64), length: 5, text: "hello" },
      });
      const g2 = missRecord("globex", 2, { kind: "unknown-tool", results: [] });
      const a3 = missRecord("acme", 3, { kind: "empty", results: [] });
      await store.add([a1, g2]);
      await store.add([a3]);
      expect(await store.misses()).toEqual([a3, g2, a1]);
      expect(await store.misses({ scope: "acme" })).toEqual([a3, a1]);
      expect(await store.misses({ since: new Date(g2.at) })).toEqual([a3, g2]);
      expect(await store.misses({ limit: 1 })).toEqual([a3]);
      expect(await store.misses({ scope: "initech" })).toEqual([]);
    } finally {
      await store.close?.();
    }
  });

  it("keeps a record added twice once", async () => {
    const store = await open(1_000);
    try {
      const record = missRecord("s", 1);
      await store.add([record]);
      await store.add([record]);
      expect(await store.misses()).toEqual([record]);
    } finally {
      await store.close?.();
    }
  });

  it("keeps the newest records past its bound", async () => {
    const store = await open(3);
    try {
      const records = Array.from({ length: 10 }, (_, index) => missRecord("s", index));
      for (const record of records) await store.add([record]);
      const kept = await store.misses({ limit: 100 });
      expect(kept.length).toBeLessThanOrEqual(6);
      expect(kept.slice(0, 3)).toEqual(records.slice(-3).reverse());
    } finally {
      await store.close?.();
    }
  });

  it("gives the same 32-byte key every time", async () => {
    const store = await open(1_000);
    try {
      const key = await store.key();
      expect(key).toHaveLength(32);
      expect(Buffer.from(await store.key()).equals(Buffer.from(key))).toBe(true);
    } finally {
      await store.close?.();
    }
  });
}
