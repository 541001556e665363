/**
 * Translates a frozen TF graph (as read by tfjs-graph.ts) to ONNX nodes, one TF op at a time.
 * Every TF integer (int32 and int64 alike) becomes int64 in ONNX: the ONNX ops that take
 * indices or shapes (Reshape, GatherND, ScatterND, Slice) want int64, and one integer type
 * spares a Cast at every boundary. The ops covered are those of Universal Sentence Encoder
 * Lite's graph; an op outside them, or a form of one that this file does not translate
 * faithfully (a non-constant slice bound, a strided slice with negative steps, a convolution
 * that is not 1×1), stops the translation with its node's name rather than guess.
 * Targets ONNX opset 18 (axes as inputs for every Reduce op).
 */
import { type OnnxAttribute, OnnxDataType, type OnnxNode, type OnnxTensor } from "./onnx-model.js";
import { type TfConstant, type TfDtype, type TfGraph, type TfNode, tfDtype } from "./tfjs-graph.js";

export const TF_TO_ONNX_OPSET = 18;

/** Larger than any dimension: an open end of an ONNX Slice. */
const OPEN_END = Number.MAX_SAFE_INTEGER;

export interface TranslationOptions {
  /** ONNX tensor names that stand for the graph's Placeholders, by TF name. */
  inputs: Readonly<Record<string, string>>;
  /** The TF tensor to compute and the ONNX name to give it. */
  output: { tf: string; onnx: string };
  /**
   * Rewires a TF node's result: called after each node is translated, with the ONNX name of its
   * first output; returns the name later nodes should read instead (or the same name).
   */
  afterNode?: (tfName: string, onnxName: string, builder: OnnxBuilder) => string;
}

export interface TranslatedGraph {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
}

/** Collects ONNX nodes and initialisers under unique, deterministic names. */
export class OnnxBuilder {
  readonly nodes: OnnxNode[] = [];
  readonly initializers: OnnxTensor[] = [];
  private readonly used = new Set<string>();

  /** A name not used yet, derived from `base`. */
  fresh(base: string): string {
    let name = base;
    for (let k = 1; this.used.has(name); k++) name = `${base}_${k}`;
    this.used.add(name);
    return name;
  }

  /** Adds a node; its outputs are `outputs` as given (callers make them unique). */
  node(
    opType: string,
    name: string,
    inputs: readonly string[],
    outputs: readonly string[],
    attributes?: OnnxAttribute[],
  ): void {
    for (const output of outputs) this.used.add(output);
    this.nodes.push({
      opType,
      name: this.fresh(`${name}#${opType}`),
      inputs,
      outputs,
      ...(attributes ? { attributes } : {}),
    });
  }

  /** Adds a node with one fresh output named after `base`, and returns that output. */
  op(opType: string, base: string, inputs: readonly string[], attributes?: OnnxAttribute[]): string {
    const output = this.fresh(base);
    this.node(opType, base, inputs, [output], attributes);
    return output;
  }

  /** An int64 constant. */
  int64(base: string, values: readonly number[], dims: readonly number[] = [values.length]): string {
    const raw = new Uint8Array(values.length * 8);
    const view = new DataView(raw.buffer);
    values.forEach((value, i) => view.setBigInt64(i * 8, BigInt(value), true));
    return this.tensor(base, OnnxDataType.INT64, dims, raw);
  }

  /** A float32 constant. */
  float(base: string, values: ArrayLike<number>, dims: readonly number[]): string {
    const raw = new Uint8Array(values.length * 4);
    const view = new DataView(raw.buffer);
    for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] as number, true);
    return this.tensor(base, OnnxDataType.FLOAT, dims, raw);
  }

  /** A bool constant. */
  bool(base: string, values: ArrayLike<number>, dims: readonly number[]): string {
    return this.tensor(
      base,
      OnnxDataType.BOOL,
      dims,
      Uint8Array.from(values, (value) => (value ? 1 : 0)),
    );
  }

  private tensor(base: string, dataType: OnnxDataType, dims: readonly number[], rawData: Uint8Array): string {
    const name = this.fresh(base);
    this.initializers.push({ name, dataType, dims: [...dims], rawData });
    return name;
  }
}

