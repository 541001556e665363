import { describe, expect, it } from "vitest";
import { HIGH_SCALE_TOOLS, highScaleEmbedder } from "../../test/support/high-scale-embedder.js";
import { EmbeddingRanker, rankDocumentOf } from "../ranking/index.js";
import { SemanticFallback } from "./semantic-fallback.js";

describe("SemanticFallback", () => {
  const TOOLS = HIGH_SCALE_TOOLS;
  const highScale = highScaleEmbedder("high-scale-fallback-test-model");
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
