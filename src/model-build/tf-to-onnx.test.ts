import { InferenceSession, Tensor } from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { encodeOnnxModel, OnnxDataType } from "./onnx-model.js";
import { TF_TO_ONNX_OPSET, translateTfGraph } from "./tf-to-onnx.js";
import type { TfAttrValue, TfConstant, TfGraph, TfNode } from "./tfjs-graph.js";

const node = (name: string, op: string, inputs: string[] = [], attr: Record<string, TfAttrValue> = {}): TfNode => ({
  name,
  op,
  inputs,
  attr,
});
const ints = (shape: number[], values: number[]): TfConstant => ({
  dtype: "int",
  shape,
  values: Int32Array.from(values),
});
const floats = (shape: number[], values: number[]): TfConstant => ({
  dtype: "float32",
  shape,
  values: Float32Array.from(values),
});

/** Translates `nodes` (input Placeholder "x") and runs the result on `x`; `out` declares the output. */
async function run(
  nodes: TfNode[],
  constants: Record<string, TfConstant>,
  output: string,
  x: Tensor,
  out: { rank: number; type?: OnnxDataType },
): Promise<{ dims: readonly number[]; data: number[] }> {
  const graph: TfGraph = {
    nodes: [node("x", "Placeholder"), ...nodes, ...Object.keys(constants).map((name) => node(name, "Const"))],
    constants: new Map(Object.entries(constants)),
  };
  const translated = translateTfGraph(graph, { inputs: { x: "x" }, output: { tf: output, onnx: "y" } });
  const elemType =
    x.type === "float32" ? OnnxDataType.FLOAT : x.type === "bool" ? OnnxDataType.BOOL : OnnxDataType.INT64;
  const bytes = encodeOnnxModel({
    irVersion: 8,
    opsetImports: [{ domain: "", version: TF_TO_ONNX_OPSET }],
    producerName: "test",
    producerVersion: "1",
    graph: {
      name: "g",
      nodes: translated.nodes,
      initializers: translated.initializers,
      inputs: [{ name: "x", elemType, shape: x.dims.map((_, i) => `d${i}`) }],
      outputs: [
        {
          name: "y",
          elemType: out.type ?? OnnxDataType.FLOAT,
          shape: Array.from({ length: out.rank }, (_, i) => `y${i}`),
        },
      ],
    },
  });
  const session = await InferenceSession.create(bytes);
  try {
    const y = (await session.run({ x })).y as Tensor;
    return { dims: y.dims, data: Array.from(y.data as ArrayLike<number | bigint>, Number) };
  } finally {
    await session.release();
  }
}

const matrix = (rows: number, cols: number, values: number[]) =>
  new Tensor("float32", Float32Array.from(values), [rows, cols]);

