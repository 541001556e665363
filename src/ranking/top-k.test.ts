import { describe, expect, it } from "vitest";
import { bestSlots, TopK } from "./top-k.js";

/** A small deterministic generator, so failures reproduce. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    return seed / 2 ** 32;
  };
}

/** Higher score first, ties by lower index: the order both rankers use. */
const byScore = (scores: readonly number[]) => (a: number, b: number) =>
  scores[a]! < scores[b]! || (scores[a] === scores[b] && a > b);

/** What the heap must give: everything sorted, cut to `k`. */
function sortedTop(scores: readonly number[], k: number, allowed: (index: number) => boolean = () => true): number[] {
  return scores
    .map((_, index) => index)
    .filter(allowed)
    .sort((a, b) => scores[b]! - scores[a]! || a - b)
    .slice(0, Math.max(k, 0));
}

function topOf(
  scores: readonly number[],
  k: number,
  order: readonly number[],
  allowed: (index: number) => boolean = () => true,
): number[] {
  const top = new TopK<number>(k, byScore(scores));
  for (const index of order) if (top.admits(index) && allowed(index)) top.add(index);
  return top.best();
}

describe("TopK", () => {
  it("keeps the k best, best first, as a full sort would, whatever order candidates come in", () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const count = Math.floor(next() * 60);
      // Few distinct scores, so ties are common.
      const scores = Array.from({ length: count }, () => Math.floor(next() * 6));
      const order = scores.map((_, index) => index).sort(() => next() - 0.5);
      for (const k of [1, 3, 10, 100]) {
        expect(topOf(scores, k, order)).toEqual(sortedTop(scores, k));
      }
    }
  });

  it("breaks score ties by the order weaker gives, not by arrival", () => {
    const scores = [1, 2, 2, 2, 1];
    expect(topOf(scores, 2, [4, 3, 2, 1, 0])).toEqual([1, 2]);
    expect(topOf(scores, 4, [0, 1, 2, 3, 4])).toEqual([1, 2, 3, 0]);
  });

  it("applies the caller's filter as a full sort of the allowed ones would", () => {
    const next = random(11);
    const scores = Array.from({ length: 200 }, () => Math.floor(next() * 20));
    const allowed = (index: number) => index % 3 !== 0;
    const order = scores.map((_, index) => index);
    expect(topOf(scores, 7, order, allowed)).toEqual(sortedTop(scores, 7, allowed));
  });

  it("admits only candidates that would enter the list, so a costly filter runs on few", () => {
    const asked = (scores: readonly number[]) => {
      const top = new TopK<number>(3, byScore(scores));
      return scores.flatMap((_, index) => (top.admits(index) ? (top.add(index), [index]) : []));
    };
    // Falling scores: after the first three, none can enter.
    expect(asked([10, 9, 8, 7, 6, 5])).toEqual([0, 1, 2]);
    // Rising scores: each one beats the weakest kept.
    expect(asked([1, 2, 3, 4, 5, 6])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("names its weakest kept candidate once k are kept, so a scan can skip lower scores", () => {
    const scores = [5, 1, 7, 3, 9];
    const top = new TopK<number>(3, byScore(scores));
    const weakestAfterEach = scores.map((_, index) => {
      if (top.admits(index)) top.add(index);
      return top.weakest();
    });
    expect(weakestAfterEach).toEqual([undefined, undefined, 1, 3, 0]);
    // bestSlots skips by it: with no filter, its answer is a full sort's, ties included.
    const next = random(13);
    for (let round = 0; round < 100; round++) {
      const many = Array.from({ length: 300 }, () => Math.floor(next() * 40));
      expect(bestSlots(many, { count: many.length }, 10, byScore(many))).toEqual(sortedTop(many, 10));
    }
  });

  it("keeps nothing for k of 0 or less", () => {
    for (const k of [0, -1]) {
      const top = new TopK<number>(k, byScore([1, 2]));
      expect(top.admits(0)).toBe(false);
      expect(top.best()).toEqual([]);
    }
  });

  it("keeps all candidates, sorted, when there are fewer than k", () => {
    expect(topOf([3, 1, 2], 10, [0, 1, 2])).toEqual([0, 2, 1]);
    expect(topOf([], 10, [])).toEqual([]);
  });
});

describe("bestSlots", () => {
  it("gives what a full sort of the accepted slots gives, whoever it refuses", () => {
    const next = random(17);
    for (let round = 0; round < 100; round++) {
      const scores = Array.from({ length: 200 }, () => Math.floor(next() * 30));
      const slots = Int32Array.from(scores.map((_, index) => index).sort(() => next() - 0.5));
      const refused = new Set(Array.from({ length: Math.floor(next() * 20) }, () => Math.floor(next() * 200)));
      const accept = (slot: number) => !refused.has(slot);
      for (const scan of [{ count: 200 }, { count: 200, slots }]) {
        expect(bestSlots(scores, scan, 10, byScore(scores), accept)).toEqual(sortedTop(scores, 10, accept));
      }
      for (const refused of [false, true]) {
        const outlook = { refused };
        expect(bestSlots(scores, { count: 200, slots }, 10, byScore(scores), accept, outlook)).toEqual(
          sortedTop(scores, 10, accept),
        );
      }
      expect(bestSlots(scores, { count: 120, slots }, 10, byScore(scores), accept)).toEqual(
        sortedTop(scores, 10, (slot) => accept(slot) && slots.subarray(0, 120).includes(slot)),
      );
    }
  });

  it("asks a filter that refuses none of the best k about those k only", () => {
    // Rising scores: each slot enters the list on its way, so a check per entry would ask all 100.
    const scores = Array.from({ length: 100 }, (_, index) => index);
    const asked: number[] = [];
    const best = bestSlots(scores, { count: 100 }, 5, byScore(scores), (slot) => (asked.push(slot), true));
    expect(best).toEqual([99, 98, 97, 96, 95]);
    expect(asked.sort((a, b) => a - b)).toEqual([95, 96, 97, 98, 99]);
  });

  it("remembers whether its filter refused, and asks a refusing one during the scan at once", () => {
    const scores = Array.from({ length: 100 }, (_, index) => index);
    const outlook = { refused: false };
    const asked: number[] = [];
    const refusing = (slot: number) => (asked.push(slot), slot !== 98);
    expect(bestSlots(scores, { count: 100 }, 5, byScore(scores), refusing, outlook)).toEqual([99, 97, 96, 95, 94]);
    expect(outlook.refused).toBe(true);
    // Asked first about the unchecked best (99, then 98, refused), then during a second scan.
    expect(asked.slice(0, 2)).toEqual([99, 98]);
    asked.length = 0;
    expect(bestSlots(scores, { count: 100 }, 5, byScore(scores), refusing, outlook)).toEqual([99, 97, 96, 95, 94]);
    // Straight to the checked scan: rising scores put every slot in the list on its way.
    expect(asked).toEqual(scores);
    asked.length = 0;
    const taking = (slot: number) => (asked.push(slot), true);
    expect(bestSlots(scores, { count: 100 }, 5, byScore(scores), taking, outlook)).toEqual([99, 98, 97, 96, 95]);
    expect(outlook.refused).toBe(false);
    asked.length = 0;
    bestSlots(scores, { count: 100 }, 5, byScore(scores), taking, outlook);
    expect(asked.sort((a, b) => a - b)).toEqual([95, 96, 97, 98, 99]);
  });
});
