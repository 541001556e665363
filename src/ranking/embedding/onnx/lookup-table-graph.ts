import { OnnxType, type Tensor } from "./onnx-tensor.js";
import type { OnnxGraph, OnnxNode } from "./read-onnx-graph.js";
import { tokenOutputOf, type StaticEmbeddingGraph } from "./static-embedding-graph.js";

/** Table element types whose values float32 holds exactly, so the graph's Cast to float changes none. */
const EXACT_IN_FLOAT32: ReadonlySet<number> = new Set([
  OnnxType.FLOAT,
  OnnxType.FLOAT16,
  OnnxType.INT8,
  OnnxType.UINT8,
  OnnxType.INT16,
  OnnxType.UINT16,
]);
const INTEGER_TYPES: ReadonlySet<number> = new Set([OnnxType.INT32, OnnxType.INT64, OnnxType.UINT32]);

/** The parts of a lookup graph the direct evaluation reads. */
interface LookupTable {
  /** Token id → row of `values`, when the graph shares rows between ids. */
  rowOfToken?: Tensor;
  /** `[rows, dimensions]`. */
  values: Tensor;
  /** `[rows, 1]`: each row's dequantisation scale. */
  scales?: Tensor;
}

/**
 * The direct evaluation of the graph toolsift's model builder writes (`src/model-build/static-model/static-embedding-graph.ts`):
 * a table row per token, maybe through a token-to-row table, maybe dequantised by a scale per
 * row, times the attention mask. For a real token (mask 1) that is `round32(value × scale)`,
 * which is what the generic evaluator and ONNX Runtime compute bit for bit: the product of two
 * float32 numbers is exact in a double, and storing it in a Float32Array rounds it once.
 *
 * Reading the graph's nodes one by one costs a typed array per node and a function call per
 * element; this reads each row once. Any other graph gets `undefined`, and the caller keeps
 * the generic evaluator.
 */
export function lookupTableGraph(graph: OnnxGraph): StaticEmbeddingGraph | undefined {
  const table = matchLookupTable(graph);
  if (!table) return undefined;
  const { rowOfToken, values, scales } = table;
  const [rowCount = 0, dimensions = 0] = values.dims;
  const tokenCount = rowOfToken ? rowOfToken.dims[0]! : rowCount;
  // A float16 table's reader already widens each half to the float32 it is.
  const read = values.at;
  return {
    dimensions,
    rows(ids) {
      const out = new Float32Array(ids.length * dimensions);
      for (let i = 0; i < ids.length; i++) {
        const row = wrapIndex(rowOfToken ? rowOfToken.at(wrapIndex(ids[i]!, tokenCount)) : ids[i]!, rowCount);
        const scale = scales ? scales.at(row) : 1;
        const from = row * dimensions;
        const to = i * dimensions;
        for (let d = 0; d < dimensions; d++) out[to + d] = read(from + d) * scale;
      }
      return out;
    },
  };
}

/** An index as Gather reads it: negative counts from the end; outside the table is an error, as in the generic evaluator. */
function wrapIndex(index: number, size: number): number {
  const wrapped = index < 0 ? index + size : index;
  if (!Number.isInteger(wrapped) || wrapped < 0 || wrapped >= size)
    throw new RangeError(`the model looks up row ${index} of a table of ${size}`);
  return wrapped;
}

/**
 * `output = Mul(rows, factor)` (either order) where `rows` is `Gather(values, R)`, cast to
 * float unless already float; `factor` is the mask column, or `Mul(Gather(scales, R), mask column)`;
 * the mask column is `Unsqueeze(Cast(attention_mask, float), [-1])`; `R` is `input_ids` or
 * `Gather(rowOfToken, input_ids)`. Both Gathers must read the same `R`.
 */
function matchLookupTable(graph: OnnxGraph): LookupTable | undefined {
  const outputName = tokenOutputOf(graph);
  // The mask is taken to be 1: it must be the graph's input, not a constant of the same name.
  const fed = (name: string) => graph.inputs.includes(name) && !graph.initializers.has(name);
  if (outputName === undefined || !fed("input_ids") || !fed("attention_mask")) return undefined;
  const producers = new Map<string, OnnxNode>();
  for (const node of graph.nodes) for (const name of node.outputs) producers.set(name, node);
  const nodeOf = (name: string | undefined, opType: string): OnnxNode | undefined => {
    // A name that is also a constant or an input is that constant or input to the generic evaluator.
    if (name === undefined || graph.initializers.has(name) || graph.inputs.includes(name)) return undefined;
    const node = producers.get(name);
    return node?.opType === opType && (node.domain === "" || node.domain === "ai.onnx") ? node : undefined;
  };
  const constant = (name: string | undefined): Tensor | undefined =>
    name === undefined ? undefined : graph.initializers.get(name);

  const output = nodeOf(outputName, "Mul");
  if (output?.inputs.length !== 2) return undefined;
  for (const [rowsName, factorName] of [output.inputs, [...output.inputs].reverse()]) {
    const rows = rowsOf(rowsName!, nodeOf);
    if (!rows) continue;
    const values = constant(rows.gather.inputs[0]);
    if (values?.dims.length !== 2 || !EXACT_IN_FLOAT32.has(values.type)) continue;
    const rowIds = rows.gather.inputs[1]!;
    const rowOfToken = rowIdsOf(rowIds, nodeOf, constant);
    if (rowOfToken === undefined) continue;
    const factor = factorOf(factorName!, rowIds, nodeOf, constant, values.dims[0]!);
    if (!factor || !isMaskColumn(factor.mask, nodeOf, constant)) continue;
    return {
      values,
      ...(rowOfToken === "identity" ? {} : { rowOfToken }),
      ...(factor.scales ? { scales: factor.scales } : {}),
    };
  }
  return undefined;
}

