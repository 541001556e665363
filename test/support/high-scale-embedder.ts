import type { Embedder } from "../../src/ranking/index.js";

/**
 * A model whose similarities run high, for tests of levels read from the catalogue. Tool i (a
 * text holding `marker<i>`, 1 to {@link HIGH_SCALE_TOOLS}) leans on one shared axis by 0.55 to
 * 0.95, so two tools are 0.30 to 0.89 alike; 48 tools give enough pairs to place the 0.999
 * quantile. Any other text leans on it by 0.65: 0.62 from the nearest tool, above a fixed 0.5,
 * below the catalogue's closest pairs.
 */
export const HIGH_SCALE_TOOLS = 48;

export function highScaleEmbedder(id: string): Embedder {
  const dimensions = HIGH_SCALE_TOOLS + 2;
  const weight = (i: number) => 0.55 + (0.4 * (i - 1)) / (HIGH_SCALE_TOOLS - 1);
  return {
    id,
    dimensions,
    async embed(texts) {
      return texts.map((text) => {
        const vector = new Float32Array(dimensions);
        const marker = /marker(\d+)/.exec(text);
        const lean = marker ? weight(Number(marker[1])) : 0.65;
        vector[0] = lean;
        vector[marker ? Number(marker[1]) : dimensions - 1] = Math.sqrt(1 - lean ** 2);
        return vector;
      });
    },
  };
}
