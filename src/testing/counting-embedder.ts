import type { Embedder } from "../ranking/embedding/embedder.js";
import { loadEmbedder } from "../ranking/embedding/load-embedder.js";

/**
 * An embedder that records every text it is asked to embed, in order, in `embedded`: for tests
 * of what gets embedded and when (a vector cache that works embeds a catalogue once).
 *
 * @example
 * ```ts
 * const embedder = await countingEmbedder();
 * const toolSearch = await createToolSearch({ tools, ranker: new EmbeddingRanker({ embedder }) });
 * expect(embedder.embedded.length).toBeGreaterThan(0);
 * ```
 */
export interface CountingEmbedder extends Embedder {
  /** Every text embedded so far, in order; clear it with `embedded.length = 0`. */
  readonly embedded: string[];
}

/**
 * Wraps `embedder` (by default the bundled model, from {@link loadEmbedder}) so that it records
 * every text it is asked to embed. The vectors are the wrapped embedder's own, and `close()`
 * closes the wrapped embedder.
 *
 * @example
 * ```ts
 * const embedder = await countingEmbedder();
 * await embedder.embed(["open a ticket"]);
 * expect(embedder.embedded).toEqual(["open a ticket"]);
 * ```
 */
export async function countingEmbedder(embedder?: Embedder): Promise<CountingEmbedder> {
  const real = embedder ?? (await loadEmbedder());
  const embedded: string[] = [];
  return {
    id: real.id,
    dimensions: real.dimensions,
    embedded,
    embed: (texts) => {
      embedded.push(...texts);
      return real.embed(texts);
    },
    close: async () => {
      await real.close?.();
    },
  };
}
