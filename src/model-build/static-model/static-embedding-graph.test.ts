import { InferenceSession, Tensor } from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { encodeOnnxModel } from "../onnx-model.js";
import { dequantiseRowsInt8, float16BitsToFloat32, quantiseRowsInt8, toFloat16Bits } from "../quantize.js";
import { buildStaticEmbeddingModel, type StaticEmbeddingWeights } from "./static-embedding-graph.js";

const DIMENSIONS = 3;
// Row 0 is the zero row for padding/unknown tokens.
const MATRIX = new Float32Array([0, 0, 0, 1.5, -2, 0.25, -0.75, 3, 8, 0.1, 0.2, -0.3]);
const INFO = { producerVersion: "test", docString: "test model", metadata: [{ key: "k", value: "v" }] };

async function run(weights: StaticEmbeddingWeights, ids: number[][], mask: number[][]): Promise<Tensor> {
  const bytes = encodeOnnxModel(buildStaticEmbeddingModel(weights, INFO));
  const session = await InferenceSession.create(bytes);
  try {
    const shape = [ids.length, ids[0]?.length ?? 0];
    const feeds = {
      input_ids: new Tensor("int64", BigInt64Array.from(ids.flat(), BigInt), shape),
      attention_mask: new Tensor("int64", BigInt64Array.from(mask.flat(), BigInt), shape),
    };
    const output = (await session.run(feeds)).last_hidden_state;
    if (output === undefined) throw new Error("no last_hidden_state output");
    return output;
  } finally {
    await session.release();
  }
}

/** What the graph must compute: row of each token, zeroed where the mask is 0. */
function expected(matrix: Float32Array, rowOf: (id: number) => number, ids: number[][], mask: number[][]): number[] {
  const out: number[] = [];
  ids.forEach((sequence, b) =>
    sequence.forEach((id, s) => {
      for (let d = 0; d < DIMENSIONS; d++)
        out.push(mask[b]?.[s] === 1 ? (matrix[rowOf(id) * DIMENSIONS + d] as number) : 0);
    }),
  );
  return out;
}

const IDS = [
  [1, 2, 3],
  [3, 1, 0],
];
const MASK = [
  [1, 1, 1],
  [1, 1, 0],
];

describe("buildStaticEmbeddingModel", () => {
  it("declares the sentence-transformer interface onnxruntime reads back", async () => {
    const bytes = encodeOnnxModel(
      buildStaticEmbeddingModel({ dimensions: DIMENSIONS, rows: { kind: "fp32", values: MATRIX } }, INFO),
    );
    const session = await InferenceSession.create(bytes);
    expect(session.inputNames).toEqual(["input_ids", "attention_mask"]);
    expect(session.outputNames).toEqual(["last_hidden_state"]);
    await session.release();
  });

  it("fp32: returns the row of every token and zeroes masked positions", async () => {
    const output = await run({ dimensions: DIMENSIONS, rows: { kind: "fp32", values: MATRIX } }, IDS, MASK);
    expect(output.dims).toEqual([2, 3, DIMENSIONS]);
    expect(output.type).toBe("float32");
    expect([...(output.data as Float32Array)]).toEqual(expected(MATRIX, (id) => id, IDS, MASK).map(Math.fround));
  });

  it("int8: dequantises each gathered row with its own scale", async () => {
    const int8 = quantiseRowsInt8(MATRIX, DIMENSIONS);
    const output = await run({ dimensions: DIMENSIONS, rows: { kind: "int8", ...int8 } }, IDS, MASK);
    const reference = expected(dequantiseRowsInt8(int8, DIMENSIONS), (id) => id, IDS, MASK);
    const actual = [...(output.data as Float32Array)];
    actual.forEach((value, i) => expect(value).toBeCloseTo(reference[i] as number, 6));
    // and the dequantised rows are close to the originals
    const original = expected(MATRIX, (id) => id, IDS, MASK);
    actual.forEach((value, i) => expect(Math.abs(value - (original[i] as number))).toBeLessThan(8 / 127));
  });

  it("fp16: widens the stored half floats", async () => {
    const bits = toFloat16Bits(MATRIX);
    const output = await run({ dimensions: DIMENSIONS, rows: { kind: "fp16", values: bits } }, IDS, MASK);
    const halves = Float32Array.from(bits, float16BitsToFloat32);
    expect([...(output.data as Float32Array)]).toEqual(expected(halves, (id) => id, IDS, MASK));
  });

  it("maps token ids to shared rows through the alias table", async () => {
    // ids 0..5: ids 4 and 5 reuse rows 1 and 3.
    const rowOfToken = Int32Array.from([0, 1, 2, 3, 1, 3]);
    const ids = [[4, 5, 2]];
    const mask = [[1, 1, 1]];
    const output = await run({ dimensions: DIMENSIONS, rows: { kind: "fp32", values: MATRIX }, rowOfToken }, ids, mask);
    expect([...(output.data as Float32Array)]).toEqual(
      expected(MATRIX, (id) => rowOfToken[id] as number, ids, mask).map(Math.fround),
    );
  });

  it("is byte-identical for identical inputs", () => {
    const build = (): Uint8Array =>
      encodeOnnxModel(
        buildStaticEmbeddingModel(
          { dimensions: DIMENSIONS, rows: { kind: "int8", ...quantiseRowsInt8(MATRIX, DIMENSIONS) } },
          INFO,
        ),
      );
    expect(Buffer.from(build()).equals(Buffer.from(build()))).toBe(true);
  });

  it("rejects a matrix that does not split into rows and alias rows out of range", () => {
    expect(() => buildStaticEmbeddingModel({ dimensions: 5, rows: { kind: "fp32", values: MATRIX } }, INFO)).toThrow(
      RangeError,
    );
    expect(() =>
      buildStaticEmbeddingModel(
        { dimensions: DIMENSIONS, rows: { kind: "fp32", values: MATRIX }, rowOfToken: Int32Array.from([0, 9]) },
        INFO,
      ),
    ).toThrow(RangeError);
  });
});
