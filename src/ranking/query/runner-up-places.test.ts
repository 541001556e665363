import { describe, expect, it } from "vitest";
import type { RankedTool } from "../ranker.js";
import { MAX_REQUEST_PARTS } from "./request-parts.js";
import { type RunnerUpRule, runnersUp, shareRunnersUp } from "./runner-up-places.js";
import { wholeAnswer } from "./whole-answer.js";

const hit = (name: string, score: number, confidence?: "weak"): RankedTool =>
  confidence ? { name, score, confidence } : { name, score };
const names = (hits: readonly RankedTool[]) => hits.map((entry) => entry.name);
const sorted = (hits: readonly RankedTool[]) => hits.every((entry, i) => i === 0 || hits[i - 1]!.score >= entry.score);
const rule = (change: Partial<RunnerUpRule> = {}): RunnerUpRule => ({
  places: 5,
  closeness: 0.8,
  depth: 2,
  order: "requests",
  ...change,
});

describe("shareRunnersUp", () => {
  // Three requests, each torn between its best and a close runner-up; the whole query prefers
  // tools none of the requests ranks (w1, w2).
  const parts = [
    [hit("a1", 10), hit("a2", 9)],
    [hit("b1", 10), hit("b2", 9.5)],
    [hit("c1", 10), hit("c2", 8.5)],
  ];
  const ranked = [
    hit("a1", 2),
    hit("b1", 1.9),
    hit("c1", 1.8),
    hit("w1", 1.7),
    hit("w2", 1.6),
    hit("b2", 1.5),
    hit("a2", 1.4),
    hit("c2", 1.3),
  ];
  const bests = new Set(["a1", "b1", "c1"]);

  it("gives a chain's free places to its requests' close runners-up, in request order", () => {
    const { answer, runnersUp: held } = shareRunnersUp(ranked.slice(0, 5), ranked, parts, 5, bests, rule());
    expect(names(answer)).toEqual(["a1", "b1", "c1", "b2", "a2"]);
    expect(sorted(answer)).toBe(true);
    expect(held).toEqual(["a2", "b2"]);
  });

  it("puts the closest runner-up first when asked, and gives at most `places`", () => {
    const closest = shareRunnersUp(
      ranked.slice(0, 5),
      ranked,
      parts,
      5,
      bests,
      rule({ order: "closeness", places: 1 }),
    );
    expect(names(closest.answer)).toEqual(["a1", "b1", "c1", "w1", "b2"]);
    const first = shareRunnersUp(ranked.slice(0, 5), ranked, parts, 5, bests, rule({ places: 1 }));
    expect(names(first.answer)).toEqual(["a1", "b1", "c1", "w1", "a2"]);
  });

  it("gives no place to a runner-up far from its best", () => {
    const far = [[hit("a1", 10), hit("a2", 5)], parts[1]!, [hit("c1", 10), hit("c2", 2)]];
    expect(names(shareRunnersUp(ranked.slice(0, 5), ranked, far, 5, bests, rule()).answer)).toEqual([
      "a1",
      "b1",
      "c1",
      "w1",
      "b2",
    ]);
  });

  it("leaves a single request's answer as it is", () => {
    const answer = ranked.slice(0, 5);
    const single = shareRunnersUp(answer, ranked, [parts[0]!], 5, new Set(["a1"]), rule());
    expect(single).toEqual({ answer, runnersUp: [] });
    expect(shareRunnersUp(answer, ranked, [], 5, new Set(), rule()).answer).toEqual(answer);
  });

  it("gives no place to a request whose best is weak, nor to a weak runner-up", () => {
    const weak = [
      [hit("a1", 10, "weak"), hit("a2", 9.9)],
      [hit("b1", 10), hit("b2", 9.5, "weak")],
      [hit("c1", 10), hit("c2", 8.5)],
    ];
    expect(names(shareRunnersUp(ranked.slice(0, 5), ranked, weak, 5, bests, rule()).answer)).toEqual([
      "a1",
      "b1",
      "c1",
      "w1",
      "c2",
    ]);
  });

  it("takes no place of a family holding another, nor the whole query's best", () => {
    const family = (name: string) => (name.includes("__") ? name.slice(0, name.indexOf("__")) : undefined);
    const served = [
      hit("a1", 6),
      hit("b1", 5),
      hit("news__top", 4),
      hit("mail__get", 3.5),
      hit("mail__list", 3),
      hit("a2", 2),
    ];
    const two = [[hit("a1", 10), hit("a2", 9)], parts[1]!];
    const kept = new Set(["a1", "b1"]);
    expect(names(shareRunnersUp(served.slice(0, 5), served, two, 5, kept, rule(), family).answer)).toEqual([
      "a1",
      "b1",
      "mail__get",
      "mail__list",
      "a2",
    ]);
    expect(names(shareRunnersUp(served.slice(0, 5), served, two, 5, kept, rule()).answer)).toEqual([
      "a1",
      "b1",
      "news__top",
      "mail__get",
      "a2",
    ]);
    const ahead = [hit("w", 6), hit("a1", 5), hit("b1", 4), hit("a2", 3)];
    expect(names(shareRunnersUp(ahead.slice(0, 3), ahead, two, 3, kept, rule()).answer)).toEqual(["w", "a1", "b1"]);
  });

  it("never takes a kept place, and stops when every place is kept", () => {
    const kept = new Set([...bests, "w1", "w2"]);
    expect(names(shareRunnersUp(ranked.slice(0, 5), ranked, parts, 5, kept, rule()).answer)).toEqual(
      names(ranked.slice(0, 5)),
    );
  });

  it("reads at most `depth` of each request, round by round", () => {
    const deep = parts.map((part, i) => [...part, hit(`${"abc"[i]}3`, 9)]);
    expect(runnersUp(deep, rule({ depth: 3 }))).toEqual(["a2", "b2", "c2", "a3", "b3", "c3"]);
    expect(runnersUp(deep, rule({ depth: 2 }))).toEqual(["a2", "b2", "c2"]);
    expect(runnersUp(deep, rule({ depth: 1 }))).toEqual([]);
  });

  it("stays within the limit and keeps every best with the most requests a query is split into", () => {
    const many = Array.from({ length: MAX_REQUEST_PARTS }, (_, i) => [hit(`best${i}`, 10), hit(`next${i}`, 9.9)]);
    const all = [
      ...many.map((part, i) => hit(part[0]!.name, 100 - i)),
      ...many.map((part, i) => hit(part[1]!.name, 50 - i)),
    ];
    const kept = new Set(many.map((part) => part[0]!.name));
    const answer = wholeAnswer(all, many, [], 5, { keep: 0, familyOf: undefined, runnersUp: rule() });
    expect(names(answer)).toEqual(["best0", "best1", "best2", "best3", "best4"]);
    // With room left after the bests, the runners-up fill it, and only it.
    const shared = shareRunnersUp(all.slice(0, MAX_REQUEST_PARTS), all, many, MAX_REQUEST_PARTS + 2, kept, rule());
    expect(names(shared.answer)).toEqual([...kept, "next0", "next1"]);
    expect(shared.runnersUp).toEqual(["next0", "next1"]);
  });
});

