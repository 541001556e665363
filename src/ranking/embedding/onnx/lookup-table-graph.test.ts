import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { OnnxDataType, encodeOnnxModel, type OnnxModel, type OnnxNode } from "../../../model-build/onnx-model.js";
import { quantiseRowsInt8, toFloat16Bits } from "../../../model-build/quantize.js";
import {
  buildStaticEmbeddingModel,
  type StaticEmbeddingWeights,
} from "../../../model-build/static-model/static-embedding-graph.js";
import { lookupTableGraph } from "./lookup-table-graph.js";
import { readOnnxGraph } from "./read-onnx-graph.js";
import { staticEmbeddingGraph, type StaticEmbeddingGraph } from "./static-embedding-graph.js";

const DIMENSIONS = 5;
const ROWS = 7;
// Values that int8, float16 and the scales all round, so a different order of operations shows.
const MATRIX = Float32Array.from({ length: ROWS * DIMENSIONS }, (_, i) =>
  i === 0 ? 0 : Math.sin(i * 1.3) * (1 + i / 5) * 10 ** ((i % 5) - 2),
);
const INFO = { producerVersion: "test", docString: "test", metadata: [] };
const IDS = [6, 1, 3, 3, 0, 2, 4, 5, -1, -7];
const MODELS = fileURLToPath(new URL("../../../../models/", import.meta.url));

const VARIANTS: [string, StaticEmbeddingWeights][] = [
  ["fp32 rows", { dimensions: DIMENSIONS, rows: { kind: "fp32", values: MATRIX } }],
  ["fp16 rows", { dimensions: DIMENSIONS, rows: { kind: "fp16", values: toFloat16Bits(MATRIX) } }],
  ["int8 rows and scales", { dimensions: DIMENSIONS, rows: { kind: "int8", ...quantiseRowsInt8(MATRIX, DIMENSIONS) } }],
  [
    "int8 rows shared through a token-to-row table",
    {
      dimensions: DIMENSIONS,
      rows: { kind: "int8", ...quantiseRowsInt8(MATRIX, DIMENSIONS) },
      rowOfToken: Int32Array.from([0, 1, 2, 3, 1, 6, 5]),
    },
  ],
];

function generic(bytes: Uint8Array): StaticEmbeddingGraph {
  const graph = staticEmbeddingGraph(readOnnxGraph(bytes));
  if ("notStatic" in graph) throw new Error(`not static: ${graph.notStatic}`);
  return graph;
}

function direct(bytes: Uint8Array): StaticEmbeddingGraph {
  const graph = lookupTableGraph(readOnnxGraph(bytes));
  if (!graph) throw new Error("the lookup graph was not recognised");
  return graph;
}

/** The bit patterns, so -0 and 0 (and any last-bit difference) differ. */
const bits = (rows: Float32Array): number[] => [...new Uint32Array(rows.buffer, rows.byteOffset, rows.length)];

const modelOf = (weights: StaticEmbeddingWeights, edit?: (model: OnnxModel) => OnnxModel): Uint8Array => {
  const model = buildStaticEmbeddingModel(weights, INFO);
  return encodeOnnxModel(edit ? edit(model) : model);
};

const withNodes = (model: OnnxModel, nodes: (nodes: readonly OnnxNode[]) => OnnxNode[]): OnnxModel => ({
  ...model,
  graph: { ...model.graph, nodes: nodes(model.graph.nodes) },
});

