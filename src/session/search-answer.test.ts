import { describe, expect, it } from "vitest";
import { NO_MATCH_HINT, WEAK_MATCH_HINT, searchAnswer } from "./search-answer.js";
import type { SearchMatch } from "./search-match.js";

const match = (name: string, confidence: "strong" | "weak"): SearchMatch => ({
  name,
  description: `${name}.`,
  score: 1,
  confidence,
});

describe("searchAnswer", () => {
  it("lists strong matches by name and description only, with no hint", () => {
    expect(searchAnswer([match("a", "strong"), match("b", "strong")])).toEqual({
      matches: [
        { name: "a", description: "a." },
        { name: "b", description: "b." },
      ],
    });
  });

  it("marks each weak match, and adds the weak hint when the best is weak", () => {
    expect(searchAnswer([match("a", "weak"), match("b", "weak")])).toEqual({
      matches: [
        { name: "a", description: "a.", confidence: "weak" },
        { name: "b", description: "b.", confidence: "weak" },
      ],
      hint: WEAK_MATCH_HINT,
    });
    // A weak tail under a strong best needs no hint: the best is what the model acts on.
    expect(searchAnswer([match("a", "strong"), match("b", "weak")]).hint).toBeUndefined();
  });

  it("says how to rephrase when there is no match at all", () => {
    expect(searchAnswer([])).toEqual({ matches: [], hint: NO_MATCH_HINT });
  });

  it("adds what a presentation shows of each match, and never lets it overwrite the confidence", () => {
    const answer = searchAnswer([match("a", "weak")], () => ({
      input_schema: { type: "object" },
      confidence: "strong",
    }));
    expect(answer.matches).toEqual([
      { name: "a", description: "a.", input_schema: { type: "object" }, confidence: "weak" },
    ]);
  });
});
