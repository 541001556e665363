import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Tokenizer } from "@huggingface/tokenizers";
import { describe, expect, it } from "vitest";
import { Prng } from "../../../test/fuzz/prng.js";
import { BUNDLED_MODEL_DIR } from "./bundled-model.js";
import { exampleCatalogue } from "../../../examples/catalogue/index.js";
import { asciiWordPiece, tokenizesWordByWord, wordByWordIds } from "./word-token-ids.js";

const bundledJson = JSON.parse(readFileSync(join(BUNDLED_MODEL_DIR, "tokenizer.json"), "utf8")) as Record<
  string,
  unknown
>;
const bundledConfig = JSON.parse(readFileSync(join(BUNDLED_MODEL_DIR, "tokenizer_config.json"), "utf8")) as Record<
  string,
  unknown
>;
const tokenizer = new Tokenizer(structuredClone(bundledJson), bundledConfig);
const encode = (text: string): number[] => tokenizer.encode(text).ids;

describe("wordByWordIds: the bundled tokenizer's ids, a word at a time", () => {
  it("is vouched for by the bundled tokenizer's configuration", () => {
    expect(tokenizesWordByWord(bundledJson, bundledConfig)).toBe(true);
  });

  it("gives the ids of the whole text for texts that stress normalisation and splitting", () => {
    const texts = [
      "github list pull requests: Lists pull requests in a repository, newest first.",
      "ΟΔΟΣ ΟΔΟΣ. ΣΑΣ Σ σ ς ΑΣ'Σ ΑΣ:Β", // final sigma is the one context-sensitive lower-casing
      "café cafe\u0301 a \u0301b \u0301 İstanbul ǅemal ﬁle", // accents, a combining mark after a space, ligatures
      "漢字テスト 中文 mixed漢字words 한국어", // CJK gets spaces around each character
      "[UNK] x[UNK]y [PAD][PAD] [unk]", // added tokens, whole and inside words
      "tab\there new\nline cr\rlf nbsp\u00a0word bom\ufeffword zero\u200bwidth nul\u0000char \ufffd",
      "  leading and   many    spaces  ",
      `${"a".repeat(150)} ${"b".repeat(70)} a${"é".repeat(99)}`, // past WordPiece's 100 characters, and past the remembered length
      "emoji 🚀🔥 lone \ud800 surrogate \udc00 pair 😀",
      "",
      " ",
    ];
    const ids = wordByWordIds(encode);
    for (const text of texts) expect(ids(text), JSON.stringify(text)).toEqual(encode(text));
    // Asked again, from the remembered words.
    for (const text of texts) expect(ids(text), JSON.stringify(text)).toEqual(encode(text));
  });

  it("gives the ids of the whole text for 2,000 random texts (seeded)", () => {
    const random = new Prng(18);
    const pieces = [
      "a",
      "Σ",
      "σ",
      "ς",
      "É",
      "\u0301",
      "漢",
      " ",
      " ",
      "  ",
      "\t",
      "\n",
      ".",
      "'",
      ":",
      "-",
      "_",
      "[UNK]",
      "\ufeff",
      "\u00a0",
      "🚀",
      "\ud800",
      "9",
      "Z",
      "ß",
      "İ",
      "issue",
      "Pull",
      "requests",
    ];
    const ids = wordByWordIds(encode);
    for (let index = 0; index < 2_000; index++) {
      let text = "";
      for (let length = random.int(0, 24); length > 0; length--) text += random.pick(pieces);
      expect(ids(text), JSON.stringify(text)).toEqual(encode(text));
    }
  });
});

describe("tokenizesWordByWord: only tokenizers whose ids split at spaces", () => {
  const variant = (change: Record<string, unknown>) => ({ ...bundledJson, ...change });

  it("refuses a byte-level BPE, whose ids depend on the space before a word", () => {
    expect(tokenizesWordByWord(variant({ pre_tokenizer: { type: "ByteLevel" }, model: { type: "BPE" } }), {})).toBe(
      false,
    );
    expect(tokenizesWordByWord(variant({ model: { type: "BPE" } }), {})).toBe(false);
    expect(tokenizesWordByWord(variant({ pre_tokenizer: { type: "Metaspace" } }), {})).toBe(false);
    expect(tokenizesWordByWord(variant({ pre_tokenizer: null }), {})).toBe(false);
  });

  it("refuses other normalisers, a post-processor, and added tokens that hold or strip a space", () => {
    expect(tokenizesWordByWord(variant({ normalizer: { type: "Sequence", normalizers: [] } }), {})).toBe(false);
    expect(tokenizesWordByWord(variant({ post_processor: { type: "BertProcessing" } }), {})).toBe(false);
    const added = (token: Record<string, unknown>) => variant({ added_tokens: [{ id: 9, content: "[X]", ...token }] });
    expect(tokenizesWordByWord(added({ content: "new york" }), {})).toBe(false);
    expect(tokenizesWordByWord(added({ lstrip: true }), {})).toBe(false);
    expect(tokenizesWordByWord(added({ rstrip: true }), {})).toBe(false);
    expect(tokenizesWordByWord(added({}), {})).toBe(true);
    expect(tokenizesWordByWord(variant({ added_tokens: "x" }), {})).toBe(false);
  });

  it("refuses tokenizer options that rewrite spaces or accents over the whole text, and what is not a tokenizer", () => {
    expect(tokenizesWordByWord(bundledJson, { remove_space: true })).toBe(false);
    expect(tokenizesWordByWord(bundledJson, { do_lowercase_and_remove_accent: true })).toBe(false);
    expect(tokenizesWordByWord(null, {})).toBe(false);
    expect(tokenizesWordByWord("tokenizer", {})).toBe(false);
  });

  it("accepts a whitespace pre-tokenizer and a WordLevel model, and no normaliser", () => {
    expect(
      tokenizesWordByWord(
        variant({ pre_tokenizer: { type: "WhitespaceSplit" }, model: { type: "WordLevel" }, normalizer: null }),
        {},
      ),
    ).toBe(true);
  });
});