/** ONNX's element type for a TF dtype, integers widened to int64. */
export function onnxType(dtype: TfDtype): OnnxDataType {
  return dtype === "float32" ? OnnxDataType.FLOAT : dtype === "bool" ? OnnxDataType.BOOL : OnnxDataType.INT64;
}

/**
 * The ONNX nodes that compute `options.output` from `options.inputs`. Only the nodes the output
 * depends on are translated, in a depth-first order (inputs before users), so the same graph
 * gives the same nodes in the same order.
 */
export function translateTfGraph(graph: TfGraph, options: TranslationOptions): TranslatedGraph {
  const byName = new Map(graph.nodes.map((node) => [node.name, node]));
  const builder = new OnnxBuilder();
  for (const name of Object.values(options.inputs)) builder.fresh(name);
  builder.fresh(options.output.onnx);
  /** ONNX name of each TF tensor reference already translated. */
  const tensors = new Map<string, string>();

  const order = dependencyOrder(byName, nodeOf(options.output.tf));
  const context: Context = { builder, graph, byName, tensors };
  for (const node of order) {
    if (node.op === "Placeholder") {
      const input = options.inputs[node.name];
      if (input === undefined) throw new Error(`TF graph input ${node.name} has no ONNX input mapped to it`);
      tensors.set(node.name, input);
      continue;
    }
    if (node.op === "Const") continue; // Emitted on first use, as int64/float/bool initialisers.
    const outputs = translateNode(context, node);
    outputs.forEach((output, k) => tensors.set(k === 0 ? node.name : `${node.name}:${k}`, output));
    if (options.afterNode && outputs[0] !== undefined)
      tensors.set(node.name, options.afterNode(node.name, outputs[0], builder));
  }
  builder.node("Identity", "output", [read(context, options.output.tf)], [options.output.onnx]);
  return { nodes: builder.nodes, initializers: builder.initializers };
}

interface Context {
  builder: OnnxBuilder;
  graph: TfGraph;
  byName: Map<string, TfNode>;
  tensors: Map<string, string>;
}

function nodeOf(ref: string): string {
  return ref.replace(/:\d+$/, "");
}

