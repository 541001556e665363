import { describe, expect, it } from "vitest";
import { firstSentence } from "./first-sentence.js";

describe("firstSentence", () => {
  it("stops at the first sentence end", () => {
    expect(firstSentence("Create an issue. Returns its number.")).toBe("Create an issue.");
    expect(firstSentence("Is it up? Checks health.")).toBe("Is it up?");
  });

  it("does not stop inside abbreviations, versions or paths", () => {
    expect(firstSentence("Reads a file, e.g. a config at ./app.json. Returns text.")).toBe("Reads a file, e.g. a config at ./app.json.");
    expect(firstSentence("Uses API v1.2 for lookups. More.")).toBe("Uses API v1.2 for lookups.");
  });

  it("takes the whole text when there is one sentence, and folds white space", () => {
    expect(firstSentence("  Lists\n  repositories  ")).toBe("Lists repositories");
  });

  it("cuts a long first sentence at a word, with an ellipsis", () => {
    const long = `${"word ".repeat(60)}end.`;
    const cut = firstSentence(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
  });
});
