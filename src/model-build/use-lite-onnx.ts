/**
 * Universal Sentence Encoder Lite as an ONNX model folder in the transformers.js layout: the
 * TF.js graph translated op by op (tf-to-onnx.ts), its sparse input replaced by the usual
 * `input_ids` / `attention_mask`, and its SentencePiece vocabulary written as a Unigram
 * tokenizer.json, which transformers.js runs as USE-lite's own tokenizer does (NFKC, "▁" for
 * spaces and before the text, best-scoring segmentation over the pieces).
 */
import { encodeOnnxModel, OnnxDataType } from "./onnx-model.js";
import type { ScoredPiece } from "./use-lite-package.js";
import { quantiseWeightsInt8 } from "./quantize-weights.js";
import { TF_TO_ONNX_OPSET, translateTfGraph } from "./tf-to-onnx.js";
import type { TfGraph } from "./tfjs-graph.js";

const PREFIX = "module_apply_default/Encoder_en/";
/** The graph's last node: the L2-normalised 512-d sentence vector. */
export const USE_LITE_OUTPUT = `${PREFIX}hidden_layers/l2_normalize`;
/** The dense [sentences, pieces] shape the graph derives from its sparse input. */
const DENSE_SHAPE = `${PREFIX}KonaTransformer/ClipToMaxLength/Maximum`;
/** Pieces per text the graph keeps (its ClipToMaxLength); the tokenizer truncates to the same. */
export const USE_LITE_MAX_PIECES = 128;
/** The first pieces (<unk>-like "\uFFFD", <s>, </s>, extra ids) that USE-lite's tokenizer never produces. */
const RESERVED_PIECES = 6;
const IR_VERSION = 8;
/** Far below any real piece's log-probability (the lowest is about -14.5), even summed over a text. */
const RESERVED_SCORE = -1e6;

/** fp32: the graph as translated; q8: its large matrices stored as int8 (quantize-weights.ts). */
export type UseLiteDtype = "fp32" | "q8";

/** The ONNX file transformers.js loads for each dtype. */
export const USE_LITE_ONNX_FILE: Readonly<Record<UseLiteDtype, string>> = {
  fp32: "onnx/model.onnx",
  q8: "onnx/model_quantized.onnx",
};

/**
 * The ONNX graph: `input_ids` and `attention_mask` ([batch, pieces], int64, right-padded) in,
 * `sentence_embedding` ([batch, 512], float32, unit length) out.
 */
export function useLiteOnnxModel(
  graph: TfGraph,
  metadata: readonly { key: string; value: string }[],
  dtype: UseLiteDtype = "fp32",
): Uint8Array {
  const translated = translateTfGraph(graph, {
    inputs: { indices: "sparse_indices", values: "sparse_values" },
    output: { tf: USE_LITE_OUTPUT, onnx: "sentence_embedding" },
    // The graph sizes its dense matrix from the last text with a piece: a batch ending in empty
    // texts would come back short, and a batch of only empty texts crashes ONNX Runtime (the
    // process, not the call). At least the padded input's shape keeps one row per text.
    afterNode: (tfName, onnxName, builder) =>
      tfName === DENSE_SHAPE
        ? builder.op("Max", `${tfName}/at_least_input`, [onnxName, builder.op("Shape", "input_shape", ["input_ids"])])
        : onnxName,
  });
  // USE-lite reads a sparse matrix: the (text, position) of each piece, and the piece ids.
  // Right padding makes a mask's true cells, in row-major order, exactly those coordinates.
  const front = [
    {
      opType: "Cast",
      name: "mask#Cast",
      inputs: ["attention_mask"],
      outputs: ["mask"],
      attributes: [{ name: "to", kind: "int" as const, value: OnnxDataType.BOOL }],
    },
    { opType: "NonZero", name: "positions#NonZero", inputs: ["mask"], outputs: ["positions"] },
    {
      opType: "Transpose",
      name: "sparse_indices#Transpose",
      inputs: ["positions"],
      outputs: ["sparse_indices"],
      attributes: [{ name: "perm", kind: "ints" as const, value: [1, 0] }],
    },
    {
      opType: "GatherND",
      name: "sparse_values#GatherND",
      inputs: ["input_ids", "sparse_indices"],
      outputs: ["sparse_values"],
    },
  ];
  const body =
    dtype === "q8"
      ? quantiseWeightsInt8([...front, ...translated.nodes], translated.initializers)
      : { nodes: [...front, ...translated.nodes], initializers: translated.initializers };
  return encodeOnnxModel({
    irVersion: IR_VERSION,
    opsetImports: [{ domain: "", version: TF_TO_ONNX_OPSET }],
    producerName: "toolsift",
    producerVersion: "1",
    docString:
      "Universal Sentence Encoder Lite (Google), translated from its TF.js graph by toolsift model build use-lite-onnx",
    metadata,
    graph: {
      name: "use_lite",
      nodes: body.nodes,
      initializers: body.initializers,
      inputs: [
        { name: "input_ids", elemType: OnnxDataType.INT64, shape: ["batch", "pieces"] },
        { name: "attention_mask", elemType: OnnxDataType.INT64, shape: ["batch", "pieces"] },
      ],
      outputs: [{ name: "sentence_embedding", elemType: OnnxDataType.FLOAT, shape: ["batch", 512] }],
    },
  });
}

