import { describe, expect, it } from "vitest";
import { LessonIndex, UNCORROBORATED_SHARE, type LessonMatchOptions } from "./lesson-index.js";

const DAY = 86_400_000;
const NOW = 1_800_000_000_000;
const OPTIONS: LessonMatchOptions = { now: NOW, halfLifeMs: 30 * DAY, vectorFloor: 0.4 };
const caps = (maxLessonsPerTool = 32, maxLessonsPerScope = 5_000) => ({ maxLessonsPerTool, maxLessonsPerScope });

describe("LessonIndex", () => {
  it("scores a tool by how much a query resembles the queries that led to it", () => {
    const index = new LessonIndex(caps());
    index.add({ tool: "pager__page", query: "ping the on-call engineer", at: NOW });
    index.add({ tool: "slack__post", query: "post in the team channel", at: NOW });
    const same = index.match("ping the on-call engineer", undefined, OPTIONS);
    const near = index.match("ping whoever is on call", undefined, OPTIONS);
    expect(same.get("pager__page")).toBeCloseTo(1, 5);
    expect(near.get("pager__page")).toBeGreaterThan(0.2);
    expect(near.get("pager__page")).toBeLessThan(1);
    expect(near.has("slack__post")).toBe(false);
    expect(index.match("quarterly revenue", undefined, OPTIONS).size).toBe(0);
  });

  it("adds the second-best lesson of a tool in full, half the third and a quarter of the fourth, and no more", () => {
    const index = new LessonIndex(caps());
    const similar = [
      "restart the server",
      "restart the server now",
      "restart the server please now",
      "restart the server right now please",
      "restart the server now please, right now",
    ];
    index.add({ tool: "ops__restart", query: similar[0]!, at: NOW });
    const one = index.match("restart the server", undefined, OPTIONS).get("ops__restart")!;
    for (const query of similar.slice(1)) index.add({ tool: "ops__restart", query, at: NOW });
    const four = index.match("restart the server", undefined, OPTIONS).get("ops__restart")!;
    expect(one).toBeCloseTo(1, 5);
    expect(four).toBeGreaterThan(2);
    expect(four).toBeLessThanOrEqual(2.75);
  });

  describe("corroboration (minSessions 2)", () => {
    const A = "aaaaaaaaaaaaaaaa";
    const B = "bbbbbbbbbbbbbbbb";
    const match = (index: LessonIndex, requester?: string) =>
      index
        .match("restart the server", undefined, { ...OPTIONS, minSessions: 2, ...(requester ? { requester } : {}) })
        .get("ops__restart");

    const vouched = (index: LessonIndex, requester?: string) =>
      index
        .match("restart the server", undefined, { ...OPTIONS, minSessions: 2, ...(requester ? { requester } : {}) })
        .vouched.get("ops__restart");

    it("lets one session's lessons steer that session only, however many it taught", () => {
      const index = new LessonIndex(caps());
      for (const query of ["restart the server", "restart the server now", "please restart the server"])
        index.add({ tool: "ops__restart", query, at: NOW, by: A });
      expect(match(index, A)).toBeGreaterThan(1.5);
      expect(vouched(index, A)).toBeGreaterThan(1.5);
      expect(vouched(index, B)).toBeUndefined();
      expect(vouched(index)).toBeUndefined();
      // What others get is the session's bounded share, never vouched for.
      expect(match(index, B) ?? 0).toBeLessThanOrEqual(UNCORROBORATED_SHARE);
    });

    it("lets one session's lesson count for others at a bounded share, split over all it taught", () => {
      const index = new LessonIndex(caps());
      index.add({ tool: "ops__restart", query: "restart the server", at: NOW, by: A });
      expect(match(index, B)).toBeCloseTo(UNCORROBORATED_SHARE, 5);
      expect(match(index)).toBeCloseTo(UNCORROBORATED_SHARE, 5);
      for (const query of ["list the users", "rotate the keys", "drop the cache"])
        index.add({ tool: "ops__other", query, at: NOW, by: A });
      expect(match(index, B)).toBeCloseTo(UNCORROBORATED_SHARE / 4, 5);
      expect(match(index, A)).toBeCloseTo(1, 5);
    });

    it("lets a session's lessons count for others at most its share in all, however many it taught", () => {
      const index = new LessonIndex(caps(1_000));
      const queries = Array.from(
        { length: 40 },
        (_, i) => `restart the server ${["now", "again", "today"][i % 3]} ${i}`,
      );
      for (const query of queries) index.add({ tool: "ops__restart", query, at: NOW, by: A });
      expect(match(index, A)).toBeGreaterThan(UNCORROBORATED_SHARE);
      expect(match(index, B) ?? 0).toBeLessThanOrEqual(UNCORROBORATED_SHARE / 10);
    });

    it("lets two sessions' lessons steer others, as far as the weaker corroborates", () => {
      const index = new LessonIndex(caps());
      index.add({ tool: "ops__restart", query: "restart the server", at: NOW, by: A });
      index.add({ tool: "ops__restart", query: "restart the whole server fleet tonight", at: NOW, by: B });
      const weaker =
        index.match("restart the server", undefined, { ...OPTIONS, minSessions: 1 }).get("ops__restart")! - 1;
      const other = match(index, "cccccccccccccccc")!;
      // Each lesson counts at most the square root of the weaker session's resemblance.
      expect(other).toBeCloseTo(Math.sqrt(weaker) + weaker, 5);
      expect(other).toBeLessThan(match(index, A)!);
    });

    it("counts imports as corroborated, and lessons of older records as one unknown session", () => {
      const imported = new LessonIndex(caps());
      imported.add({ tool: "ops__restart", query: "restart the server", at: NOW, by: "import" });
      expect(match(imported)).toBeCloseTo(1, 5);
      const legacy = new LessonIndex(caps());
      legacy.add({ tool: "ops__restart", query: "restart the server", at: NOW });
      legacy.add({ tool: "ops__restart", query: "restart the server now", at: NOW });
      expect(match(legacy)).toBeUndefined();
    });
  });

  it("keeps a session to a quarter of each cap, dropping its own oldest lessons, never another's", () => {
    const index = new LessonIndex(caps(8, 12));
    index.add({ tool: "t", query: "other session's lesson", at: NOW - DAY, by: "bbbbbbbbbbbbbbbb" });
    for (let i = 0; i < 10; i++) index.add({ tool: "t", query: `flood ${i}`, at: NOW + i, by: "aaaaaaaaaaaaaaaa" });
    for (let i = 0; i < 10; i++)
      index.add({ tool: `u${i}`, query: `flood tool ${i}`, at: NOW + 100 + i, by: "aaaaaaaaaaaaaaaa" });
    const kept = index.lessons();
    expect(kept.filter((lesson) => lesson.by === "aaaaaaaaaaaaaaaa")).toHaveLength(3);
    expect(kept.filter((lesson) => lesson.tool === "t" && lesson.by === "aaaaaaaaaaaaaaaa").length).toBeLessThanOrEqual(
      2,
    );
    expect(kept.map((lesson) => lesson.query)).toContain("other session's lesson");
  });

  it("counts a query once per tool, whatever its case and spacing, keeping the newest date", () => {
    const index = new LessonIndex(caps());
    index.add({ tool: "a", query: "Send  Email", at: NOW - 10 * DAY });
    index.add({ tool: "a", query: "send email", at: NOW });
    expect(index.size).toBe(1);
    expect(index.lessons()).toEqual([{ tool: "a", query: "Send  Email", at: NOW }]);
  });

  it("halves a lesson's weight every half-life", () => {
    const index = new LessonIndex(caps());
    index.add({ tool: "fresh", query: "rotate credentials", at: NOW });
    index.add({ tool: "old", query: "rotate credentials", at: NOW - 30 * DAY });
    index.add({ tool: "older", query: "rotate credentials", at: NOW - 60 * DAY });
    const scores = index.match("rotate credentials", undefined, OPTIONS);
    expect(scores.get("old")! / scores.get("fresh")!).toBeCloseTo(0.5, 5);
    expect(scores.get("older")! / scores.get("fresh")!).toBeCloseTo(0.25, 5);
    const noDecay = index.match("rotate credentials", undefined, { ...OPTIONS, halfLifeMs: Infinity });
    expect(noDecay.get("older")).toBeCloseTo(noDecay.get("fresh")!, 5);
  });

  it("keeps the newest lessons per tool and per scope", () => {
    const index = new LessonIndex(caps(2, 3));
    index.add({ tool: "a", query: "alpha one", at: NOW - 3 });
    index.add({ tool: "a", query: "alpha two", at: NOW - 2 });
    index.add({ tool: "a", query: "alpha three", at: NOW - 1 });
    expect(index.lessons().map((lesson) => lesson.query)).toEqual(["alpha two", "alpha three"]);
    index.add({ tool: "b", query: "beta one", at: NOW });
    index.add({ tool: "c", query: "gamma one", at: NOW + 1 });
    expect(index.lessons().map((lesson) => lesson.query)).toEqual(["alpha three", "beta one", "gamma one"]);
    expect(index.match("alpha two", undefined, OPTIONS).has("a")).toBe(true); // "alpha" still known through "alpha three"
    expect(index.has("a", "alpha two")).toBe(false);
  });

  it("bounds memory under a flood of distinct lessons", () => {
    const index = new LessonIndex(caps(8, 100));
    for (let i = 0; i < 5_000; i++)
      index.add({ tool: `tool_${i % 40}`, query: `query number ${i} about topic ${i % 97}`, at: NOW + i });
    expect(index.size).toBe(100);
    expect(
      Math.max(
        ...[...new Set(index.lessons().map((lesson) => lesson.tool))].map(
          (tool) => index.lessons().filter((lesson) => lesson.tool === tool).length,
        ),
      ),
    ).toBeLessThanOrEqual(8);
  });

  it("returns only the tools the filter allows", () => {
    const index = new LessonIndex(caps());
    index.add({ tool: "admin__wipe", query: "clean up the workspace", at: NOW });
    index.add({ tool: "fs__tidy", query: "clean up the workspace folder", at: NOW });
    const asked: string[] = [];
    const scores = index.match("clean up the workspace", undefined, {
      ...OPTIONS,
      filter: (tool) => (asked.push(tool), tool !== "admin__wipe"),
    });
    expect([...scores.keys()]).toEqual(["fs__tidy"]);
    expect(asked.sort()).toEqual(["admin__wipe", "fs__tidy"]);
  });

  it("compares embeddings above the floor, half and half with the words", () => {
    const index = new LessonIndex(caps());
    const unit = (...values: number[]) => {
      const length = Math.hypot(...values);
      return Float32Array.from(values, (value) => value / length);
    };
    index.add({ tool: "pager__page", query: "ping the on-call engineer", at: NOW }, unit(1, 0, 0));
    index.add({ tool: "slack__post", query: "post in the team channel", at: NOW }, unit(0, 1, 0));
    // No shared word, a vector close to the pager lesson's: found by the semantic half alone.
    const scores = index.match("wake somebody up", unit(0.95, 0.05, 0), OPTIONS);
    expect(scores.get("pager__page")).toBeGreaterThan(0.4);
    expect(scores.get("pager__page")).toBeLessThanOrEqual(0.5);
    expect(scores.has("slack__post")).toBe(false);
    // Identical words and vector: the full score.
    expect(index.match("ping the on-call engineer", unit(1, 0, 0), OPTIONS).get("pager__page")).toBeCloseTo(1, 5);
    // A zero vector (no word the model knows) falls back to words alone.
    expect(index.match("ping the on-call engineer", new Float32Array(3), OPTIONS).get("pager__page")).toBeCloseTo(1, 5);
  });

  it("raises the embedding floor to the query's background: as alike as a tool's worth of lessons counts as nothing", () => {
    const index = new LessonIndex(caps(2));
    const unit = (...values: number[]) => {
      const length = Math.hypot(...values);
      return Float32Array.from(values, (value) => value / length);
    };
    // Three tools' lessons, all close to the query as vectors (long, formulaic requests are).
    index.add({ tool: "a", query: "first request", at: NOW }, unit(1, 0.1, 0));
    index.add({ tool: "b", query: "second request", at: NOW }, unit(1, 0.12, 0));
    index.add({ tool: "c", query: "third request", at: NOW }, unit(1, 0.3, 0));
    const query = unit(1, 0.1, 0.01);
    const scores = index.match("unrelated words entirely", query, OPTIONS);
    // Only what the nearest lesson has above the second nearest (maxLessonsPerTool = 2) counts.
    expect(scores.has("c")).toBe(false);
    expect(scores.get("a") ?? 0).toBeLessThan(0.5 * 0.1);
    // With fewer lessons than the floor's rank, the fixed floor alone applies.
    const few = new LessonIndex(caps(2));
    few.add({ tool: "a", query: "first request", at: NOW }, unit(1, 0.1, 0));
    expect(few.match("unrelated words entirely", query, OPTIONS).get("a")).toBeGreaterThan(0.45);
  });

  it("forgets a lesson, its words and its vector", () => {
    const index = new LessonIndex(caps());
    index.add({ tool: "a", query: "archive old invoices", at: NOW }, Float32Array.of(1, 0));
    expect(index.remove("a", "ARCHIVE old invoices")).toBe(true);
    expect(index.remove("a", "archive old invoices")).toBe(false);
    expect(index.size).toBe(0);
    expect(index.match("archive old invoices", Float32Array.of(1, 0), OPTIONS).size).toBe(0);
  });
});
