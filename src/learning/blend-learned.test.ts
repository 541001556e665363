import { describe, expect, it } from "vitest";
import { LEARNED_ALONE_MIN, LEARNED_OVER_GUESS_MIN, blendLearned } from "./blend-learned.js";

describe("blendLearned", () => {
  it("leaves the ranker's list alone when nothing was learned", () => {
    const base = [
      { name: "a", score: 9 },
      { name: "b", score: 3 },
      { name: "c", score: 1 },
    ];
    expect(blendLearned(base, new Map(), { weight: 2, limit: 2, retrievedDepth: 20 })).toEqual(base.slice(0, 2));
  });

  it("keeps to the ranker's own answer at the limit, plus what lessons lift, when the list was read deeper", () => {
    // The ranker's answer for two places holds "c" (a place it kept), not "b", which its deeper list ranks higher.
    const base = [
      { name: "a", score: 9 },
      { name: "b", score: 8 },
      { name: "c", score: 7 },
      { name: "d", score: 6 },
    ];
    const answer = new Set(["a", "c"]);
    const options = { weight: 2, limit: 2, retrievedDepth: 20, answer };
    // A lesson of "a" alone: "b" does not come back in place of "c".
    expect(blendLearned(base, new Map([["a", 0.3]]), options).map((hit) => hit.name)).toEqual(["a", "c"]);
    // A tool the lessons lift may still take a place.
    expect(blendLearned(base, new Map([["d", 0.6]]), options).map((hit) => hit.name)).toEqual(["d", "a"]);
    // The place "c" holds is worth what the list's second place is (8 of 9): a lift that would
    // beat "c"'s own 7 but not "b"'s 8 takes nothing.
    expect(blendLearned(base, new Map([["d", 0.07]]), options).map((hit) => hit.name)).toEqual(["a", "c"]);
  });

  it("never answers shorter than the list when the ranker's answer names tools the list lacks", () => {
    const base = [
      { name: "a", score: 9 },
      { name: "b", score: 8 },
      { name: "c", score: 7 },
    ];
    // An answer at the limit that holds nothing of the deeper list (a custom ranker may give one).
    const options = { weight: 2, limit: 2, retrievedDepth: 20, answer: new Set(["x", "y"]) };
    // The lifted tool, then the list's best of the rest.
    expect(blendLearned(base, new Map([["c", 0.2]]), options).map((hit) => hit.name)).toEqual(["c", "a"]);
    expect(blendLearned(base, new Map(), options).map((hit) => hit.name)).toEqual(["a", "b"]);
    // Half of it in the list: the answer's tool and the lifted one fill the places before the rest.
    const half = { ...options, answer: new Set(["b", "x"]) };
    expect(blendLearned(base, new Map([["c", 0.01]]), half).map((hit) => hit.name)).toEqual(["b", "c"]);
    expect(blendLearned(base, new Map([["a", 0.01]]), { ...half, limit: 3 }).map((hit) => hit.name)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("adds the weighted learned score to the base score scaled to a best of 1", () => {
    const blended = blendLearned(
      [
        { name: "a", score: 8 },
        { name: "b", score: 4 },
      ],
      new Map([["b", 0.6]]),
      { weight: 2, limit: 5, retrievedDepth: 20 },
    );
    expect(blended.map((hit) => hit.name)).toEqual(["b", "a"]);
    expect(blended[0]!.score).toBeCloseTo(1.7, 10);
    expect(blended[1]!.score).toBeCloseTo(1, 10);
  });

  it("brings in a tool only the lessons found; where the ranker found nothing, only on a strong resemblance", () => {
    expect(blendLearned([], new Map([["z", 0.5]]), { weight: 2, limit: 5, retrievedDepth: 20 })).toEqual([
      { name: "z", score: 1, confidence: "strong" },
    ]);
    // The ranker abstained: a faint resemblance to a lesson must not undo that.
    expect(
      blendLearned([], new Map([["z", LEARNED_ALONE_MIN - 0.01]]), { weight: 2, limit: 5, retrievedDepth: 20 }),
    ).toEqual([]);
    const blended = blendLearned([{ name: "a", score: 2 }], new Map([["z", 0.1]]), {
      weight: 2,
      limit: 5,
      retrievedDepth: 20,
    });
    expect(blended.map((hit) => hit.name)).toEqual(["a", "z"]);
  });

  it("lets a faint resemblance reorder nothing: the learned score is not rescaled per query", () => {
    const base = [
      { name: "a", score: 10 },
      { name: "b", score: 8 },
    ];
    const blended = blendLearned(base, new Map([["b", 0.05]]), { weight: 2, limit: 5, retrievedDepth: 20 });
    expect(blended.map((hit) => hit.name)).toEqual(["a", "b"]);
  });

  it("never lifts a tool the ranker did not retrieve in its first retrievedDepth above the ranker's first match", () => {
    const base = Array.from({ length: 30 }, (_, i) => ({
      name: `t${i}`,
      score: 30 - i,
      confidence: "strong" as const,
    }));
    const learned = new Map([
      ["t25", 1.75],
      ["only_learned", 1.75],
      ["t3", 1.75],
    ]);
    const blended = blendLearned(base, learned, { weight: 2, limit: 5, retrievedDepth: 20 });
    // t3 was retrieved, so its lessons may lift it to the top; the others stop right behind t0.
    expect(blended.map((hit) => hit.name)).toEqual(["t3", "t0", "t25", "only_learned", "t1"]);
    expect(blended[2]!.score).toBe(blended[1]!.score);
    // A base hit's other fields (a ranker's confidence, say) are kept.
    expect(blended[0]).toEqual({ name: "t3", score: 27 / 30 + 3.5, confidence: "strong" });
  });

  it("ranks the tools held behind the ranker's first match by their learned score, not by arrival", () => {
    const base = Array.from({ length: 30 }, (_, i) => ({ name: `t${i}`, score: 30 - i }));
    const learned = new Map([
      ["faint", 0.6],
      ["t28", 0.7],
      ["strong", 1.9],
    ]);
    const blended = blendLearned(base, learned, { weight: 2, limit: 4, retrievedDepth: 20 });
    // All three are held right behind t0; the lessons still say which of them fits best.
    expect(blended.map((hit) => hit.name)).toEqual(["t0", "strong", "t28", "faint"]);
    expect(new Set(blended.slice(1).map((hit) => hit.score))).toEqual(new Set([blended[0]!.score]));
  });

  it("lets a tool with a strong learned score pass the fallback's first guess, and no other", () => {
    // The ranker found nothing: the list is the semantic fallback's guesses.
    const guesses = Array.from({ length: 30 }, (_, i) => ({
      name: `g${i}`,
      score: 1 - i / 100,
      confidence: "weak" as const,
    }));
    const learned = new Map([
      ["known", LEARNED_OVER_GUESS_MIN],
      ["faint", LEARNED_OVER_GUESS_MIN - 0.01],
    ]);
    // Weighted enough that both would pass the first guess if nothing held them.
    const options = { weight: 4, limit: 3, retrievedDepth: 20 };
    expect(blendLearned(guesses, learned, { ...options, guessed: true }).map((hit) => hit.name)).toEqual([
      "known",
      "g0",
      "faint",
    ]);
    // Behind the ranker's own matches, the same lessons stay behind its first.
    expect(blendLearned(guesses, learned, options).map((hit) => hit.name)).toEqual(["g0", "known", "faint"]);
  });

  it("lets lessons no other session vouched for re-order the ranker's retrieved tools under its first match, and bring in none", () => {
    const unvouched = (entries: [string, number][]) =>
      Object.assign(new Map(entries), { vouched: new Map<string, number>() });
    const base = [
      { name: "a", score: 10 },
      { name: "b", score: 9 },
      ...Array.from({ length: 17 }, (_, i) => ({ name: `filler${i}`, score: 8 - i * 0.1 })),
      { name: "low", score: 5 },
      { name: "far", score: 4 },
    ];
    const learned = unvouched([
      ["low", 0.3],
      ["far", 0.3],
      ["new", 0.3],
    ]);
    const blended = blendLearned(base, learned, { weight: 2, limit: 30, retrievedDepth: 20 });
    const names = blended.map((hit) => hit.name);
    // "low" (retrieved, 20th) passes every tool but the ranker's first match, and stops there.
    expect(names.slice(0, 3)).toEqual(["a", "low", "b"]);
    expect(blended[1]!.score).toBeCloseTo(1, 10);
    expect(blended[1]).not.toHaveProperty("confidence");
    expect(names).not.toContain("new");
    // Below the depth that counts as retrieved: it stays where the ranker put it.
    expect(blended.find((hit) => hit.name === "far")!.score).toBeCloseTo(0.4, 10);
    // The same lessons, vouched for, lift it first.
    const vouched = blendLearned(base, new Map([["low", 0.3]]), { weight: 2, limit: 5, retrievedDepth: 20 });
    expect(vouched[0]!.name).toBe("low");
    // Where the ranker found nothing, one session's lessons cannot answer.
    expect(blendLearned([], unvouched([["new", 1]]), { weight: 2, limit: 5, retrievedDepth: 20 })).toEqual([]);
  });

  it("keeps the base order on ties and cuts to the limit", () => {
    const blended = blendLearned(
      [
        { name: "a", score: 1 },
        { name: "b", score: 1 },
      ],
      new Map([
        ["c", 0.5],
        ["d", 0.5],
      ]),
      { weight: 2, limit: 3, retrievedDepth: 20 },
    );
    expect(blended.map((hit) => hit.name)).toEqual(["a", "b", "c"]);
  });

  it("calls a tool strong when lessons like the query led to it, and keeps the ranker's word otherwise", () => {
    const base = [
      { name: "a", score: 2, confidence: "weak" as const },
      { name: "b", score: 1, confidence: "weak" as const },
    ];
    const blended = blendLearned(
      base,
      new Map([
        ["b", LEARNED_ALONE_MIN],
        ["c", 0.1],
      ]),
      { weight: 2, limit: 5, retrievedDepth: 20 },
    );
    expect(Object.fromEntries(blended.map((hit) => [hit.name, hit.confidence]))).toEqual({
      a: "weak",
      b: "strong",
      c: undefined,
    });
  });
});