/**
 * tokenizer.json: NFKC, Metaspace (spaces to "▁", one "▁" before the text, no split, so the
 * segmentation runs over the whole text as USE-lite's does) and a Unigram model over the pieces
 * with their log-probabilities. No special tokens are added.
 */
export function useLiteTokenizerJson(pieces: readonly ScoredPiece[]): Record<string, unknown> {
  const vocab = pieces.map(([piece, score], id) => {
    // USE-lite's tokenizer leaves the reserved pieces out of its search; here they score so low
    // that any other segmentation of their characters wins ("<s>" is "<" "s" ">").
    if (id > 0 && id < RESERVED_PIECES) return [piece, RESERVED_SCORE];
    // A missing score counts as 0 in USE-lite's own tokenizer (JavaScript's null + x).
    return [piece, Number.isFinite(score) ? score : 0];
  });
  const metaspace = { type: "Metaspace", replacement: "\u2581", prepend_scheme: "always", split: false };
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: { type: "NFKC" },
    pre_tokenizer: metaspace,
    post_processor: null,
    decoder: metaspace,
    model: { type: "Unigram", unk_id: 0, vocab, byte_fallback: false },
  };
}

export function useLiteTokenizerConfigJson(unkPiece: string): Record<string, unknown> {
  return {
    tokenizer_class: "PreTrainedTokenizerFast",
    model_max_length: USE_LITE_MAX_PIECES,
    padding_side: "right",
    truncation_side: "right",
    // Padding cells are masked out before the graph reads a piece id, so any id serves.
    pad_token: unkPiece,
    unk_token: unkPiece,
    clean_up_tokenization_spaces: false,
    model_input_names: ["input_ids", "attention_mask"],
  };
}

/** config.json: "bert" only selects transformers.js' plain encoder runner, which feeds inputs by name. */
export function useLiteConfigJson(vocabularySize: number, dtype: UseLiteDtype): Record<string, unknown> {
  return {
    model_type: "bert",
    hidden_size: 512,
    vocab_size: vocabularySize,
    max_position_embeddings: USE_LITE_MAX_PIECES,
    pad_token_id: 0,
    "transformers.js_config": { dtype },
    toolsift: {
      note: "Universal Sentence Encoder Lite translated to ONNX; outputs one unit-length vector per text (sentence_embedding): load it with pooling 'none'. model_type 'bert' only selects transformers.js' plain encoder runner. See toolsift.json.",
    },
  };
}
