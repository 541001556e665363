/**
 * Reads a TF.js graph model (model.json + its weight shards) into plain nodes and constant
 * tensors, for translating it to ONNX. Only what a frozen inference graph holds: no functions,
 * no control flow, no quantised weights; anything else is refused with the reason.
 */

/** A TF dtype as the graph names it (TF's DataType enum), reduced to the kinds read here. */
export type TfDtype = "float32" | "int" | "bool";

export interface TfNode {
  name: string;
  op: string;
  /** Input references: `node` or `node:k` for the k-th output. Control inputs are dropped. */
  inputs: string[];
  attr: Record<string, TfAttrValue>;
}

/** The attribute forms TF.js' JSON uses; unknown fields are kept as parsed. */
export interface TfAttrValue {
  i?: string | number;
  b?: boolean;
  f?: number;
  s?: string | number[];
  type?: number | string;
  list?: { i?: (string | number)[] };
}

export interface TfConstant {
  dtype: TfDtype;
  shape: number[];
  /** float32 values, or integers (TF.js stores int64 constants as int32), or 0/1 for bool. */
  values: Float32Array | Int32Array;
}

export interface TfGraph {
  nodes: TfNode[];
  constants: Map<string, TfConstant>;
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: unknown;
}

/** TF DataType enum values (types.proto) the reader accepts. */
const TF_DTYPES: Record<string, TfDtype> = {
  "1": "float32",
  DT_FLOAT: "float32",
  "3": "int",
  DT_INT32: "int",
  "9": "int",
  DT_INT64: "int",
  "10": "bool",
  DT_BOOL: "bool",
};

/** The dtype an attribute such as `DstT` or `dtype` names. */
export function tfDtype(value: TfAttrValue | undefined, where: string): TfDtype {
  const dtype = value?.type === undefined ? undefined : TF_DTYPES[String(value.type)];
  if (dtype === undefined) throw new Error(`${where}: unsupported TF dtype ${JSON.stringify(value?.type)}`);
  return dtype;
}

/**
 * Parses `model.json` (already JSON-parsed) and the concatenated weight shards.
 *
 * @example
 * ```ts
 * const graph = readTfjsGraph(JSON.parse(modelJson), Buffer.concat(shards));
 * ```
 */
export function readTfjsGraph(manifest: unknown, weights: Uint8Array): TfGraph {
  const model = manifest as {
    modelTopology?: { node?: unknown[]; library?: { function?: unknown[] } };
    weightsManifest?: { weights?: WeightSpec[] }[];
  };
  const rawNodes = model.modelTopology?.node;
  if (!Array.isArray(rawNodes)) throw new Error("model.json: modelTopology.node is not a list");
  if ((model.modelTopology?.library?.function ?? []).length > 0)
    throw new Error("model.json: graphs with functions (control flow) are not supported");
  const nodes = rawNodes.map((raw, index): TfNode => {
    const node = raw as { name?: unknown; op?: unknown; input?: unknown; attr?: unknown };
    if (typeof node.name !== "string" || typeof node.op !== "string")
      throw new Error(`model.json: node ${index} has no name or op`);
    const inputs = Array.isArray(node.input) ? node.input.map(String).filter((input) => !input.startsWith("^")) : [];
    return { name: node.name, op: node.op, inputs, attr: (node.attr ?? {}) as Record<string, TfAttrValue> };
  });

  const constants = new Map<string, TfConstant>();
  const view = new DataView(weights.buffer, weights.byteOffset, weights.byteLength);
  let offset = 0;
  for (const spec of (model.weightsManifest ?? []).flatMap((group) => group.weights ?? [])) {
    if (spec.quantization !== undefined) throw new Error(`weight ${spec.name}: quantised weights are not supported`);
    const count = spec.shape.reduce((product, dim) => product * dim, 1);
    const bytes = spec.dtype === "bool" ? count : count * 4;
    if (offset + bytes > weights.byteLength)
      throw new Error(`weight ${spec.name}: the shards end before its ${bytes} bytes (at ${offset})`);
    let constant: TfConstant;
    if (spec.dtype === "float32") {
      const values = new Float32Array(count);
      for (let i = 0; i < count; i++) values[i] = view.getFloat32(offset + i * 4, true);
      constant = { dtype: "float32", shape: spec.shape, values };
    } else if (spec.dtype === "int32") {
      const values = new Int32Array(count);
      for (let i = 0; i < count; i++) values[i] = view.getInt32(offset + i * 4, true);
      constant = { dtype: "int", shape: spec.shape, values };
    } else if (spec.dtype === "bool") {
      constant = {
        dtype: "bool",
        shape: spec.shape,
        values: Int32Array.from(weights.subarray(offset, offset + count)),
      };
    } else {
      throw new Error(`weight ${spec.name}: unsupported dtype ${spec.dtype}`);
    }
    constants.set(spec.name, constant);
    offset += bytes;
  }
  if (offset !== weights.byteLength)
    throw new Error(`the weight shards hold ${weights.byteLength} bytes but the manifest describes ${offset}`);
  return { nodes, constants };
}

/** The op types of a graph with how many nodes each has, most frequent first: the scope of a translation. */
export function opCounts(graph: TfGraph): [string, number][] {
  const counts = new Map<string, number>();
  for (const node of graph.nodes) counts.set(node.op, (counts.get(node.op) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
