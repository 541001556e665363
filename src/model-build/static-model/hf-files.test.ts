import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AutoTokenizer, env } from "@huggingface/transformers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonFile } from "../json-file.js";
import { configJson, tokenizerConfigJson, tokenizerJson } from "./hf-files.js";

const TOKENS = ["[PAD]", "[UNK]", "get", "the", "weather", "in", "zurich", "cafe", "##weather"];
let dir: string;
let tokenizer: Awaited<ReturnType<typeof AutoTokenizer.from_pretrained>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "toolsift-hf-files-"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tokenizerJson(TOKENS)));
  writeFileSync(join(dir, "tokenizer_config.json"), jsonFile(tokenizerConfigJson()));
  writeFileSync(join(dir, "config.json"), jsonFile(configJson({ vocabSize: TOKENS.length, hiddenSize: 4 })));
  env.allowRemoteModels = false;
  tokenizer = await AutoTokenizer.from_pretrained(dir, { local_files_only: true });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ids(text: string): number[] {
  return (tokenizer(text).input_ids.tolist() as bigint[][])[0]?.map(Number) ?? [];
}

describe("tokenizer files, as transformers.js loads them", () => {
  it("lowercases, strips accents and splits off punctuation, adding no special tokens", () => {
    expect(ids("Get the WEATHER in Zürich!")).toEqual([2, 3, 4, 5, 6, 1]);
    expect(ids("café")).toEqual([7]);
  });

  it("maps unknown words to [UNK] and splits run-together words into known pieces", () => {
    expect(ids("kubernetes")).toEqual([1]);
    expect(ids("getweather")).toEqual([2, 8]);
  });

  it("pads with [PAD] = 0 and masks the padding", () => {
    const batch = tokenizer(["get the weather", "zurich"], { padding: true });
    expect(batch.input_ids.tolist()).toEqual([
      [2n, 3n, 4n],
      [6n, 0n, 0n],
    ]);
    expect(batch.attention_mask.tolist()).toEqual([
      [1n, 1n, 1n],
      [1n, 0n, 0n],
    ]);
  });

  it("refuses a vocabulary with a token twice", () => {
    expect(() => tokenizerJson(["[PAD]", "[UNK]", "a", "a"])).toThrow(/duplicate token "a"/);
  });
});
