import { ProtoWriter } from "./protobuf-writer.js";

/**
 * Encodes the subset of ONNX's protobuf schema (onnx.proto) that a graph of plain operators
 * with raw-data initialisers needs. Field numbers are those of the ONNX spec; onnx.proto is
 * proto2, so repeated scalars are written unpacked, as the reference serialiser writes them.
 */

/** TensorProto.DataType values used here. */
export const OnnxDataType = {
  FLOAT: 1,
  UINT8: 2,
  INT8: 3,
  INT32: 6,
  INT64: 7,
  BOOL: 9,
  FLOAT16: 10,
} as const;
export type OnnxDataType = (typeof OnnxDataType)[keyof typeof OnnxDataType];

/** A constant tensor stored in the graph; `rawData` is little-endian, row-major. */
export interface OnnxTensor {
  name: string;
  dataType: OnnxDataType;
  dims: readonly number[];
  rawData: Uint8Array;
}

/** A node attribute; only the kinds the builder uses. */
export type OnnxAttribute =
  | { name: string; kind: "int"; value: number }
  | { name: string; kind: "ints"; value: readonly number[] }
  | { name: string; kind: "float"; value: number }
  | { name: string; kind: "string"; value: string };

export interface OnnxNode {
  opType: string;
  name: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes?: readonly OnnxAttribute[];
}

/** A graph input or output: a tensor of `elemType` whose dims are sizes or symbolic names. */
export interface OnnxValueInfo {
  name: string;
  elemType: OnnxDataType;
  shape: readonly (number | string)[];
}

export interface OnnxGraph {
  name: string;
  nodes: readonly OnnxNode[];
  initializers: readonly OnnxTensor[];
  inputs: readonly OnnxValueInfo[];
  outputs: readonly OnnxValueInfo[];
  docString?: string;
}

export interface OnnxModel {
  irVersion: number;
  opsetImports: readonly { domain: string; version: number }[];
  producerName: string;
  producerVersion: string;
  graph: OnnxGraph;
  docString?: string;
  /** Written in the order given, so callers control byte-for-byte output. */
  metadata?: readonly { key: string; value: string }[];
}

// AttributeProto.AttributeType
const ATTRIBUTE_TYPE = { float: 1, int: 2, string: 3, ints: 7 } as const;

/**
 * Serialises an ONNX ModelProto.
 *
 * @example
 * ```ts
 * const bytes = encodeOnnxModel({
 *   irVersion: 8, opsetImports: [{ domain: "", version: 17 }], producerName: "me", producerVersion: "1",
 *   graph: { name: "g", nodes: [{ opType: "Identity", name: "id", inputs: ["x"], outputs: ["y"] }], initializers: [],
 *     inputs: [{ name: "x", elemType: OnnxDataType.FLOAT, shape: ["n"] }], outputs: [{ name: "y", elemType: OnnxDataType.FLOAT, shape: ["n"] }] },
 * });
 * ```
 */
export function encodeOnnxModel(model: OnnxModel): Uint8Array {
  const writer = new ProtoWriter();
  writer.int64(1, model.irVersion);
  writer.string(2, model.producerName);
  writer.string(3, model.producerVersion);
  if (model.docString !== undefined) writer.string(6, model.docString);
  writer.message(7, (graph) => writeGraph(graph, model.graph));
  for (const opset of model.opsetImports) {
    writer.message(8, (entry) => entry.string(1, opset.domain).int64(2, opset.version));
  }
  for (const { key, value } of model.metadata ?? []) {
    writer.message(14, (entry) => entry.string(1, key).string(2, value));
  }
  return writer.finish();
}

function writeGraph(writer: ProtoWriter, graph: OnnxGraph): void {
  for (const node of graph.nodes) writer.message(1, (w) => writeNode(w, node));
  writer.string(2, graph.name);
  for (const tensor of graph.initializers) writer.message(5, (w) => writeTensor(w, tensor));
  if (graph.docString !== undefined) writer.string(10, graph.docString);
  for (const input of graph.inputs) writer.message(11, (w) => writeValueInfo(w, input));
  for (const output of graph.outputs) writer.message(12, (w) => writeValueInfo(w, output));
}

function writeNode(writer: ProtoWriter, node: OnnxNode): void {
  for (const input of node.inputs) writer.string(1, input);
  for (const output of node.outputs) writer.string(2, output);
  writer.string(3, node.name);
  writer.string(4, node.opType);
  for (const attribute of node.attributes ?? []) writer.message(5, (w) => writeAttribute(w, attribute));
}

function writeAttribute(writer: ProtoWriter, attribute: OnnxAttribute): void {
  writer.string(1, attribute.name);
  switch (attribute.kind) {
    case "float":
      writer.float(2, attribute.value);
      break;
    case "int":
      writer.int64(3, attribute.value);
      break;
    case "string":
      writer.string(4, attribute.value);
      break;
    case "ints":
      for (const value of attribute.value) writer.int64(8, value);
      break;
  }
  writer.int64(20, ATTRIBUTE_TYPE[attribute.kind]);
}

function writeTensor(writer: ProtoWriter, tensor: OnnxTensor): void {
  const expected = tensor.dims.reduce((product, dim) => product * dim, 1) * bytesPerElement(tensor.dataType);
  if (tensor.rawData.length !== expected) {
    throw new RangeError(
      `tensor ${tensor.name}: raw data has ${tensor.rawData.length} bytes but dims [${tensor.dims.join(", ")}] need ${expected}`,
    );
  }
  for (const dim of tensor.dims) writer.int64(1, dim);
  writer.int64(2, tensor.dataType);
  writer.string(8, tensor.name);
  writer.bytes(9, tensor.rawData);
}

function writeValueInfo(writer: ProtoWriter, info: OnnxValueInfo): void {
  writer.string(1, info.name);
  writer.message(2, (type) =>
    type.message(1, (tensorType) => {
      tensorType.int64(1, info.elemType);
      tensorType.message(2, (shape) => {
        for (const dim of info.shape) {
          shape.message(1, (d) => (typeof dim === "number" ? d.int64(1, dim) : d.string(2, dim)));
        }
      });
    }),
  );
}

/** Size in bytes of one element of `dataType`. */
export function bytesPerElement(dataType: OnnxDataType): number {
  switch (dataType) {
    case OnnxDataType.UINT8:
    case OnnxDataType.INT8:
    case OnnxDataType.BOOL:
      return 1;
    case OnnxDataType.FLOAT16:
      return 2;
    case OnnxDataType.FLOAT:
    case OnnxDataType.INT32:
      return 4;
    case OnnxDataType.INT64:
      return 8;
  }
}
