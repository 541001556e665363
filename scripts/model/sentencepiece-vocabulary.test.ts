import { describe, expect, it } from "vitest";
import type { ScoredPiece } from "../../src/model-build/use-lite-package.js";
import { pieceVocabulary } from "./sentencepiece-vocabulary.js";

const piecesOf = (vocabulary: ReturnType<typeof pieceVocabulary>, source: readonly ScoredPiece[]) =>
  Object.fromEntries(
    vocabulary.tokens.slice(2).map((token, i) => [token, source[vocabulary.pieceIds[i] as number]?.[0]]),
  );

describe("pieceVocabulary", () => {
  it("makes word-start pieces words and the others ## continuations, after the special tokens", () => {
    const source: ScoredPiece[] = [
      ["<s>", 0],
      ["▁the", -3.5],
      ["ing", -5.2],
      ["▁weather", -9],
      ["▁:)", Number.NaN],
    ];
    const vocabulary = pieceVocabulary(source);
    expect(vocabulary.tokens.slice(0, 2)).toEqual(["[PAD]", "[UNK]"]);
    expect(piecesOf(vocabulary, source)).toMatchObject({ the: "▁the", "##ing": "ing", weather: "▁weather" });
    expect(vocabulary.tokens).not.toContain("<s>");
    expect(vocabulary.tokens).not.toContain(":)");
  });

  it("normalises as the tokenizer does and keeps the likelier of two pieces that merge", () => {
    const source: ScoredPiece[] = [
      ["▁The", -6],
      ["▁the", -3.5],
      ["▁Café", -10],
    ];
    const vocabulary = pieceVocabulary(source);
    expect(piecesOf(vocabulary, source)).toMatchObject({ the: "▁the", cafe: "▁Café" });
    expect(vocabulary.tokens.filter((token) => token === "the")).toHaveLength(1);
  });

  it("leaves out pieces the pre-tokenizer never yields and keeps lone punctuation as itself", () => {
    const source: ScoredPiece[] = [
      ["▁", -4],
      ['."', -7],
      ["”5", -8],
      [".", -3.2],
      ["▁don't", -9],
    ];
    const vocabulary = pieceVocabulary(source);
    expect(vocabulary.tokens.slice(2).filter((token) => !/^(##)?[a-z0-9]$/.test(token))).toEqual(["."]);
  });

  it("has every ASCII letter and digit alone and as a continuation, so no ASCII word is unknown", () => {
    const source: ScoredPiece[] = [
      ["▁q", -9],
      ["z", -9],
    ];
    const vocabulary = pieceVocabulary(source);
    expect(piecesOf(vocabulary, source)).toMatchObject({ q: "▁q", "##q": "▁q", z: "z", "##z": "z" });
  });
});