describe("asciiWordPiece: the library's WordPiece ids, computed here for printable-ASCII words", () => {
  const own = asciiWordPiece(bundledJson, bundledConfig)!;

  it("is available for the bundled tokenizer", () => {
    expect(own).toBeTypeOf("function");
  });

  it("gives the library's ids for every word of the example catalogue", () => {
    const words = new Set(
      exampleCatalogue.flatMap((tool) =>
        `${tool.name} ${tool.description} ${(tool.tags ?? []).join(" ")}`.split(/\s+/),
      ),
    );
    let compared = 0;
    for (const word of words) {
      const ids = own(word);
      if (ids === undefined) continue;
      compared++;
      expect(ids, word).toEqual(encode(word));
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  it("gives the library's ids for 5,000 random printable-ASCII words with punctuation (seeded), and leaves every other word to it", () => {
    const random = new Prng(1818);
    const pieces = [
      "a",
      "B",
      "z",
      "Q",
      "9",
      "0",
      "_",
      "-",
      ".",
      ",",
      "#",
      "##",
      "[",
      "]",
      "UNK",
      "[UNK]",
      "[unk]",
      "[PAD",
      "]",
      "'",
      "\\",
      "~",
      "issue",
      "Issues",
      "pull",
      "REQUESTS",
      "xq",
      "zzz",
      "json",
      "Schema",
      "…",
      "—",
      "“",
      "”",
      "«",
      "¿",
      "·",
      "‐",
      "。",
      "、",
    ];
    for (let index = 0; index < 5_000; index++) {
      let word = "";
      for (let length = random.int(1, 12); length > 0; length--) word += random.pick(pieces);
      const ids = own(word);
      if (ids !== undefined) expect(ids, word).toEqual(encode(word));
      else expect(/\[UNK\]|\[unk\]|\[PAD\]|\[pad\]/i.test(word), word).toBe(true);
    }
    const long = "a".repeat(101);
    expect(own(long)).toEqual(encode(long));
    expect(own(`${"a".repeat(100)}`)).toEqual(encode("a".repeat(100)));
    expect(own("qzxqzxqzx")).toEqual(encode("qzxqzxqzx"));
    for (const word of [
      "café",
      "tab\there",
      "a b",
      "",
      "漢字",
      "\u007f",
      "[UNK]",
      "x[PAD]",
      "a\u00a0b",
      "x€",
      "Ωmega",
      "a\ud800",
      "🚀",
      "x\u2028",
    ])
      expect(own(word), word).toBeUndefined();
    for (const word of ["(U…", "W…),", "—", "“quoted”", "¿what?", "\u2024"])
      expect(own(word), word).toEqual(encode(word));
  });

  it("is not offered for tokenizers it does not reproduce", () => {
    const variant = (change: Record<string, unknown>) => ({ ...bundledJson, ...change });
    const model = bundledJson.model as Record<string, unknown>;
    expect(asciiWordPiece(variant({ model: { ...model, type: "WordLevel" } }), {})).toBeUndefined();
    expect(asciiWordPiece(variant({ model: { ...model, continuing_subword_prefix: undefined } }), {})).toBeUndefined();
    expect(asciiWordPiece(variant({ model: { ...model, unk_token: "[NOT-IN-VOCAB]" } }), {})).toBeUndefined();
    expect(asciiWordPiece(variant({ model: { ...model, vocab: [] } }), {})).toBeUndefined();
    expect(
      asciiWordPiece(variant({ added_tokens: [{ id: 0, content: "[PAD]", normalized: true }] }), {}),
    ).toBeUndefined();
    expect(asciiWordPiece(variant({ pre_tokenizer: { type: "ByteLevel" } }), {})).toBeUndefined();
  });

  it("follows the normaliser's lower-casing and the pre-tokenizer's punctuation splitting", () => {
    const cased = { ...bundledJson, normalizer: null };
    const casedTokenizer = new Tokenizer(structuredClone(cased), {});
    const whitespace = { ...bundledJson, pre_tokenizer: { type: "WhitespaceSplit" } };
    const whitespaceTokenizer = new Tokenizer(structuredClone(whitespace), {});
    for (const word of ["GitHub", "pull-request", "Issue.", "a.b.c", "UPPER"]) {
      expect(asciiWordPiece(cased, {})!(word), word).toEqual(casedTokenizer.encode(word).ids);
      expect(asciiWordPiece(whitespace, {})!(word), word).toEqual(whitespaceTokenizer.encode(word).ids);
    }
  });
});
