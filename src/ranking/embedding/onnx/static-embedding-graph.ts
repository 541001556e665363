// Over 300 lines: what graphs are accepted and how each accepted op is evaluated must be read together to see what is refused.
import type { OnnxGraph, OnnxNode } from "./read-onnx-graph.js";
import { OnnxType, elementCount, isOnnxType, roundTo, valueTensor, type Tensor } from "./onnx-tensor.js";

/**
 * A model whose per-token output is a pure function of each token id: a lookup table, maybe
 * stored quantised and scaled. Such a model needs no ONNX runtime: evaluating its few
 * operators for the token ids in a text is all it takes.
 */
export interface StaticEmbeddingGraph {
  /** Length of each token's vector. */
  readonly dimensions: number;
  /**
   * The vectors of these token ids, one after another (`ids.length × dimensions` values),
   * exactly as the ONNX graph computes them for tokens whose attention mask is 1.
   */
  rows(ids: readonly number[]): Float32Array;
}

/** Token ids evaluated at once: enough to amortise the per-node overhead, small enough to keep memory flat. */
const ROWS_PER_EVALUATION = 256;

/** The graph inputs a sentence-embedding model may take, and the value each has for a real token. */
const TOKEN_INPUTS: Readonly<Record<string, number | "id">> = { input_ids: "id", attention_mask: 1, token_type_ids: 0 };
/** The per-token outputs pooling reads, in the order `loadEmbedder` prefers them. */
const TOKEN_OUTPUTS = ["last_hidden_state", "token_embeddings"];
const ELEMENTWISE: Readonly<Record<string, (a: number, b: number) => number>> = {
  Add: (a, b) => a + b,
  Sub: (a, b) => a - b,
  Mul: (a, b) => a * b,
  Div: (a, b) => a / b,
};

/** The per-token output pooling reads, or `undefined` when the graph has none. */
export function tokenOutputOf(graph: OnnxGraph): string | undefined {
  return TOKEN_OUTPUTS.find((name) => graph.outputs.includes(name));
}

interface Value {
  tensor: Tensor;
  /** Derived from the token inputs: axes 0 and 1 are batch and sequence. */
  perToken: boolean;
}

/**
 * Recognises a static embedding: a graph whose per-token output is computed from `input_ids`
 * (and the attention mask or token types) only through table lookups on constants
 * (`Gather`), element-wise arithmetic, `Cast`, `Unsqueeze` on trailing axes, `Identity` and
 * `Constant`. Those operators never mix positions, so a token's vector does not depend on
 * its neighbours, and evaluating them here gives ONNX Runtime's result bit for bit.
 *
 * @returns the evaluator, or the reason the graph is not a static embedding (attention,
 *   positions, an operator outside that set), for the caller to run it with ONNX Runtime instead.
 */
export function staticEmbeddingGraph(graph: OnnxGraph): StaticEmbeddingGraph | { notStatic: string } {
  const output = tokenOutputOf(graph);
  if (output === undefined) return { notStatic: `it has no per-token output (${TOKEN_OUTPUTS.join(" or ")})` };
  const unknownInput = graph.inputs.find((name) => !Object.hasOwn(TOKEN_INPUTS, name));
  if (unknownInput !== undefined) return { notStatic: `it takes the input "${unknownInput}"` };
  const producers = new Map<string, OnnxNode>();
  for (const node of graph.nodes) for (const name of node.outputs) producers.set(name, node);
  const plan = nodesFor(output, producers, graph);
  if ("notStatic" in plan) return plan;

  const evaluate = (ids: readonly number[]): Tensor => {
    const values = new Map<string, Value>();
    for (const [name, tensor] of graph.initializers) values.set(name, { tensor, perToken: false });
    for (const name of graph.inputs) {
      const value = TOKEN_INPUTS[name]!;
      const data = value === "id" ? ids : ids.map(() => value);
      values.set(name, { tensor: valueTensor(OnnxType.INT64, [1, ids.length], data), perToken: true });
    }
    for (const node of plan) {
      const result = run(
        node,
        node.inputs.map((name) => values.get(name)),
      );
      values.set(node.outputs[0]!, result);
    }
    const result = values.get(output)!;
    const dims = result.tensor.dims;
    if (!result.perToken || dims.length !== 3 || dims[0] !== 1 || dims[1] !== ids.length) {
      throw new StaticGraphError(
        `its output "${output}" has shape [${dims.join(", ")}], not [batch, tokens, dimensions]`,
      );
    }
    return result.tensor;
  };

  let dimensions: number;
  try {
    const probe = evaluate([0]);
    dimensions = probe.dims[2]!;
    if (probe.type !== OnnxType.FLOAT) return { notStatic: `its output is not float32` };
  } catch (error) {
    if (error instanceof StaticGraphError) return { notStatic: error.message };
    throw error;
  }
  return {
    dimensions,
    rows(ids) {
      const rows = new Float32Array(ids.length * dimensions);
      // In chunks, so the evaluator's intermediate tensors stay small whatever the vocabulary.
      for (let start = 0; start < ids.length; start += ROWS_PER_EVALUATION) {
        const chunk = ids.slice(start, start + ROWS_PER_EVALUATION);
        const tensor = evaluate(chunk);
        const offset = start * dimensions;
        for (let i = 0; i < chunk.length * dimensions; i++) rows[offset + i] = tensor.at(i);
      }
      return rows;
    },
  };
}