describe("lookupTableGraph", () => {
  it.each(VARIANTS)("gives the generic evaluator's rows bit for bit: %s", (_name, weights) => {
    const bytes = modelOf(weights);
    const [fast, slow] = [direct(bytes), generic(bytes)];
    expect(fast.dimensions).toBe(slow.dimensions);
    expect(bits(fast.rows(IDS))).toEqual(bits(slow.rows(IDS)));
    expect(fast.rows([])).toEqual(new Float32Array(0));
  });

  it("reads the opset-11 Unsqueeze that takes its axes as an attribute, and the factors in either order", () => {
    const bytes = modelOf(VARIANTS[3]![1], (model) => ({
      ...withNodes(model, (nodes) =>
        nodes.map((node) => {
          if (node.opType === "Unsqueeze")
            return { ...node, inputs: [node.inputs[0]!], attributes: [{ name: "axes", kind: "ints", value: [2] }] };
          return node.opType === "Mul" ? { ...node, inputs: [...node.inputs].reverse() } : node;
        }),
      ),
      opsetImports: [{ domain: "", version: 11 }],
    }));
    expect(bits(direct(bytes).rows(IDS))).toEqual(bits(generic(bytes).rows(IDS)));
  });

  // Every id of the bundled model; every seventh of GloVe's 50,000, which the generic evaluator reads slowly.
  it.each([
    ["use-lite-sif", 1],
    ["glove-100d-sif", 7],
  ])(
    "gives the generic evaluator's rows bit for bit for the token ids of the bundled %s (every %i)",
    (name, step) => {
      const bytes = new Uint8Array(readFileSync(`${MODELS}${name}/onnx/model.onnx`));
      const [fast, slow] = [direct(bytes), generic(bytes)];
      const vocabulary = Object.keys(
        (JSON.parse(readFileSync(`${MODELS}${name}/tokenizer.json`, "utf8")) as { model: { vocab: object } }).model
          .vocab,
      ).length;
      const ids = Array.from({ length: Math.ceil(vocabulary / step) }, (_, i) => i * step);
      expect(fast.dimensions).toBe(slow.dimensions);
      expect(bits(fast.rows(ids))).toEqual(bits(slow.rows(ids)));
    },
    60_000,
  );

  it("refuses a token id outside the table, as the generic evaluator does", () => {
    const bytes = modelOf(VARIANTS[3]![1]);
    for (const id of [7, -8, 1.5, Number.NaN]) {
      expect(() => generic(bytes).rows([id])).toThrow(/row/);
      expect(() => direct(bytes).rows([id])).toThrow(/row .* of a table of 7/);
    }
  });

  describe("leaves any other graph to the generic evaluator", () => {
    const int8 = VARIANTS[2]![1];
    const cases: [string, (model: OnnxModel) => OnnxModel][] = [
      [
        "a step after the lookup",
        (model) => ({
          ...withNodes(model, (nodes) => [
            ...nodes.map((node) => (node.outputs[0] === "last_hidden_state" ? { ...node, outputs: ["rows"] } : node)),
            { opType: "Add", name: "a", inputs: ["rows", "rows"], outputs: ["last_hidden_state"] },
          ]),
        }),
      ],
      [
        "a mask column on another axis",
        (model) => ({
          ...model,
          graph: {
            ...model.graph,
            initializers: model.graph.initializers.map((tensor) =>
              tensor.name === "last_axis"
                ? { ...tensor, rawData: new Uint8Array(new BigInt64Array([1n]).buffer) }
                : tensor,
            ),
          },
        }),
      ],
      [
        "an attention mask that is a constant",
        (model) => ({
          ...model,
          graph: {
            ...model.graph,
            inputs: model.graph.inputs.filter((input) => input.name !== "attention_mask"),
            initializers: [
              ...model.graph.initializers,
              { name: "attention_mask", dataType: OnnxDataType.INT64, dims: [1, 1], rawData: new Uint8Array(8) },
            ],
          },
        }),
      ],
      [
        "scales gathered by other ids than the rows",
        (model) =>
          withNodes(model, (nodes) =>
            nodes.map((node) =>
              node.outputs[0] === "token_scales" ? { ...node, inputs: [node.inputs[0]!, "attention_mask"] } : node,
            ),
          ),
      ],
      [
        "a mask cast to an integer type",
        (model) =>
          withNodes(model, (nodes) =>
            nodes.map((node) =>
              node.outputs[0] === "mask_float"
                ? { ...node, attributes: [{ name: "to", kind: "int", value: OnnxDataType.INT32 }] }
                : node,
            ),
          ),
      ],
    ];
    it.each(cases)("%s", (_name, edit) => {
      expect(lookupTableGraph(readOnnxGraph(modelOf(int8, edit)))).toBeUndefined();
    });

    it("the unedited graph is recognised (the cases above differ from it by their edit alone)", () => {
      expect(lookupTableGraph(readOnnxGraph(modelOf(int8)))).toBeDefined();
    });
  });
});
