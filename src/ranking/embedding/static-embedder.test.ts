import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Tokenizer } from "@huggingface/tokenizers";
import { describe, expect, it } from "vitest";
import { realisticCatalogue } from "../../../bench/cold-start/realistic-catalogue.js";
import { Prng } from "../../../test/fuzz/prng.js";
import { rankDocumentOf } from "../rank-document.js";
import { BUNDLED_MODEL_DIR } from "./bundled-model.js";
import { embeddingTextOf } from "./embedding-text.js";
import { loadEmbedder } from "./load-embedder.js";
import { readOnnxGraph } from "./onnx/read-onnx-graph.js";
import { staticEmbeddingGraph } from "./onnx/static-embedding-graph.js";
import { normaliseInPlace } from "./pool-tokens.js";

const read = (file: string) => readFileSync(join(BUNDLED_MODEL_DIR, file));
const config = JSON.parse(read("tokenizer_config.json").toString("utf8")) as Record<string, unknown>;
const tokenizer = new Tokenizer(JSON.parse(read("tokenizer.json").toString("utf8")) as object, config);
const generic = staticEmbeddingGraph(readOnnxGraph(new Uint8Array(read("onnx/model.onnx"))));
const MAX_TOKENS = config.model_max_length as number;

/**
 * The vector as the embedder computed it before its fast paths: the tokenizer library on the
 * whole text, truncated; every token's row from the generic graph evaluator; each distinct
 * token's row times its count (the product rounded to float32, as the SIMD kernel rounds it),
 * added in first-occurrence order, over the token count.
 */
function reference(text: string, pooling: "mean" | "cls"): Float32Array {
  if ("notStatic" in generic) throw new Error(generic.notStatic);
  const ids = tokenizer.encode(text).ids.slice(0, pooling === "cls" ? 1 : MAX_TOKENS);
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const distinct = [...counts.keys()];
  const rows = generic.rows(distinct);
  const width = generic.dimensions;
  const vector = new Float32Array(width);
  distinct.forEach((id, r) => {
    for (let d = 0; d < width; d++) vector[d] = vector[d]! + Math.fround(rows[r * width + d]! * counts.get(id)!);
  });
  if (ids.length > 0) for (let d = 0; d < width; d++) vector[d] = vector[d]! / ids.length;
  normaliseInPlace(vector);
  return vector;
}

const bits = (vector: Float32Array): number[] => [...new Uint32Array(vector.buffer, vector.byteOffset, vector.length)];

function randomText(random: Prng): string {
  const pieces = [
    "search",
    "the",
    "issues",
    "ünïcödé",
    "漢字",
    "🚀",
    "\ud800",
    "a-b_c",
    "GitHub",
    "...",
    "\t",
    "x".repeat(120),
  ];
  return Array.from({ length: random.int(0, 60) }, () =>
    random.next() < 0.7 ? pieces[random.int(0, pieces.length - 1)]! : String.fromCodePoint(random.int(0, 0x2fff)),
  ).join(random.next() < 0.5 ? " " : "");
}

const catalogueTexts = realisticCatalogue(300).tools.map((tool) => embeddingTextOf(rankDocumentOf(tool)));
const random = new Prng(7);
const TEXTS = [
  ...catalogueTexts,
  ...Array.from({ length: 300 }, () => randomText(random)),
  "",
  "   ",
  "café cafe\u0301 İstanbul ΟΔΟΣ 中文 한국어 emoji 😀 lone \udc00",
  "[UNK] [PAD] x[UNK]y",
  // Past the tokenizer's 1,024 tokens: truncated, and most of its tokens repeated.
  Array.from({ length: 6_000 }, (_, i) => ["list", "pull", "requests", "in", `w${i % 97}`][i % 5]).join(" "),
  "word ".repeat(3_000),
];

describe("createStaticEmbedder (the bundled model)", () => {
  it.each(["mean", "cls"] as const)(
    "gives the reference vectors bit for bit, %s pooling, on catalogue, unicode, empty, huge and random texts",
    async (pooling) => {
      const embedder = await loadEmbedder({ pooling });
      try {
        // Two batches: the second meets tokens whose rows the first already read.
        const half = Math.floor(TEXTS.length / 2);
        const vectors = [...(await embedder.embed(TEXTS.slice(0, half))), ...(await embedder.embed(TEXTS.slice(half)))];
        TEXTS.forEach((text, i) =>
          expect(bits(vectors[i]!), text.slice(0, 80)).toEqual(bits(reference(text, pooling))),
        );
      } finally {
        await embedder.close?.();
      }
    },
    120_000,
  );

  it("loads the tokenizer library when a later batch first needs it, and gives the reference vectors", async () => {
    const embedder = await loadEmbedder();
    try {
      const ascii = ["list pull requests", "open an issue: title, body."];
      const unicode = ["naïve café 😀 ΟΔΟΣ", "tab\tand\nnewline plus [UNK] words list pull"];
      const vectors = [...(await embedder.embed(ascii)), ...(await embedder.embed(unicode))];
      [...ascii, ...unicode].forEach((text, i) =>
        expect(bits(vectors[i]!), text).toEqual(bits(reference(text, "mean"))),
      );
    } finally {
      await embedder.close?.();
    }
  });
});
