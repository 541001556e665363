import { describe, expect, it } from "vitest";
import { countWords, splitWords, wordProbabilities } from "./whole-words.js";

// A stand-in tokenizer: a word is split when it is not one of these.
const WHOLE = new Set(["the", "song", "stop", "it", "then"]);
const pieces = (word: string) => (WHOLE.has(word) ? 1 : 2);

describe("splitWords", () => {
  it("takes the words the pieces split, most used first, then alphabetically", () => {
    const sentences = ["Pause the song", "pause it", "Resume the song", "resume, then pause", "radius"];
    expect(splitWords(countWords(sentences), pieces, 10, 1)).toEqual(["pause", "resume", "radius"]);
  });

  it("leaves out words the pieces keep whole and words used fewer times than asked", () => {
    const sentences = ["stop the song", "stop it", "pause", "pause", "resume"];
    expect(splitWords(countWords(sentences), pieces, 10, 2)).toEqual(["pause"]);
  });

  it("reads words as the tokenizer does, and keeps only letters of 3 to 24", () => {
    const sentences = ["Café CAFE cafe", "ab ab ab", "x86 x86", `${"a".repeat(25)} ${"a".repeat(25)}`];
    expect(splitWords(countWords(sentences), pieces, 10, 2)).toEqual(["cafe"]);
  });

  it("stops at the count asked for", () => {
    expect(splitWords(countWords(["pause pause resume"]), pieces, 1, 1)).toEqual(["pause"]);
  });
});

describe("wordProbabilities", () => {
  it("puts a word's share of the corpus on the pieces' scale, read from the words that are one piece", () => {
    // 20 uses in all: "the" is half of them and "song" a quarter; both are single pieces.
    const uses = new Map([
      ["the", 10],
      ["song", 5],
      ["pause", 5],
    ]);
    const pieceProbability = (word: string) => ({ the: 0.25, song: 0.0625 })[word];
    const probability = wordProbabilities(uses, pieceProbability);
    // Ratios: the 0.25 / 0.5 = 0.5, song 0.0625 / 0.25 = 0.25; the median of two is the upper one.
    expect(probability("pause")).toBeCloseTo(0.5 * (5 / 20));
    expect(probability("unseen")).toBe(0);
  });

  it("reads a word's share as it is when no word is one piece", () => {
    const probability = wordProbabilities(new Map([["pause", 5]]), () => undefined);
    expect(probability("pause")).toBe(1);
  });
});

describe("splitWords and the forms of a word", () => {
  it("leaves a form of a token or of another candidate to that word and its ending", () => {
    // "keyword" and "pause" are candidates, so "keywords" and "pauses" never are; "alarms" and
    // "themes" are left out only where "alarm" and "theme" are tokens.
    const sentences = ["alarms alarms keywords keywords keyword keyword pauses pauses pause pause themes themes"];
    const isToken = (word: string) => word === "alarm" || word === "theme";
    const all = splitWords(countWords(sentences), () => 2, 10, 2);
    expect(all).toEqual(["alarms", "keyword", "pause", "themes"]);
    expect(splitWords(countWords(sentences), () => 2, 10, 2, isToken)).toEqual(["keyword", "pause"]);
  });
});