describe("translateTfGraph", () => {
  it("translates a strided slice that shrinks an axis, the last index (-1) included", async () => {
    const x = matrix(2, 3, [1, 2, 3, 4, 5, 6]);
    const slice = (begin: number) =>
      run(
        [
          node("s", "StridedSlice", ["x", "b", "e", "st"], {
            begin_mask: { i: 1 },
            end_mask: { i: 1 },
            shrink_axis_mask: { i: 2 },
          }),
        ],
        { b: ints([2], [0, begin]), e: ints([2], [0, begin + 1]), st: ints([2], [1, 1]) },
        "s",
        x,
        { rank: 1 },
      );
    expect(await slice(1)).toEqual({ dims: [2], data: [2, 5] });
    expect(await slice(-1)).toEqual({ dims: [2], data: [3, 6] });
  });

  it("lists the coordinates of true cells with a one-input Where, as TF does ([n, rank])", async () => {
    const result = await run(
      [node("w", "Where", ["g"]), node("g", "Greater", ["x", "zero"])],
      { zero: floats([], [0]) },
      "w",
      matrix(2, 2, [1, 0, 0, 1]),
      { rank: 2, type: OnnxDataType.INT64 },
    );
    expect(result).toEqual({ dims: [2, 2], data: [0, 0, 1, 1] });
  });

  it("fills a SparseToDense matrix with the default value around the given cells", async () => {
    const result = await run(
      [node("d", "SparseToDense", ["idx", "shape", "x", "fill"])],
      { idx: ints([2, 2], [0, 1, 1, 0]), shape: ints([2], [2, 2]), fill: floats([], [-1]) },
      "d",
      new Tensor("float32", Float32Array.from([7, 8]), [2]),
      { rank: 2 },
    );
    expect(result).toEqual({ dims: [2, 2], data: [-1, 7, 8, -1] });
  });

  it("transposes the second operand of a BatchMatMul with adj_y", async () => {
    // x [1, 2, 2] times x^T per batch.
    const x = new Tensor("float32", Float32Array.from([1, 2, 3, 4]), [1, 2, 2]);
    const result = await run([node("m", "BatchMatMul", ["x", "x"], { adj_y: { b: true } })], {}, "m", x, { rank: 3 });
    expect(result).toEqual({ dims: [1, 2, 2], data: [5, 11, 11, 25] });
  });

  it("computes a 1x1 NHWC Conv2D as a product over channels", async () => {
    const x = new Tensor("float32", Float32Array.from([1, 2, 3, 4]), [1, 2, 1, 2]);
    const result = await run(
      [
        node("c", "Conv2D", ["x", "k"], {
          strides: { list: { i: ["1", "1", "1", "1"] } },
          padding: { s: [86, 65, 76, 73, 68] },
        }),
      ],
      { k: floats([1, 1, 2, 3], [1, 0, 1, 0, 1, 1]) },
      "c",
      x,
      { rank: 4 },
    );
    expect(result).toEqual({ dims: [1, 2, 1, 3], data: [1, 2, 3, 3, 4, 7] });
  });

  it("gives each output of a SplitV its own tensor, read as name:k", async () => {
    const result = await run(
      [node("s", "SplitV", ["x", "sizes", "axis"], { num_split: { i: 2 } }), node("y", "Sub", ["s:1", "s"])],
      { sizes: ints([2], [1, 1]), axis: ints([], [1]) },
      "y",
      matrix(2, 2, [1, 5, 2, 9]),
      { rank: 2 },
    );
    expect(result).toEqual({ dims: [2, 1], data: [4, 7] });
  });

  it("packs scalars into a shape vector and reduces with keep_dims", async () => {
    const result = await run(
      [
        node("sum", "Sum", ["x", "axis"], { keep_dims: { b: true } }),
        node("shape", "Shape", ["sum"]),
        node("rows", "StridedSlice", ["shape", "b0", "b1", "b1"], { shrink_axis_mask: { i: 1 } }),
        node("packed", "Pack", ["rows", "two"], { axis: { i: 0 } }),
        node("r", "Reshape", ["x", "packed"]),
        node("y", "Mul", ["r", "sum"]),
      ],
      { axis: ints([1], [-1]), b0: ints([1], [0]), b1: ints([1], [1]), two: ints([], [2]) },
      "y",
      matrix(2, 2, [1, 2, 3, 4]),
      { rank: 2 },
    );
    expect(result).toEqual({ dims: [2, 2], data: [3, 6, 21, 28] });
  });

  it("names the node of an op it cannot translate", () => {
    const graph: TfGraph = { nodes: [node("x", "Placeholder"), node("fft", "FFT", ["x"])], constants: new Map() };
    expect(() => translateTfGraph(graph, { inputs: { x: "x" }, output: { tf: "fft", onnx: "y" } })).toThrow(
      "TF op FFT (node fft) has no ONNX translation here",
    );
  });

  it("refuses a strided slice it would get wrong rather than guess", () => {
    const graph: TfGraph = {
      nodes: [
        node("x", "Placeholder"),
        node("s", "StridedSlice", ["x", "b", "b", "st"]),
        node("b", "Const"),
        node("st", "Const"),
      ],
      constants: new Map([
        ["b", ints([1], [0])],
        ["st", ints([1], [-1])],
      ]),
    };
    expect(() => translateTfGraph(graph, { inputs: { x: "x" }, output: { tf: "s", onnx: "y" } })).toThrow(
      "only positive strides",
    );
  });
});
