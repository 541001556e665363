import { describe, expect, it } from "vitest";
import { EmbeddingRanker, type Embedder, rankDocumentOf } from "../ranking/index.js";
import { SemanticFallback } from "./semantic-fallback.js";

describe("SemanticFallback", () => {
  // Tool i leans on one shared axis by weight(i), 0.55 to 0.95, so two tools are weight(i)·weight(j)
  // alike (0.30 to 0.89; 48 tools, enough pairs to place the 0.999 quantile), as a model whose similarities run high puts them. The query leans on it
  // by 0.65: 0.62 from the nearest tool, above a fixed 0.5, below the catalogue's closest pairs.
  const TOOLS = 48;
  const DIMENSIONS = TOOLS + 2;
  const weight = (i: number) => 0.55 + (0.4 * (i - 1)) / (TOOLS - 1);
  const highScale: Embedder = {
    id: "high-scale-fallback-test-model",
    dimensions: DIMENSIONS,
    async embed(texts) {
      return texts.map((text) => {
        const vector = new Float32Array(DIMENSIONS);
        const marker = /marker(\d+)/.exec(text);
        const lean = marker ? weight(Number(marker[1])) : 0.65;
        vector[0] = lean;
        vector[marker ? Number(marker[1]) : DIMENSIONS - 1] = Math.sqrt(1 - lean ** 2);
        return vector;
      });
    },
  };
  const documents = Array.from({ length: TOOLS }, (_, i) =>
    rankDocumentOf({ name: `misc__thing_${i + 1}`, description: `Does thing ${i + 1}. marker${i + 1}` }),
  );

  it("calls a match strong only at the catalogue's own level, so a model whose similarities run high does not call noise strong", async () => {
    const fallback = new SemanticFallback(
      () => undefined,
      () => new EmbeddingRanker({ embedder: highScale, cacheDir: false, exactNames: false, multiPart: false }),
    );
    const hits = await fallback.search("zebra crossing", { version: 1, documents: () => documents }, { limit: 5 });
    await fallback.close();
    expect(hits[0]).toMatchObject({ name: "misc__thing_48" });
    expect(hits.every((hit) => hit.confidence === "weak")).toBe(true);
  });
});