type NodeOf = (name: string | undefined, opType: string) => OnnxNode | undefined;
type ConstantOf = (name: string | undefined) => Tensor | undefined;

function isFirstAxisGather(node: OnnxNode): boolean {
  const axis = node.attributes.get("axis");
  return node.inputs.length === 2 && (axis === undefined || (axis.kind === "int" && axis.value === 0));
}

function castsToFloat(node: OnnxNode): boolean {
  const to = node.attributes.get("to");
  return node.inputs.length === 1 && to?.kind === "int" && to.value === OnnxType.FLOAT;
}

/** `Gather(values, R)`, or that cast to float. */
function rowsOf(name: string, nodeOf: NodeOf): { gather: OnnxNode } | undefined {
  const cast = nodeOf(name, "Cast");
  const gather = nodeOf(cast ? cast.inputs[0] : name, "Gather");
  if (!gather || !isFirstAxisGather(gather) || (cast && !castsToFloat(cast))) return undefined;
  return { gather };
}

/** `"identity"` when `R` is `input_ids`, the token-to-row table when it is `Gather(table, input_ids)`. */
function rowIdsOf(name: string, nodeOf: NodeOf, constant: ConstantOf): Tensor | "identity" | undefined {
  if (name === "input_ids") return "identity";
  const gather = nodeOf(name, "Gather");
  if (!gather || !isFirstAxisGather(gather) || gather.inputs[1] !== "input_ids") return undefined;
  const table = constant(gather.inputs[0]);
  return table && table.dims.length === 1 && INTEGER_TYPES.has(table.type) ? table : undefined;
}

/** The mask column alone, or `Mul(Gather(scales, R), mask column)` (either order) with float scales of shape `[rows, 1]`. */
function factorOf(
  name: string,
  rowIds: string,
  nodeOf: NodeOf,
  constant: ConstantOf,
  rowCount: number,
): { mask: string; scales?: Tensor } | undefined {
  const product = nodeOf(name, "Mul");
  if (!product) return { mask: name };
  if (product.inputs.length !== 2) return undefined;
  for (const [scalesName, maskName] of [product.inputs, [...product.inputs].reverse()]) {
    const gather = nodeOf(scalesName, "Gather");
    if (!gather || !isFirstAxisGather(gather) || gather.inputs[1] !== rowIds) continue;
    const scales = constant(gather.inputs[0]);
    if (!scales || scales.type !== OnnxType.FLOAT || scales.dims.length !== 2) continue;
    if (scales.dims[0] !== rowCount || scales.dims[1] !== 1) continue;
    return { mask: maskName!, scales };
  }
  return undefined;
}

/** `Unsqueeze(Cast(attention_mask, float))` on the last axis, its axes given as an input or (opset 11) an attribute. */
function isMaskColumn(name: string, nodeOf: NodeOf, constant: ConstantOf): boolean {
  const unsqueeze = nodeOf(name, "Unsqueeze");
  if (!unsqueeze) return false;
  const cast = nodeOf(unsqueeze.inputs[0], "Cast");
  if (!cast || !castsToFloat(cast) || cast.inputs[0] !== "attention_mask") return false;
  const attribute = unsqueeze.attributes.get("axes");
  const axesTensor = unsqueeze.inputs.length === 2 ? constant(unsqueeze.inputs[1]) : undefined;
  const axes =
    unsqueeze.inputs.length === 2
      ? axesTensor && axesTensor.dims.length === 1 && axesTensor.dims[0] === 1
        ? [axesTensor.at(0)]
        : undefined
      : attribute?.kind === "ints"
        ? attribute.value
        : undefined;
  // The mask is [batch, tokens]; its last axis after one more is axis 2, or -1.
  return axes !== undefined && axes.length === 1 && (axes[0] === -1 || axes[0] === 2);
}