function dependencyOrder(byName: Map<string, TfNode>, root: string): TfNode[] {
  const order: TfNode[] = [];
  const state = new Map<string, "visiting" | "done">();
  // Iterative depth-first search: a deep graph must not overflow the call stack.
  const stack: { name: string; next: number }[] = [{ name: root, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { name: string; next: number };
    const node = byName.get(top.name);
    if (node === undefined) throw new Error(`TF graph: node ${top.name} is referenced but not defined`);
    if (top.next === 0) state.set(top.name, "visiting");
    if (top.next < node.inputs.length) {
      const input = nodeOf(node.inputs[top.next++] as string);
      const seen = state.get(input);
      if (seen === "visiting") throw new Error(`TF graph: a cycle through ${input}`);
      if (seen === undefined) stack.push({ name: input, next: 0 });
      continue;
    }
    state.set(top.name, "done");
    order.push(node);
    stack.pop();
  }
  return order;
}

/** The ONNX name of a TF tensor reference, emitting a Const's initialiser on first use. */
function read(context: Context, ref: string): string {
  const known = context.tensors.get(ref.endsWith(":0") ? ref.slice(0, -2) : ref);
  if (known !== undefined) return known;
  const constant = context.graph.constants.get(nodeOf(ref));
  if (constant === undefined) throw new Error(`TF graph: ${ref} is used before it is computed`);
  const name = emitConstant(context.builder, nodeOf(ref), constant);
  context.tensors.set(nodeOf(ref), name);
  return name;
}

function emitConstant(builder: OnnxBuilder, name: string, constant: TfConstant): string {
  if (constant.dtype === "float32") return builder.float(name, constant.values, constant.shape);
  if (constant.dtype === "bool") return builder.bool(name, constant.values, constant.shape);
  return builder.int64(name, Array.from(constant.values), constant.shape);
}

/** The values of a TF input that must be a constant for the translation to be static. */
function constantOf(context: Context, node: TfNode, index: number): TfConstant {
  const ref = node.inputs[index];
  const constant = ref === undefined ? undefined : context.graph.constants.get(nodeOf(ref));
  if (constant === undefined)
    throw new Error(`${node.op} ${node.name}: input ${index} must be a constant for this translation`);
  return constant;
}

function intsOf(context: Context, node: TfNode, index: number): number[] {
  return Array.from(constantOf(context, node, index).values);
}

function attrInt(node: TfNode, key: string, fallback = 0): number {
  const value = node.attr[key]?.i;
  return value === undefined ? fallback : Number(value);
}

function attrBool(node: TfNode, key: string): boolean {
  return node.attr[key]?.b === true;
}

function attrInts(node: TfNode, key: string): number[] {
  return (node.attr[key]?.list?.i ?? []).map(Number);
}

const ELEMENTWISE: Record<string, string> = {
  Add: "Add",
  AddV2: "Add",
  BiasAdd: "Add", // NHWC only (checked below): the bias runs along the last axis, as broadcasting does.
  Sub: "Sub",
  Mul: "Mul",
  RealDiv: "Div",
  Maximum: "Max",
  Minimum: "Min",
  Less: "Less",
  Greater: "Greater",
  LogicalNot: "Not",
  Sin: "Sin",
  Cos: "Cos",
  Relu: "Relu",
  Tanh: "Tanh",
  Sqrt: "Sqrt",
  Identity: "Identity",
};

const REDUCTIONS: Record<string, string> = {
  Sum: "ReduceSum",
  Mean: "ReduceMean",
  Max: "ReduceMax",
  Min: "ReduceMin",
  Prod: "ReduceProd",
};

/** Translates one node; returns the ONNX names of its outputs in TF's output order. */
function translateNode(context: Context, node: TfNode): string[] {
  const b = context.builder;
  const input = (index: number): string => {
    const ref = node.inputs[index];
    if (ref === undefined) throw new Error(`${node.op} ${node.name}: missing input ${index}`);
    return read(context, ref);
  };
  const one = (opType: string, inputs: string[], attributes?: OnnxAttribute[]): string[] => [
    b.op(opType, node.name, inputs, attributes),
  ];

  if (node.op === "BiasAdd") {
    const format = node.attr.data_format?.s;
    const text = Array.isArray(format) ? String.fromCharCode(...format) : (format ?? "NHWC");
    if (text !== "NHWC") throw new Error(`BiasAdd ${node.name}: data_format ${text} is not supported`);
  }
  const elementwise = ELEMENTWISE[node.op];
  if (elementwise !== undefined)
    return one(
      elementwise,
      node.inputs.map((_, i) => input(i)),
    );
  const reduction = REDUCTIONS[node.op];
  if (reduction !== undefined) {
    const axes = b.int64(`${node.name}/axes`, intsOf(context, node, 1));
    return one(
      reduction,
      [input(0), axes],
      [{ name: "keepdims", kind: "int", value: attrBool(node, "keep_dims") ? 1 : 0 }],
    );
  }

  switch (node.op) {
    case "Square":
      return one("Mul", [input(0), input(0)]);
    case "Rsqrt":
      return one("Reciprocal", [b.op("Sqrt", `${node.name}/sqrt`, [input(0)])]);
    case "Softmax":
      return one("Softmax", [input(0)], [{ name: "axis", kind: "int", value: -1 }]);
    case "Cast":
      return one(
        "Cast",
        [input(0)],
        [{ name: "to", kind: "int", value: onnxType(tfDtype(node.attr.DstT, node.name)) }],
      );
    case "Shape":
      return one("Shape", [input(0)]);
    case "Reshape":
      // allowzero: a 0 in a TF shape means an empty dimension, never "copy the input's".
      return one("Reshape", [input(0), input(1)], [{ name: "allowzero", kind: "int", value: 1 }]);
    case "ExpandDims":
      return one("Unsqueeze", [input(0), b.int64(`${node.name}/axes`, intsOf(context, node, 1))]);
    case "Squeeze": {
      const axes = attrInts(node, "squeeze_dims");
      return axes.length === 0
        ? one("Squeeze", [input(0)])
        : one("Squeeze", [input(0), b.int64(`${node.name}/axes`, axes)]);
    }
    case "Transpose":
      return one("Transpose", [input(0)], [{ name: "perm", kind: "ints", value: intsOf(context, node, 1) }]);
    case "ConcatV2": {
      const last = node.inputs.length - 1;
      const [axis = 0] = intsOf(context, node, last);
      return one(
        "Concat",
        node.inputs.slice(0, last).map((_, i) => input(i)),
        [{ name: "axis", kind: "int", value: axis }],
      );
    }
    case "Pack": {
      const axis = attrInt(node, "axis");
      const axes = b.int64(`${node.name}/axes`, [axis]);
      const parts = node.inputs.map((_, i) => b.op("Unsqueeze", `${node.name}/item${i}`, [input(i), axes]));
      return one("Concat", parts, [{ name: "axis", kind: "int", value: axis }]);
    }
    case "GatherV2": {
      if (attrInt(node, "batch_dims") !== 0) throw new Error(`GatherV2 ${node.name}: batch_dims is not supported`);
      const [axis = 0] = intsOf(context, node, 2);
      return one("Gather", [input(0), input(1)], [{ name: "axis", kind: "int", value: axis }]);
    }
    case "GatherNd":
      return one("GatherND", [input(0), input(1)]);
    case "Where": {
      if (node.inputs.length === 3) return one("Where", [input(0), input(1), input(2)]);
      // TF's one-input Where lists the coordinates of true elements, [n, rank]; NonZero gives [rank, n].
      return one(
        "Transpose",
        [b.op("NonZero", `${node.name}/nonzero`, [input(0)])],
        [{ name: "perm", kind: "ints", value: [1, 0] }],
      );
    }
    case "ScatterNd": {
      // Zeros of the output shape, then the updates written in (the indices here never repeat).
      const zero = zeroOf(b, node, tfDtype(node.attr.T, node.name));
      const dense = b.op("Expand", `${node.name}/zeros`, [zero, input(2)]);
      return one("ScatterND", [dense, input(0), input(1)]);
    }
    case "SparseToDense": {
      const dense = b.op("Expand", `${node.name}/default`, [input(3), input(1)]);
      return one("ScatterND", [dense, input(0), input(2)]);
    }
    case "Range":
      return one("Range", [input(0), input(1), input(2)]);
    case "MatMul": {
      const a = attrBool(node, "transpose_a") ? b.op("Transpose", `${node.name}/a`, [input(0)]) : input(0);
      const c = attrBool(node, "transpose_b") ? b.op("Transpose", `${node.name}/b`, [input(1)]) : input(1);
      return one("MatMul", [a, c]);
    }
    case "BatchMatMul":
    case "BatchMatMulV2": {
      // Einsum with an ellipsis transposes the last two axes whatever the rank.
      const left = attrBool(node, "adj_x") ? "...ji" : "...ij";
      const right = attrBool(node, "adj_y") ? "...kj" : "...jk";
      return one(
        "Einsum",
        [input(0), input(1)],
        [{ name: "equation", kind: "string", value: `${left},${right}->...ik` }],
      );
    }
    case "Conv2D":
      return conv2dAsMatMul(context, node, input(0));
    case "SplitV": {
      const sizes = intsOf(context, node, 1);
      if (sizes.some((size) => size < 0)) throw new Error(`SplitV ${node.name}: a -1 split size is not supported`);
      const [axis = 0] = intsOf(context, node, 2);
      const outputs = sizes.map((_, k) => b.fresh(k === 0 ? node.name : `${node.name}:${k}`));
      b.node("Split", node.name, [input(0), b.int64(`${node.name}/split`, sizes)], outputs, [
        { name: "axis", kind: "int", value: axis },
      ]);
      return outputs;
    }
    case "Slice": {
      const begin = intsOf(context, node, 1);
      const size = intsOf(context, node, 2);
      const ends = begin.map((start, i) => ((size[i] ?? -1) < 0 ? OPEN_END : start + (size[i] as number)));
      return one("Slice", [
        input(0),
        b.int64(`${node.name}/starts`, begin),
        b.int64(`${node.name}/ends`, ends),
        b.int64(
          `${node.name}/axes`,
          begin.map((_, i) => i),
        ),
      ]);
    }
    case "StridedSlice":
      return stridedSlice(context, node, input(0));
    default:
      throw new Error(`TF op ${node.op} (node ${node.name}) has no ONNX translation here`);
  }
}

function zeroOf(b: OnnxBuilder, node: TfNode, dtype: TfDtype): string {
  if (dtype === "float32") return b.float(`${node.name}/zero`, [0], []);
  if (dtype === "bool") return b.bool(`${node.name}/zero`, [0], []);
  return b.int64(`${node.name}/zero`, [0], []);
}

/** A 1×1, stride-1 NHWC convolution is a matrix product over the channel axis. */
function conv2dAsMatMul(context: Context, node: TfNode, x: string): string[] {
  const kernel = constantOf(context, node, 1);
  const [height, width, inChannels, outChannels] = kernel.shape;
  const ones = (key: string): boolean => attrInts(node, key).every((value) => value === 1);
  const format = node.attr.data_format?.s;
  const text = Array.isArray(format) ? String.fromCharCode(...format) : (format ?? "NHWC");
  if (height !== 1 || width !== 1 || !ones("strides") || !ones("dilations") || text !== "NHWC")
    throw new Error(`Conv2D ${node.name}: only 1x1 NHWC convolutions with stride and dilation 1 are supported`);
  const matrix = context.builder.float(`${nodeOf(node.inputs[1] as string)}/matrix`, kernel.values, [
    inChannels as number,
    outChannels as number,
  ]);
  return [context.builder.op("MatMul", node.name, [x, matrix])];
}

/** StridedSlice without ellipsis or new axes, positive steps: an ONNX Slice, then a Squeeze for shrunk axes. */
function stridedSlice(context: Context, node: TfNode, x: string): string[] {
  const b = context.builder;
  if (attrInt(node, "ellipsis_mask") !== 0 || attrInt(node, "new_axis_mask") !== 0)
    throw new Error(`StridedSlice ${node.name}: ellipsis and new-axis masks are not supported`);
  const begin = intsOf(context, node, 1);
  const end = intsOf(context, node, 2);
  const strides = intsOf(context, node, 3);
  if (strides.some((stride) => stride <= 0))
    throw new Error(`StridedSlice ${node.name}: only positive strides are supported`);
  const beginMask = attrInt(node, "begin_mask");
  const endMask = attrInt(node, "end_mask");
  const shrinkMask = attrInt(node, "shrink_axis_mask");
  const starts: number[] = [];
  const ends: number[] = [];
  const shrunk: number[] = [];
  begin.forEach((start, axis) => {
    const bit = 1 << axis;
    if (shrinkMask & bit) {
      starts.push(start);
      // A shrunk index -1 is the last element: its end is the open end, not 0.
      ends.push(start === -1 ? OPEN_END : start + 1);
      shrunk.push(axis);
      return;
    }
    starts.push(beginMask & bit ? 0 : start);
    ends.push(endMask & bit ? OPEN_END : (end[axis] as number));
  });
  const axes = begin.map((_, axis) => axis);
  const sliced = b.op("Slice", shrunk.length === 0 ? node.name : `${node.name}/slice`, [
    x,
    b.int64(`${node.name}/starts`, starts),
    b.int64(`${node.name}/ends`, ends),
    b.int64(`${node.name}/axes`, axes),
    b.int64(`${node.name}/steps`, strides),
  ]);
  if (shrunk.length === 0) return [sliced];
  return [b.op("Squeeze", node.name, [sliced, b.int64(`${node.name}/shrunk`, shrunk)])];
}
