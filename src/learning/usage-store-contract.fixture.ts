import { expect, it } from "vitest";
import type { LessonCaps } from "./lesson-caps.js";
import type { Lesson } from "./lesson.js";
import type { UsageStore } from "./usage-store.js";

const lesson = (scope: string, tool: string, query: string, at: number): Lesson => ({ scope, tool, query, at });
const sorted = (lessons: readonly Lesson[]) =>
  [...lessons].sort((a, b) => a.at - b.at || a.query.localeCompare(b.query));

/**
 * What every built-in {@link UsageStore} must do, as tests: `open` makes an empty store with
 * the given caps (each call a fresh one over fresh storage).
 */
export function usageStoreContract(open: (caps: LessonCaps) => Promise<UsageStore>): void {
  it("gives back what was added, by scope", async () => {
    const store = await open({ maxLessonsPerTool: 32, maxLessonsPerScope: 5_000 });
    try {
      await store.add([
        lesson("acme", "mail__send", "email the invoice", 1_000),
        lesson("globex", "mail__send", "send the report", 2_000),
      ]);
      await store.add([lesson("acme", "crm__find", "look up the customer", 3_000)]);
      expect(sorted(await store.lessons("acme"))).toEqual([
        lesson("acme", "mail__send", "email the invoice", 1_000),
        lesson("acme", "crm__find", "look up the customer", 3_000),
      ]);
      expect(await store.lessons("globex")).toEqual([lesson("globex", "mail__send", "send the report", 2_000)]);
      expect(await store.lessons("initech")).toEqual([]);
    } finally {
      await store.close?.();
    }
  });

  it("keeps a query once per tool, with its newest date, whatever its case", async () => {
    const store = await open({ maxLessonsPerTool: 32, maxLessonsPerScope: 5_000 });
    try {
      await store.add([lesson("s", "t", "Send Email", 1_000)]);
      await store.add([lesson("s", "t", "send  email", 5_000), lesson("s", "t", "send email", 3_000)]);
      const kept = await store.lessons("s");
      expect(kept).toHaveLength(1);
      expect(kept[0]!.at).toBe(5_000);
    } finally {
      await store.close?.();
    }
  });

  it("keeps the newest lessons per tool and per scope", async () => {
    const store = await open({ maxLessonsPerTool: 2, maxLessonsPerScope: 3 });
    try {
      await store.add([lesson("s", "a", "one", 1), lesson("s", "a", "two", 2)]);
      await store.add([lesson("s", "a", "three", 3)]);
      await store.add([lesson("s", "b", "four", 4), lesson("s", "c", "five", 5)]);
      expect(sorted(await store.lessons("s")).map((kept) => kept.query)).toEqual(["three", "four", "five"]);
    } finally {
      await store.close?.();
    }
  });

  it("forgets a scope, and only that scope", async () => {
    const store = await open({ maxLessonsPerTool: 32, maxLessonsPerScope: 5_000 });
    try {
      await store.add([lesson("acme", "t", "private query of acme", 1), lesson("globex", "t", "query of globex", 2)]);
      await store.forget("acme");
      expect(await store.lessons("acme")).toEqual([]);
      expect(await store.lessons("globex")).toHaveLength(1);
      await store.add([lesson("acme", "t", "after forgetting", 3)]);
      expect((await store.lessons("acme")).map((kept) => kept.query)).toEqual(["after forgetting"]);
    } finally {
      await store.close?.();
    }
  });

  it("keeps each teacher's lesson of a query apart, with its teacher, and a session to its share of the caps", async () => {
    const store = await open({ maxLessonsPerTool: 8, maxLessonsPerScope: 100 });
    const by = (teacher: string, query: string, at: number): Lesson => ({
      ...lesson("s", "t", query, at),
      by: teacher,
    });
    try {
      await store.add([
        by("aaaaaaaaaaaaaaaa", "restart the server", 1),
        by("bbbbbbbbbbbbbbbb", "restart the server", 2),
        by("import", "restart the server", 3),
      ]);
      // One session floods the tool: past its share (a quarter of 8) its own oldest go.
      for (let i = 0; i < 6; i++) await store.add([by("cccccccccccccccc", `flood ${i}`, 10 + i)]);
      const kept = sorted(await store.lessons("s"));
      expect(kept.slice(0, 3)).toEqual([
        by("aaaaaaaaaaaaaaaa", "restart the server", 1),
        by("bbbbbbbbbbbbbbbb", "restart the server", 2),
        by("import", "restart the server", 3),
      ]);
      expect(kept.slice(3).map((flood) => flood.query)).toEqual(["flood 4", "flood 5"]);
    } finally {
      await store.close?.();
    }
  });

  it("stores any text a query may hold, quotes, newlines and emoji included", async () => {
    const store = await open({ maxLessonsPerTool: 32, maxLessonsPerScope: 5_000 });
    const odd = 'find "O\'Brien"\nand 🚀 \\ ; DROP TABLE x; --';
    try {
      await store.add([lesson("s'; --", "t", odd, 1)]);
      expect(await store.lessons("s'; --")).toEqual([lesson("s'; --", "t", odd, 1)]);
    } finally {
      await store.close?.();
    }
  });
}
