import { InferenceSession, Tensor as OrtTensor } from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import {
  OnnxDataType,
  encodeOnnxModel,
  type OnnxModel,
  type OnnxNode,
  type OnnxTensor,
} from "../../../model-build/onnx-model.js";
import { quantiseRowsInt8, toFloat16Bits } from "../../../model-build/quantize.js";
import {
  buildStaticEmbeddingModel,
  type StaticEmbeddingWeights,
} from "../../../model-build/static-model/static-embedding-graph.js";
import { readOnnxGraph } from "./read-onnx-graph.js";
import { staticEmbeddingGraph, type StaticEmbeddingGraph } from "./static-embedding-graph.js";

const DIMENSIONS = 4;
const ROWS = 6;
// Values that do not round-trip through int8 or float16 exactly, so any arithmetic
// difference from ONNX Runtime shows.
const MATRIX = Float32Array.from({ length: ROWS * DIMENSIONS }, (_, i) =>
  i === 0 ? 0 : Math.sin(i * 1.7) * (1 + i / 7),
);
const INFO = { producerVersion: "test", docString: "test", metadata: [] };
const IDS = [5, 1, 3, 3, 0, 2, 4];

/** What ONNX Runtime computes for these ids as one unpadded text. */
async function onnxRuntimeRows(bytes: Uint8Array, ids: readonly number[]): Promise<number[]> {
  const session = await InferenceSession.create(bytes);
  try {
    const shape = [1, ids.length];
    const feeds: Record<string, OrtTensor> = {
      input_ids: new OrtTensor("int64", BigInt64Array.from(ids, BigInt), shape),
      attention_mask: new OrtTensor(
        "int64",
        BigInt64Array.from(ids, () => 1n),
        shape,
      ),
    };
    const output = (await session.run(feeds)).last_hidden_state!;
    return [...(output.data as Float32Array)];
  } finally {
    await session.release();
  }
}

function staticGraph(bytes: Uint8Array): StaticEmbeddingGraph {
  const graph = staticEmbeddingGraph(readOnnxGraph(bytes));
  if ("notStatic" in graph) throw new Error(`not recognised as static: ${graph.notStatic}`);
  return graph;
}

const VARIANTS: [string, StaticEmbeddingWeights][] = [
  ["fp32 rows", { dimensions: DIMENSIONS, rows: { kind: "fp32", values: MATRIX } }],
  ["fp16 rows", { dimensions: DIMENSIONS, rows: { kind: "fp16", values: toFloat16Bits(MATRIX) } }],
  [
    "int8 rows with a scale per row",
    { dimensions: DIMENSIONS, rows: { kind: "int8", ...quantiseRowsInt8(MATRIX, DIMENSIONS) } },
  ],
  [
    "int8 rows shared through a token-to-row table",
    {
      dimensions: DIMENSIONS,
      rows: { kind: "int8", ...quantiseRowsInt8(MATRIX, DIMENSIONS) },
      rowOfToken: Int32Array.from([0, 1, 2, 3, 1, 3]),
    },
  ],
];

describe("staticEmbeddingGraph", () => {
  it.each(VARIANTS)("computes what ONNX Runtime computes, bit for bit: %s", async (_name, weights) => {
    const bytes = encodeOnnxModel(buildStaticEmbeddingModel(weights, INFO));
    const graph = staticGraph(bytes);
    expect(graph.dimensions).toBe(DIMENSIONS);
    expect([...graph.rows(IDS)]).toEqual(await onnxRuntimeRows(bytes, IDS));
  });

  it("gives a token the same row alone as among others", () => {
    const graph = staticGraph(encodeOnnxModel(buildStaticEmbeddingModel(VARIANTS[2]![1], INFO)));
    const together = graph.rows(IDS);
    IDS.forEach((id, i) =>
      expect([...graph.rows([id])]).toEqual([...together.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS)]),
    );
  });

  it("accepts the opset-11 Unsqueeze that takes its axes as an attribute", async () => {
    const model = buildStaticEmbeddingModel(VARIANTS[0]![1], INFO);
    const nodes = model.graph.nodes.map((node) =>
      node.opType === "Unsqueeze"
        ? { ...node, inputs: [node.inputs[0]!], attributes: [{ name: "axes", kind: "ints" as const, value: [-1] }] }
        : node,
    );
    const bytes = encodeOnnxModel({
      ...model,
      opsetImports: [{ domain: "", version: 11 }],
      graph: { ...model.graph, nodes },
    });
    expect([...staticGraph(bytes).rows(IDS)]).toEqual(await onnxRuntimeRows(bytes, IDS));
  });

  describe("leaves a model that is not a pure lookup to ONNX Runtime", () => {
    const base = buildStaticEmbeddingModel(VARIANTS[0]![1], INFO);
    const outputNode = (node: OnnxNode) => node.outputs.includes("last_hidden_state");
    /** The base graph with one more node between the lookup and the output. */
    const withFinalStep = (step: (input: string) => { nodes: OnnxNode[]; initializers?: OnnxTensor[] }): OnnxModel => {
      const nodes = base.graph.nodes.map((node) => (outputNode(node) ? { ...node, outputs: ["rows"] } : node));
      const extra = step("rows");
      return {
        ...base,
        graph: {
          ...base.graph,
          nodes: [...nodes, ...extra.nodes],
          initializers: [...base.graph.initializers, ...(extra.initializers ?? [])],
        },
      };
    };
    const reasonFor = (model: OnnxModel): string => {
      const result = staticEmbeddingGraph(readOnnxGraph(encodeOnnxModel(model)));
      expect(result).toHaveProperty("notStatic");
      return (result as { notStatic: string }).notStatic;
    };

    it("an operator outside the lookup set (attention would bring Softmax, MatMul, …)", () => {
      const model = withFinalStep((input) => ({
        nodes: [{ opType: "Softmax", name: "s", inputs: [input], outputs: ["last_hidden_state"] }],
      }));
      expect(reasonFor(model)).toMatch(/Softmax/);
    });

    it("a constant that varies along the token axis (a position embedding)", () => {
      const positions: OnnxTensor = {
        name: "positions",
        dataType: OnnxDataType.FLOAT,
        dims: [1, 3, DIMENSIONS],
        rawData: new Uint8Array(new Float32Array(3 * DIMENSIONS).fill(0.5).buffer),
      };
      const model = withFinalStep((input) => ({
        nodes: [{ opType: "Add", name: "p", inputs: [input, "positions"], outputs: ["last_hidden_state"] }],
        initializers: [positions],
      }));
      expect(reasonFor(model)).toMatch(/token axis|broadcast/);
    });

    it("a lookup into per-token data", () => {
      const model = withFinalStep((input) => ({
        nodes: [
          {
            opType: "Gather",
            name: "g",
            inputs: [input, "input_ids"],
            outputs: ["last_hidden_state"],
            attributes: [{ name: "axis", kind: "int", value: 0 }],
          },
        ],
      }));
      expect(reasonFor(model)).toMatch(/per-token data/);
    });

    it("an input other than the token ids, mask and token types", () => {
      const model: OnnxModel = {
        ...base,
        graph: {
          ...base.graph,
          inputs: [...base.graph.inputs, { name: "position_ids", elemType: OnnxDataType.INT64, shape: ["b", "s"] }],
        },
      };
      expect(reasonFor(model)).toMatch(/position_ids/);
    });
  });
});
