import { OnnxDataType, type OnnxModel, type OnnxNode, type OnnxTensor } from "../onnx-model.js";

/** How the rows of the embedding matrix are stored in the ONNX file. */
export type RowStorage =
  /** Signed bytes and one float scale per row: value = int8 × scale. */
  | { kind: "int8"; values: Int8Array; scales: Float32Array }
  /** IEEE half-precision bit patterns. */
  | { kind: "fp16"; values: Uint16Array }
  | { kind: "fp32"; values: Float32Array };

export interface StaticEmbeddingWeights {
  dimensions: number;
  rows: RowStorage;
  /**
   * Row of each token id, so several ids can share one row (an alias costs 4 bytes instead of a
   * whole row). Identity when absent.
   */
  rowOfToken?: Int32Array;
}

export interface StaticEmbeddingModelInfo {
  producerVersion: string;
  docString: string;
  metadata: readonly { key: string; value: string }[];
}

export const OPSET_VERSION = 17;
export const IR_VERSION = 8;

/**
 * An ONNX graph that looks up one row per token: `input_ids` [batch, seq] (int64) selects rows
 * of the matrix, which are dequantised and multiplied by `attention_mask`, giving
 * `last_hidden_state` [batch, seq, dimensions] (float32) — the interface of a sentence-transformer
 * encoder, so mean pooling downstream gives the average of the rows of the real tokens.
 *
 * @example
 * ```ts
 * const model = buildStaticEmbeddingModel({ dimensions: 2, rows: { kind: "fp32", values: new Float32Array([0, 0, 1, 2]) } }, info);
 * const bytes = encodeOnnxModel(model);
 * ```
 */
export function buildStaticEmbeddingModel(weights: StaticEmbeddingWeights, info: StaticEmbeddingModelInfo): OnnxModel {
  const { dimensions, rows } = weights;
  const rowCount = rows.values.length / dimensions;
  if (!Number.isInteger(rowCount) || rowCount < 1) {
    throw new RangeError(`the matrix has ${rows.values.length} values, not a positive multiple of ${dimensions}`);
  }

  const nodes: OnnxNode[] = [];
  const initializers: OnnxTensor[] = [];

  let rowIds = "input_ids";
  if (weights.rowOfToken !== undefined) {
    for (const row of weights.rowOfToken) {
      if (row < 0 || row >= rowCount) throw new RangeError(`token row ${row} is outside 0..${rowCount - 1}`);
    }
    initializers.push(tensor("token_rows", OnnxDataType.INT32, [weights.rowOfToken.length], weights.rowOfToken));
    nodes.push(
      node(
        "Gather",
        "token_to_row",
        ["token_rows", "input_ids"],
        ["row_ids"],
        [{ name: "axis", kind: "int", value: 0 }],
      ),
    );
    rowIds = "row_ids";
  }

  // The mask zeroes padding positions whatever id the tokenizer pads with.
  nodes.push(node("Cast", "mask_to_float", ["attention_mask"], ["mask_float"], [castTo(OnnxDataType.FLOAT)]));
  initializers.push(tensor("last_axis", OnnxDataType.INT64, [1], new BigInt64Array([-1n])));
  nodes.push(node("Unsqueeze", "mask_per_token", ["mask_float", "last_axis"], ["mask_column"]));

  const gatherRows = (table: string, output: string): OnnxNode =>
    node("Gather", `gather_${table}`, [table, rowIds], [output], [{ name: "axis", kind: "int", value: 0 }]);

  switch (rows.kind) {
    case "int8":
      if (rows.scales.length !== rowCount) throw new RangeError(`${rows.scales.length} scales for ${rowCount} rows`);
      initializers.push(tensor("embeddings", OnnxDataType.INT8, [rowCount, dimensions], rows.values));
      initializers.push(tensor("row_scales", OnnxDataType.FLOAT, [rowCount, 1], rows.scales));
      nodes.push(gatherRows("embeddings", "token_rows_int8"));
      nodes.push(
        node("Cast", "dequantise", ["token_rows_int8"], ["token_rows_unscaled"], [castTo(OnnxDataType.FLOAT)]),
      );
      nodes.push(gatherRows("row_scales", "token_scales"));
      // Scale × mask is [batch, seq, 1], cheaper than masking the full rows separately.
      nodes.push(node("Mul", "mask_scales", ["token_scales", "mask_column"], ["token_factors"]));
      nodes.push(node("Mul", "scale_rows", ["token_rows_unscaled", "token_factors"], ["last_hidden_state"]));
      break;
    case "fp16":
      initializers.push(tensor("embeddings", OnnxDataType.FLOAT16, [rowCount, dimensions], rows.values));
      nodes.push(gatherRows("embeddings", "token_rows_fp16"));
      nodes.push(node("Cast", "to_float", ["token_rows_fp16"], ["token_rows_float"], [castTo(OnnxDataType.FLOAT)]));
      nodes.push(node("Mul", "mask_rows", ["token_rows_float", "mask_column"], ["last_hidden_state"]));
      break;
    case "fp32":
      initializers.push(tensor("embeddings", OnnxDataType.FLOAT, [rowCount, dimensions], rows.values));
      nodes.push(gatherRows("embeddings", "token_rows_float"));
      nodes.push(node("Mul", "mask_rows", ["token_rows_float", "mask_column"], ["last_hidden_state"]));
      break;
  }

  const tokenAxes = ["batch_size", "sequence_length"];
  return {
    irVersion: IR_VERSION,
    opsetImports: [{ domain: "", version: OPSET_VERSION }],
    // As first written, though the builder has moved: the name is inside the committed models'
    // ONNX bytes, which their embedder ids and users' vector caches hash.
    producerName: "toolsift scripts/build-model.ts",
    producerVersion: info.producerVersion,
    docString: info.docString,
    metadata: info.metadata,
    graph: {
      name: "static_embedding",
      nodes,
      initializers,
      inputs: [
        { name: "input_ids", elemType: OnnxDataType.INT64, shape: tokenAxes },
        { name: "attention_mask", elemType: OnnxDataType.INT64, shape: tokenAxes },
      ],
      outputs: [{ name: "last_hidden_state", elemType: OnnxDataType.FLOAT, shape: [...tokenAxes, dimensions] }],
    },
  };
}

function node(
  opType: string,
  name: string,
  inputs: string[],
  outputs: string[],
  attributes?: OnnxNode["attributes"],
): OnnxNode {
  return attributes === undefined ? { opType, name, inputs, outputs } : { opType, name, inputs, outputs, attributes };
}

function castTo(dataType: OnnxDataType): { name: string; kind: "int"; value: number } {
  return { name: "to", kind: "int", value: dataType };
}

function tensor(
  name: string,
  dataType: OnnxDataType,
  dims: number[],
  values: Int8Array | Uint16Array | Int32Array | Float32Array | BigInt64Array,
): OnnxTensor {
  return { name, dataType, dims, rawData: littleEndianBytes(values) };
}

/** ONNX raw data is little-endian; typed arrays use the host order, so swap on big-endian hosts. */
function littleEndianBytes(values: Int8Array | Uint16Array | Int32Array | Float32Array | BigInt64Array): Uint8Array {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength).slice();
  if (values.BYTES_PER_ELEMENT > 1 && !HOST_IS_LITTLE_ENDIAN) {
    const width = values.BYTES_PER_ELEMENT;
    for (let start = 0; start < bytes.length; start += width) bytes.subarray(start, start + width).reverse();
  }
  return bytes;
}

const HOST_IS_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
