import type { Embedder } from "../ranking/embedding/embedder.js";
import { loadEmbedder } from "../ranking/embedding/load-embedder.js";

/** The real bundled embedder, wrapped to record every text it is asked to embed. */
export async function countingEmbedder(): Promise<Embedder & { embedded: string[] }> {
  const real = await loadEmbedder();
  const embedded: string[] = [];
  return {
    id: real.id,
    dimensions: real.dimensions,
    embedded,
    embed: (texts) => {
      embedded.push(...texts);
      return real.embed(texts);
    },
  };
}