/** The graph is (or, for these token ids, turned out to be) outside what this evaluator runs. */
class StaticGraphError extends Error {}

/** The nodes the output depends on, in an order where each comes after its inputs. */
function nodesFor(
  output: string,
  producers: ReadonlyMap<string, OnnxNode>,
  graph: OnnxGraph,
): OnnxNode[] | { notStatic: string } {
  const ordered: OnnxNode[] = [];
  const state = new Map<OnnxNode, "visiting" | "done">();
  // Iterative depth-first walk: a hostile file may chain thousands of nodes.
  const stack: { node: OnnxNode; next: number }[] = [];
  const visit = (name: string): string | undefined => {
    if (name === "" || graph.initializers.has(name) || graph.inputs.includes(name)) return undefined;
    const node = producers.get(name);
    if (!node) return `the value "${name}" is neither an input, a constant nor a node's output`;
    const seen = state.get(node);
    if (seen === "visiting") return "it has a cycle";
    if (seen === "done") return undefined;
    if (!isSupported(node)) return `it uses the operator ${node.domain ? `${node.domain}.` : ""}${node.opType}`;
    state.set(node, "visiting");
    stack.push({ node, next: 0 });
    return undefined;
  };
  const problem = visit(output);
  if (problem) return { notStatic: problem };
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next < top.node.inputs.length) {
      const inner = visit(top.node.inputs[top.next++]!);
      if (inner) return { notStatic: inner };
      continue;
    }
    stack.pop();
    state.set(top.node, "done");
    ordered.push(top.node);
  }
  return ordered;
}

function isSupported(node: OnnxNode): boolean {
  if (node.domain !== "" && node.domain !== "ai.onnx") return false;
  return (
    ["Gather", "Cast", "Unsqueeze", "Identity", "Constant"].includes(node.opType) ||
    Object.hasOwn(ELEMENTWISE, node.opType)
  );
}

function run(node: OnnxNode, inputs: (Value | undefined)[]): Value {
  const input = (index: number): Value => {
    const value = inputs[index];
    if (!value) throw new StaticGraphError(`${node.opType} lacks its input ${index + 1}`);
    return value;
  };
  switch (node.opType) {
    case "Identity":
      return input(0);
    case "Constant": {
      const value = node.attributes.get("value");
      if (value?.kind !== "tensor") throw new StaticGraphError("a Constant has no tensor value");
      return { tensor: value.value, perToken: false };
    }
    case "Cast":
      return cast(node, input(0));
    case "Gather":
      return gather(node, input(0), input(1));
    case "Unsqueeze":
      return unsqueeze(node, input(0), inputs[1]);
    default:
      return elementwise(node.opType, input(0), input(1));
  }
}

function cast(node: OnnxNode, value: Value): Value {
  const to = node.attributes.get("to");
  if (to?.kind !== "int" || !isOnnxType(to.value) || to.value === OnnxType.FLOAT16) {
    throw new StaticGraphError("it casts to a type this evaluator does not model");
  }
  const type = to.value;
  const { tensor } = value;
  const data = new Float64Array(elementCount(tensor.dims));
  for (let i = 0; i < data.length; i++) data[i] = roundTo(type, tensor.at(i));
  return { tensor: valueTensor(type, tensor.dims, data), perToken: value.perToken };
}

function gather(node: OnnxNode, data: Value, indices: Value): Value {
  const axis = node.attributes.get("axis");
  if (axis !== undefined && !(axis.kind === "int" && (axis.value === 0 || axis.value === -data.tensor.dims.length))) {
    throw new StaticGraphError("it gathers along an axis other than the first");
  }
  // A table indexed by token ids is fine; a lookup into per-token data could mix positions.
  if (data.perToken) throw new StaticGraphError("it gathers from per-token data");
  if (indices.perToken && indices.tensor.dims.length !== 2)
    throw new StaticGraphError("it gathers with indices that are not [batch, tokens]");
  const [rows = 0, ...rest] = data.tensor.dims;
  const width = elementCount(rest);
  const count = elementCount(indices.tensor.dims);
  const out = new Float64Array(count * width);
  for (let i = 0; i < count; i++) {
    let row = indices.tensor.at(i);
    if (row < 0) row += rows;
    if (!Number.isInteger(row) || row < 0 || row >= rows)
      throw new StaticGraphError(`it looks up row ${indices.tensor.at(i)} of a table of ${rows}`);
    for (let j = 0; j < width; j++) out[i * width + j] = data.tensor.at(row * width + j);
  }
  return { tensor: valueTensor(data.tensor.type, [...indices.tensor.dims, ...rest], out), perToken: indices.perToken };
}

