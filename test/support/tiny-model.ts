import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodeOnnxModel, type OnnxModel } from "../../src/model-build/onnx-model.js";
import { quantiseRowsInt8 } from "../../src/model-build/quantize.js";
import { tokenizerJson } from "../../src/model-build/static-model/hf-files.js";
import { buildStaticEmbeddingModel } from "../../src/model-build/static-model/static-embedding-graph.js";
import { SPECIAL_TOKENS } from "../../src/model-build/static-model/vocabulary.js";

/** The tiny model's words; ids follow this order after [PAD] (0) and [UNK] (1). */
export const TINY_WORDS = [
  "open",
  "ticket",
  "create",
  "issue",
  "send",
  "email",
  "weather",
  "forecast",
  "city",
  "##s",
] as const;
export const TINY_DIMENSIONS = 8;

/** The tiny model's float rows: row 0 (padding) and 1 (unknown) are zero. */
export function tinyMatrix(): Float32Array {
  const rows = TINY_WORDS.length + 2;
  return Float32Array.from({ length: rows * TINY_DIMENSIONS }, (_, i) =>
    i < 2 * TINY_DIMENSIONS ? 0 : Math.cos(i * 0.9) * (1 + (i % 5) / 3),
  );
}

/**
 * Writes a small model folder in the transformers.js layout: a WordPiece tokenizer over
 * {@link TINY_WORDS} and an ONNX lookup graph, int8 or fp32. `finalOp` appends an element-wise
 * operator ONNX Runtime knows and the static path does not, which makes the model non-static.
 */
export function writeTinyModel(dir: string, options: { storage?: "fp32" | "int8"; finalOp?: "Tanh" } = {}): string {
  const matrix = tinyMatrix();
  const rows =
    options.storage === "int8"
      ? { kind: "int8" as const, ...quantiseRowsInt8(matrix, TINY_DIMENSIONS) }
      : { kind: "fp32" as const, values: matrix };
  let model: OnnxModel = buildStaticEmbeddingModel(
    { dimensions: TINY_DIMENSIONS, rows },
    { producerVersion: "test", docString: "tiny", metadata: [] },
  );
  if (options.finalOp) {
    const nodes = model.graph.nodes.map((node) =>
      node.outputs.includes("last_hidden_state") ? { ...node, outputs: ["rows"] } : node,
    );
    nodes.push({ opType: options.finalOp, name: "final", inputs: ["rows"], outputs: ["last_hidden_state"] });
    model = { ...model, graph: { ...model.graph, nodes } };
  }
  mkdirSync(join(dir, "onnx"), { recursive: true });
  writeFileSync(join(dir, "onnx", "model.onnx"), encodeOnnxModel(model));
  writeFileSync(join(dir, "config.json"), JSON.stringify({ model_type: "bert", hidden_size: TINY_DIMENSIONS }));
  writeFileSync(
    join(dir, "tokenizer_config.json"),
    JSON.stringify({
      tokenizer_class: "PreTrainedTokenizerFast",
      model_max_length: 16,
      pad_token: "[PAD]",
      unk_token: "[UNK]",
    }),
  );
  // The tokenizer toolsift's static models have, over the tiny vocabulary.
  writeFileSync(join(dir, "tokenizer.json"), JSON.stringify(tokenizerJson([...SPECIAL_TOKENS, ...TINY_WORDS])));
  return dir;
}
