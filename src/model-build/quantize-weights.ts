/**
 * Weight-only int8 quantisation of an ONNX graph's large float matrices: each becomes int8 with
 * one scale per row or column and a DequantizeLinear node that gives the graph back its float
 * matrix under the original name, so no other node changes. The file shrinks about fourfold;
 * the arithmetic stays float32, so the speed does not change.
 */
import { OnnxDataType, type OnnxNode, type OnnxTensor } from "./onnx-model.js";
import { quantiseRowsInt8 } from "./quantize.js";

/** Matrices smaller than this stay float: they weigh little and some (biases, scales) are sensitive. */
const MIN_ELEMENTS = 65_536;

export interface QuantisedGraph {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  /** Names of the matrices quantised. */
  quantised: string[];
}

/**
 * Quantises every float32 2-D initialiser of at least 65,536 values. A matrix a Gather reads
 * rows from (an embedding table) gets a scale per row; any other (a MatMul's weights) a scale
 * per output column, so each output keeps its own resolution.
 */
export function quantiseWeightsInt8(nodes: readonly OnnxNode[], initializers: readonly OnnxTensor[]): QuantisedGraph {
  const gathered = new Set(nodes.filter((node) => node.opType === "Gather").map((node) => node.inputs[0]));
  const dequantise: OnnxNode[] = [];
  const kept: OnnxTensor[] = [];
  const quantised: string[] = [];
  for (const tensor of initializers) {
    const [rows = 0, cols = 0] = tensor.dims;
    if (tensor.dataType !== OnnxDataType.FLOAT || tensor.dims.length !== 2 || rows * cols < MIN_ELEMENTS) {
      kept.push(tensor);
      continue;
    }
    const floats = new Float32Array(rows * cols);
    const view = new DataView(tensor.rawData.buffer, tensor.rawData.byteOffset, tensor.rawData.byteLength);
    for (let i = 0; i < floats.length; i++) floats[i] = view.getFloat32(i * 4, true);
    const perRow = gathered.has(tensor.name);
    const { values, scales } = perRow ? quantiseRowsInt8(floats, cols) : quantiseColumns(floats, rows, cols);
    const scaleBytes = new Uint8Array(scales.length * 4);
    const scaleView = new DataView(scaleBytes.buffer);
    scales.forEach((scale, i) => scaleView.setFloat32(i * 4, scale, true));
    kept.push(
      {
        name: `${tensor.name}/int8`,
        dataType: OnnxDataType.INT8,
        dims: tensor.dims,
        rawData: new Uint8Array(values.buffer),
      },
      { name: `${tensor.name}/scale`, dataType: OnnxDataType.FLOAT, dims: [scales.length], rawData: scaleBytes },
      {
        name: `${tensor.name}/zero`,
        dataType: OnnxDataType.INT8,
        dims: [scales.length],
        rawData: new Uint8Array(scales.length),
      },
    );
    dequantise.push({
      opType: "DequantizeLinear",
      name: `${tensor.name}#DequantizeLinear`,
      inputs: [`${tensor.name}/int8`, `${tensor.name}/scale`, `${tensor.name}/zero`],
      outputs: [tensor.name],
      attributes: [{ name: "axis", kind: "int", value: perRow ? 0 : 1 }],
    });
    quantised.push(tensor.name);
  }
  return { nodes: [...dequantise, ...nodes], initializers: kept, quantised };
}

/** Int8 with a scale per column: the row-wise quantiser on the transposed matrix. */
function quantiseColumns(
  matrix: Float32Array,
  rows: number,
  cols: number,
): { values: Int8Array; scales: Float32Array } {
  const transposed = new Float32Array(matrix.length);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) transposed[c * rows + r] = matrix[r * cols + c] as number;
  const { values: byColumn, scales } = quantiseRowsInt8(transposed, rows);
  const values = new Int8Array(matrix.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) values[r * cols + c] = byColumn[c * rows + r] as number;
  return { values, scales };
}