function unsqueeze(node: OnnxNode, value: Value, axesInput: Value | undefined): Value {
  // Opset 13 moved the axes from an attribute to a second input.
  const attribute = node.attributes.get("axes");
  let axes: number[];
  if (axesInput) {
    if (axesInput.perToken) throw new StaticGraphError("its Unsqueeze axes depend on the input");
    axes = Array.from({ length: elementCount(axesInput.tensor.dims) }, (_, i) => axesInput.tensor.at(i));
  } else if (attribute?.kind === "ints") {
    axes = attribute.value;
  } else {
    throw new StaticGraphError("an Unsqueeze has no axes");
  }
  const rank = value.tensor.dims.length + axes.length;
  const normalised = axes.map((axis) => (axis < 0 ? axis + rank : axis)).sort((a, b) => a - b);
  if (value.perToken && normalised.some((axis) => axis < 2))
    throw new StaticGraphError("it inserts an axis before the token axis");
  const dims = [...value.tensor.dims];
  for (const axis of normalised) dims.splice(axis, 0, 1);
  return { tensor: { ...value.tensor, dims }, perToken: value.perToken };
}

function elementwise(opType: string, a: Value, b: Value): Value {
  const operation = ELEMENTWISE[opType]!;
  if (a.tensor.type !== b.tensor.type) throw new StaticGraphError(`its ${opType} mixes element types`);
  const type = a.tensor.type;
  if (type === OnnxType.FLOAT16) throw new StaticGraphError("it computes in float16");
  const perToken = a.perToken || b.perToken;
  if (a.perToken && b.perToken && a.tensor.dims.length !== b.tensor.dims.length) {
    throw new StaticGraphError(`its ${opType} aligns per-token tensors of different ranks`);
  }
  const dims = broadcast(a, b, opType);
  const out = new Float64Array(elementCount(dims));
  const fromA = broadcastOffsets(a.tensor.dims, dims);
  const fromB = broadcastOffsets(b.tensor.dims, dims);
  const [readA, readB] = [a.tensor.at, b.tensor.at];
  for (let i = 0; i < out.length; i++)
    out[i] = roundTo(type, operation(readA(fromA ? fromA[i]! : i), readB(fromB ? fromB[i]! : i)));
  return { tensor: valueTensor(type, dims, out), perToken };
}

/** NumPy-style broadcast shape, refusing a constant that would span the batch or token axis. */
function broadcast(a: Value, b: Value, opType: string): number[] {
  const rank = Math.max(a.tensor.dims.length, b.tensor.dims.length);
  const padded = (value: Value) => [...Array<number>(rank - value.tensor.dims.length).fill(1), ...value.tensor.dims];
  const [left, right] = [padded(a), padded(b)];
  const perTokenRank = a.perToken ? a.tensor.dims.length : b.perToken ? b.tensor.dims.length : 0;
  const tokenAxes = perTokenRank > 0 ? [rank - perTokenRank, rank - perTokenRank + 1] : [];
  return left.map((size, axis) => {
    const other = right[axis]!;
    if (size !== other && size !== 1 && other !== 1)
      throw new StaticGraphError(`its ${opType} has shapes that do not broadcast`);
    const constantSize = a.perToken ? other : size;
    if (tokenAxes.includes(axis) && !(a.perToken && b.perToken) && constantSize !== 1) {
      throw new StaticGraphError(`its ${opType} broadcasts a constant along the token axis`);
    }
    return Math.max(size, other);
  });
}

/**
 * For each element of a tensor of shape `dims`, the index it reads in a tensor of shape `own`
 * broadcast to it; `undefined` when the shapes are the same (every element reads its own).
 * Walks the output indices like an odometer, so each step costs an addition, not a division.
 */
function broadcastOffsets(own: readonly number[], dims: readonly number[]): Int32Array | undefined {
  const padded = [...Array<number>(dims.length - own.length).fill(1), ...own];
  if (padded.every((size, axis) => size === dims[axis])) return undefined;
  // The source stride of each output axis: 0 where the source is broadcast along it.
  const strides = new Array<number>(dims.length).fill(0);
  for (let axis = dims.length - 1, stride = 1; axis >= 0; axis--) {
    strides[axis] = padded[axis] === 1 ? 0 : stride;
    stride *= padded[axis]!;
  }
  const offsets = new Int32Array(elementCount(dims));
  const position = new Array<number>(dims.length).fill(0);
  let offset = 0;
  for (let i = 0; i < offsets.length; i++) {
    offsets[i] = offset;
    for (let axis = dims.length - 1; axis >= 0; axis--) {
      if (++position[axis]! < dims[axis]!) {
        offset += strides[axis]!;
        break;
      }
      offset -= strides[axis]! * (dims[axis]! - 1);
      position[axis] = 0;
    }
  }
  return offsets;
}
