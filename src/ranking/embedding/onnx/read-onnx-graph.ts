import { OnnxType, isOnnxType, rawTensor, valueTensor, type Tensor } from "./onnx-tensor.js";
import { ProtoFormatError, floatsOf, integersOf, readFields, textOf, type ProtoField } from "./proto-reader.js";

/** A node attribute, reduced to the kinds a lookup graph uses. */
export type OnnxAttribute =
  | { kind: "int"; value: number }
  | { kind: "ints"; value: number[] }
  | { kind: "float"; value: number }
  | { kind: "tensor"; value: Tensor }
  | { kind: "other" };

export interface OnnxNode {
  opType: string;
  /** "" (or "ai.onnx") for the standard operator set. */
  domain: string;
  inputs: string[];
  outputs: string[];
  attributes: Map<string, OnnxAttribute>;
}

/** The parts of an ONNX model's main graph the static-embedding path needs. */
export interface OnnxGraph {
  nodes: OnnxNode[];
  /** Constant tensors by name. A tensor stored outside the file (external data) is left out. */
  initializers: Map<string, Tensor>;
  /** Names of the graph inputs that are not initializers. */
  inputs: string[];
  outputs: string[];
}

// Field numbers of onnx.proto.
const MODEL_GRAPH = 7;
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12 } as const;
const NODE = { input: 1, output: 2, opType: 4, attribute: 5, domain: 7 } as const;
const ATTRIBUTE = { name: 1, f: 2, i: 3, t: 5, floats: 7, ints: 8 } as const;
const TENSOR = {
  dims: 1,
  dataType: 2,
  floatData: 4,
  int32Data: 5,
  int64Data: 7,
  name: 8,
  rawData: 9,
  doubleData: 10,
  dataLocation: 14,
} as const;
const VALUE_INFO_NAME = 1;
const DATA_LOCATION_EXTERNAL = 1;

/**
 * Reads the main graph of an ONNX model: its nodes, constant tensors, inputs and outputs.
 * Subgraphs, types and metadata are skipped: the caller only evaluates flat lookup graphs.
 *
 * @throws ProtoFormatError when the bytes are not a well-formed ONNX model.
 */
export function readOnnxGraph(model: Uint8Array): OnnxGraph {
  const graphField = readFields(model).find((field) => field.field === MODEL_GRAPH);
  if (graphField?.wire !== "bytes") throw new ProtoFormatError("the file has no graph (is it an ONNX model?)");
  const graph: OnnxGraph = { nodes: [], initializers: new Map(), inputs: [], outputs: [] };
  const declaredInputs: string[] = [];
  for (const field of readFields(graphField.bytes)) {
    if (field.wire !== "bytes") continue;
    switch (field.field) {
      case GRAPH.node:
        graph.nodes.push(readNode(field.bytes));
        break;
      case GRAPH.initializer: {
        const tensor = readTensor(field.bytes);
        if (tensor) graph.initializers.set(tensor.name, tensor.tensor);
        break;
      }
      case GRAPH.input:
        declaredInputs.push(valueInfoName(field.bytes));
        break;
      case GRAPH.output:
        graph.outputs.push(valueInfoName(field.bytes));
        break;
    }
  }
  // IR versions before 4 list initializers among the inputs too.
  graph.inputs = declaredInputs.filter((name) => !graph.initializers.has(name));
  return graph;
}

function readNode(bytes: Uint8Array): OnnxNode {
  const node: OnnxNode = { opType: "", domain: "", inputs: [], outputs: [], attributes: new Map() };
  for (const field of readFields(bytes)) {
    switch (field.field) {
      case NODE.input:
        node.inputs.push(textOf(field));
        break;
      case NODE.output:
        node.outputs.push(textOf(field));
        break;
      case NODE.opType:
        node.opType = textOf(field);
        break;
      case NODE.domain:
        node.domain = textOf(field);
        break;
      case NODE.attribute: {
        if (field.wire !== "bytes") break;
        const [name, attribute] = readAttribute(field.bytes);
        node.attributes.set(name, attribute);
        break;
      }
    }
  }
  return node;
}

function readAttribute(bytes: Uint8Array): [string, OnnxAttribute] {
  let name = "";
  let attribute: OnnxAttribute = { kind: "other" };
  const ints: number[] = [];
  for (const field of readFields(bytes)) {
    switch (field.field) {
      case ATTRIBUTE.name:
        name = textOf(field);
        break;
      case ATTRIBUTE.i:
        attribute = { kind: "int", value: integersOf(field)[0]! };
        break;
      case ATTRIBUTE.f:
        attribute = { kind: "float", value: floatsOf(field)[0]! };
        break;
      case ATTRIBUTE.t: {
        const tensor = field.wire === "bytes" ? readTensor(field.bytes) : undefined;
        if (tensor) attribute = { kind: "tensor", value: tensor.tensor };
        break;
      }
      case ATTRIBUTE.ints:
        ints.push(...integersOf(field));
        attribute = { kind: "ints", value: ints };
        break;
    }
  }
  return [name, attribute];
}

/** A constant tensor, or `undefined` for one stored outside the file or of a type not read here. */
function readTensor(bytes: Uint8Array): { name: string; tensor: Tensor } | undefined {
  let name = "";
  let type = 0;
  let raw: Uint8Array | undefined;
  let external = false;
  const dims: number[] = [];
  const values: number[] = [];
  const collect = (field: ProtoField, decode: (field: ProtoField) => number[]) => values.push(...decode(field));
  for (const field of readFields(bytes)) {
    switch (field.field) {
      case TENSOR.name:
        name = textOf(field);
        break;
      case TENSOR.dims:
        dims.push(...integersOf(field));
        break;
      case TENSOR.dataType:
        type = integersOf(field)[0]!;
        break;
      case TENSOR.rawData:
        if (field.wire === "bytes") raw = field.bytes;
        break;
      case TENSOR.floatData:
        collect(field, floatsOf);
        break;
      case TENSOR.int32Data:
      case TENSOR.int64Data:
        collect(field, integersOf);
        break;
      case TENSOR.doubleData:
        collect(field, (f) => {
          if (f.wire !== "bytes" && f.wire !== "fixed64") throw new ProtoFormatError("double_data should be doubles");
          const view = new DataView(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
          return Array.from({ length: f.bytes.length / 8 }, (_, i) => view.getFloat64(i * 8, true));
        });
        break;
      case TENSOR.dataLocation:
        external = integersOf(field)[0] === DATA_LOCATION_EXTERNAL;
        break;
    }
  }
  if (external || !isOnnxType(type) || dims.some((size) => size < 0)) return undefined;
  try {
    if (raw !== undefined) return { name, tensor: rawTensor(type, dims, raw) };
    // int32_data carries every narrow integer type and float16 as bit patterns; only the
    // types whose values it holds as they are are read from it.
    if (type === OnnxType.FLOAT16) return undefined;
    return { name, tensor: valueTensor(type, dims, values) };
  } catch (error) {
    throw new ProtoFormatError(`initializer "${name}" ${error instanceof Error ? error.message : String(error)}`);
  }
}

function valueInfoName(bytes: Uint8Array): string {
  const field = readFields(bytes).find((candidate) => candidate.field === VALUE_INFO_NAME);
  return field ? textOf(field) : "";
}