describe("wholeAnswer with runners-up", () => {
  it("gives a free place to a request's close runner-up after keeping the bests", () => {
    const ranked = [hit("a1", 6), hit("b1", 5), hit("w", 4), hit("a2", 3), hit("b2", 2)];
    const parts = [
      [hit("a1", 10), hit("a2", 9)],
      [hit("b1", 10), hit("b2", 5)],
    ];
    const none = { keep: 0, familyOf: undefined };
    expect(names(wholeAnswer(ranked, parts, [], 3, { ...none, runnersUp: rule({ places: 1 }) }))).toEqual([
      "a1",
      "b1",
      "a2",
    ]);
    expect(names(wholeAnswer(ranked, parts, [], 3, none))).toEqual(["a1", "b1", "w"]);
  });

  it("leaves a runner-up's place to the families' rules, as any lone tool's", () => {
    const family = (name: string) => /_for_(\w+)$/.exec(name)?.[1];
    const ranked = [hit("s_for_a", 6), hit("t_for_b", 5), hit("x_for_c", 4), hit("r_for_d", 3), hit("u_for_a", 2)];
    const parts = [
      [hit("s_for_a", 10), hit("r_for_d", 9)],
      [hit("t_for_b", 10), hit("y_for_e", 1)],
    ];
    const runnersUp = rule({ places: 1 });
    expect(names(wholeAnswer(ranked, parts, [], 3, { keep: 0, familyOf: undefined, runnersUp }))).toEqual([
      "s_for_a",
      "t_for_b",
      "r_for_d",
    ]);
    // The best match's sibling takes the runner-up's place, not a kept one.
    expect(names(wholeAnswer(ranked, parts, [], 3, { keep: 0, familyOf: family, runnersUp }))).toEqual([
      "s_for_a",
      "t_for_b",
      "u_for_a",
    ]);
  });
});
