import { describe, expect, it } from "vitest";
import { isSingleToken, normaliseWord, selectVocabulary, SPECIAL_TOKENS } from "./vocabulary.js";

const OPTIONS = { size: 100, extraWords: [], pieces: 0, pieceMinLength: 3 };

describe("normaliseWord / isSingleToken", () => {
  it("lowercases and strips accents like the tokenizer's BertNormalizer", () => {
    expect(normaliseWord("Café")).toBe("cafe");
    expect(normaliseWord("ZÜRICH")).toBe("zurich");
  });

  it("accepts only what BERT pre-tokenisation keeps whole", () => {
    expect(isSingleToken("weather")).toBe(true);
    expect(isSingleToken("mp3")).toBe(true);
    expect(isSingleToken("e-mail")).toBe(false);
    expect(isSingleToken("n't")).toBe(false);
    expect(isSingleToken(",")).toBe(false);
    expect(isSingleToken("東京")).toBe(false);
  });
});

describe("selectVocabulary", () => {
  const source = ["the", ",", "Café", "cafe", "e-mail", "weather", "json", "getweather", "kubernetes"];

  it("takes tokenizable words in frequency order after the special tokens, first spelling wins", () => {
    const vocabulary = selectVocabulary(source, { ...OPTIONS, size: 3 });
    expect(vocabulary.tokens).toEqual([...SPECIAL_TOKENS, "the", "cafe", "weather"]);
    // "cafe" keeps the rank of "Café" (2), the more frequent spelling.
    expect(vocabulary.wordRanks).toEqual([0, 2, 5]);
  });

  it("appends extra words below the cut in rank order and reports those it cannot have", () => {
    const vocabulary = selectVocabulary(source, {
      ...OPTIONS,
      size: 2,
      extraWords: ["kubernetes", "JSON", "the", "graphql", "e-mail"],
    });
    expect(vocabulary.tokens.slice(SPECIAL_TOKENS.length)).toEqual(["the", "cafe", "json", "kubernetes"]);
    expect(vocabulary.wordRanks).toEqual([0, 2, 6, 8]);
    expect(vocabulary.missingExtraWords).toEqual(["e-mail", "graphql"]);
  });

  it("adds continuation pieces for the most frequent long-enough words, pointing at their word", () => {
    const vocabulary = selectVocabulary(source, { ...OPTIONS, size: 4, pieces: 2, pieceMinLength: 4 });
    expect(vocabulary.tokens).toEqual([...SPECIAL_TOKENS, "the", "cafe", "weather", "json", "##cafe", "##weather"]);
    expect(vocabulary.pieceWordIds).toEqual([3, 4]);
  });
});
