import { describe, expect, it } from "vitest";
import { firstSentence } from "./first-sentence.js";

describe("firstSentence", () => {
  it("stops at the first sentence end", () => {
    expect(firstSentence("Create an issue. Returns its number.")).toBe("Create an issue.");
    expect(firstSentence("Is it up? Checks health.")).toBe("Is it up?");
  });

  it("does not stop inside abbreviations, versions or paths", () => {
    expect(firstSentence("Reads a file, e.g. a config at ./app.json. Returns text.")).toBe(
      "Reads a file, e.g. a config at ./app.json.",
    );
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

describe("firstSentence: where a sentence ends", () => {
  it("ends before a quote or a bracket that opens the next sentence", () => {
    expect(firstSentence('Lists files. "Hidden" ones are skipped.')).toBe("Lists files.");
    expect(firstSentence("Lists files. (Hidden ones are skipped.)")).toBe("Lists files.");
    expect(firstSentence("Lists files. [Beta] Hidden ones are skipped.")).toBe("Lists files.");
  });

  it("does not end at a full stop inside a path, even before a capital", () => {
    expect(firstSentence("Reads ./Docs/README.md files. More.")).toBe("Reads ./Docs/README.md files.");
  });

  it("does not end before a lower-case word", () => {
    expect(firstSentence("Counts items, i.e. rows. Fast.")).toBe("Counts items, i.e. rows.");
  });
});

describe("firstSentence: cutting a long first sentence", () => {
  it("keeps a first sentence of exactly 160 characters whole", () => {
    const exact = `${"a".repeat(159)}.`;
    expect(firstSentence(`${exact} Next.`)).toBe(exact);
  });

  it("cuts a sentence without spaces at 159 characters and an ellipsis", () => {
    expect(firstSentence("a".repeat(200))).toBe(`${"a".repeat(159)}…`);
  });

  it("cuts at the last space only when it keeps more than half", () => {
    // The last space before the cut is at index 80, exactly half of 160: cutting there would lose too much.
    expect(firstSentence(`${"a".repeat(80)} ${"b".repeat(100)}`)).toBe(`${"a".repeat(80)} ${"b".repeat(78)}…`);
    expect(firstSentence(`${"a".repeat(81)} ${"b".repeat(100)}`)).toBe(`${"a".repeat(81)}…`);
  });

  it("drops the punctuation and spaces before the ellipsis", () => {
    expect(firstSentence(`${"word ".repeat(30)}list:, ${"x".repeat(100)}`)).toBe(`${"word ".repeat(30)}list…`);
  });

  it("cuts before an emoji that straddles the cut, leaving no half of it", () => {
    expect(firstSentence(`${"a".repeat(158)}😀${"a".repeat(50)}`)).toBe(`${"a".repeat(158)}…`);
  });

  it("keeps an emoji that ends right at the cut", () => {
    expect(firstSentence(`${"a".repeat(157)}😀${"a".repeat(50)}`)).toBe(`${"a".repeat(157)}😀…`);
  });
});
