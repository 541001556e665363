import { describe, expect, it } from "vitest";
import { MemoryUsageStore } from "./memory-usage-store.js";
import { usageStoreContract } from "./usage-store-contract.fixture.js";

describe("MemoryUsageStore", () => {
  usageStoreContract(async (caps) => new MemoryUsageStore(caps));

  it("drops the least recently used scope past maxScopes", async () => {
    const store = new MemoryUsageStore({ maxScopes: 2 });
    await store.add([{ scope: "a", tool: "t", query: "q", at: 1 }]);
    await store.add([{ scope: "b", tool: "t", query: "q", at: 1 }]);
    await store.lessons("a");
    await store.add([{ scope: "a", tool: "t", query: "again", at: 2 }]);
    await store.add([{ scope: "c", tool: "t", query: "q", at: 1 }]);
    expect(await store.lessons("b")).toEqual([]);
    expect(await store.lessons("a")).toHaveLength(2);
    expect(await store.lessons("c")).toHaveLength(1);
  });

  it("stays within its caps under a flood of lessons", async () => {
    const store = new MemoryUsageStore({ maxLessonsPerTool: 4, maxLessonsPerScope: 50 });
    for (let i = 0; i < 2_000; i++) await store.add([{ scope: "s", tool: `t${i % 30}`, query: `query ${i}`, at: i }]);
    const kept = await store.lessons("s");
    expect(kept).toHaveLength(50);
    expect(Math.min(...kept.map((lesson) => lesson.at))).toBe(1_950);
  });
});
