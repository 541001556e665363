import { describe, expect, it } from "vitest";
import { mergeParts } from "./merge-parts.js";

const hit = (name: string, score: number) => ({ name, score });
const names = (hits: { name: string }[]) => hits.map((entry) => entry.name);

describe("mergeParts", () => {
  const whole = [
    hit("flights__search", 9),
    hit("flights__book", 8),
    hit("flights__cancel", 7),
    hit("gmail__send_email", 2),
  ];

  it("lifts each part's best match into the top of the merged list", () => {
    const merged = mergeParts(
      whole,
      [[hit("flights__book", 6), hit("flights__search", 5)], [hit("gmail__send_email", 4)]],
      0.7,
    );
    expect(names(merged).slice(0, 2)).toEqual(["flights__book", "flights__search"]);
    expect(names(merged).slice(0, 3)).toContain("gmail__send_email");
    for (let i = 1; i < merged.length; i++) expect(merged[i - 1]!.score).toBeGreaterThanOrEqual(merged[i]!.score);
  });

  it("adds a tool only a part found, and nothing for a part that found nothing", () => {
    expect(names(mergeParts([hit("a", 3)], [[hit("b", 1)], []], 0.7))).toEqual(["a", "b"]);
    expect(mergeParts(whole, [[], []], 0.7)).toEqual(
      whole.map((entry) => ({ name: entry.name, score: entry.score / 9 })),
    );
  });

  it("weighs a part by partWeight against the whole query's best", () => {
    const low = mergeParts([hit("a", 10), hit("b", 5)], [[hit("c", 1)]], 0.4);
    expect(names(low)).toEqual(["a", "b", "c"]);
    const high = mergeParts([hit("a", 10), hit("b", 5)], [[hit("c", 1)]], 0.9);
    expect(names(high)).toEqual(["a", "c", "b"]);
  });

  it("gives each tool the strongest confidence any list gave it", () => {
    const weak = (name: string, score: number) => ({ name, score, confidence: "weak" as const });
    const strong = (name: string, score: number) => ({ name, score, confidence: "strong" as const });
    const merged = mergeParts([weak("a", 10), weak("b", 5), strong("d", 1)], [[strong("b", 2)], [weak("c", 1)]]);
    expect(Object.fromEntries(merged.map((entry) => [entry.name, entry.confidence]))).toEqual({
      a: "weak",
      b: "strong",
      c: "weak",
      d: "strong",
    });
    // A ranker that says nothing of confidence still says nothing.
    expect(mergeParts([hit("a", 1)], [[hit("a", 1)]])[0]).toEqual({ name: "a", score: 1.7 });
  });
});
