import { quantiseRowsInt8, toFloat16Bits } from "../quantize.js";
import type { RowStorage } from "./static-embedding-graph.js";

/**
 * A float matrix of rows stored as `kind` asks, and how that storage is described in a model's
 * toolsift.json. Both static builders (GloVe's and the bundled model's) store their rows this way.
 */
export function storeRows(
  matrix: Float32Array,
  dimensions: number,
  kind: RowStorage["kind"],
): { rows: RowStorage; description: string } {
  switch (kind) {
    case "int8":
      return {
        rows: { kind, ...quantiseRowsInt8(matrix, dimensions) },
        description: "int8 rows with one float32 scale per row (symmetric, max-abs)",
      };
    case "fp16":
      return { rows: { kind, values: toFloat16Bits(matrix) }, description: "fp16 rows" };
    case "fp32":
      return { rows: { kind, values: matrix }, description: "none (fp32 rows)" };
  }
}
