import type { Tokenizer } from "@huggingface/tokenizers";
import { ModelError } from "../../errors.js";
import type { Embedder, Pooling } from "./embedder.js";
import { corruptModelFile, type ModelFolder } from "./model-folder.js";
import type { StaticEmbeddingGraph } from "./onnx/static-embedding-graph.js";
import { normaliseInPlace } from "./pool-tokens.js";
import { TokenRows } from "./token-rows.js";
import { asciiWordPiece, tokenizesWordByWord, wordByWordIds } from "./word-token-ids.js";

export interface StaticEmbedderSettings {
  id: string;
  folder: ModelFolder;
  graph: StaticEmbeddingGraph;
  pooling: Exclude<Pooling, "none">;
  normalize: boolean;
}

/**
 * An {@link Embedder} for a static embedding model, run in TypeScript: the model's own
 * tokenizer (the same pure-JS implementation transformers.js uses), then each token's row
 * from the ONNX graph's table, pooled. Rows are computed once per token id and kept, so a
 * catalogue's vocabulary is looked up once per process.
 */
export async function createStaticEmbedder(settings: StaticEmbedderSettings): Promise<Embedder> {
  const { folder, graph, pooling, normalize } = settings;
  // Loaded with the first word that needs it, not at import nor with the model: a bm25-only
  // program never needs it, and a catalogue of printable-ASCII words neither (see asciiWordPiece).
  let TokenizerClass: typeof Tokenizer | undefined;
  const loadLibrary = async () => {
    TokenizerClass ??= (await import("@huggingface/tokenizers")).Tokenizer;
  };
  let tokenizerJson: unknown;
  try {
    tokenizerJson = JSON.parse(new TextDecoder().decode(folder.tokenizerBytes)) as unknown;
  } catch (cause) {
    throw corruptModelFile(folder.tokenizerFile, cause);
  }
  let tokenizer: Tokenizer | undefined;
  const library = (): Tokenizer => {
    if (TokenizerClass === undefined) throw new LibraryNotLoaded();
    try {
      // Built once, on the first word that needs it (a corrupt file is reported then).
      return (tokenizer ??= new TokenizerClass(tokenizerJson as object, folder.tokenizerConfig));
    } catch (cause) {
      throw corruptModelFile(folder.tokenizerFile, cause);
    }
  };
  const encode = (text: string): number[] => library().encode(text).ids;
  // Encoding is most of the cost of embedding a catalogue, and its texts share most words: a
  // BERT-style tokenizer is run word by word, each word once, and a printable-ASCII word is
  // encoded here (see asciiWordPiece), so the library's tokenizer is built only for a word
  // that needs it. Any other tokenizer is built now, and a corrupt one fails the load as before.
  const own = asciiWordPiece(tokenizerJson, folder.tokenizerConfig);
  if (!own) {
    await loadLibrary();
    library();
  }
  const encodeText = own
    ? wordByWordIds((word) => own(word) ?? encode(word))
    : tokenizesWordByWord(tokenizerJson, folder.tokenizerConfig)
      ? wordByWordIds(encode)
      : encode;
  // transformers.js truncates to the tokenizer's model_max_length; so must this path.
  const configured = folder.tokenizerConfig.model_max_length;
  const maxTokens = typeof configured === "number" && configured > 0 ? configured : Infinity;
  const tokens = new TokenRows(graph);
  let closed = false;

  const tokenIds = (text: string): number[] => {
    const ids = encodeText(text);
    return ids.length > maxTokens ? ids.slice(0, maxTokens) : ids;
  };
  /** Every text's ids; the library is loaded when a word first needs it, and the batch encoded again (word ids already found are remembered). */
  const idsOf = async (texts: readonly string[]): Promise<number[][]> => {
    try {
      return texts.map(tokenIds);
    } catch (error) {
      if (!(error instanceof LibraryNotLoaded)) throw error;
      await loadLibrary();
      return texts.map(tokenIds);
    }
  };

  return {
    id: settings.id,
    dimensions: graph.dimensions,
    async embed(texts) {
      if (closed)
        throw new ModelError(
          "embedder_closed",
          `The embedder for ${folder.dir} was closed; load it again with loadEmbedder().`,
        );
      const counted = (await idsOf(texts)).map((ids) => tokens.count(pooling === "mean" ? ids : ids.slice(0, 1)));
      tokens.lookUp();
      return counted.map((text) => {
        const vector = pooling === "mean" ? tokens.mean(text) : tokens.first(text);
        if (normalize) normaliseInPlace(vector);
        return vector;
      });
    },
    async close() {
      closed = true;
      tokens.clear();
    },
  };
}

/** A word needs the tokenizer library, which is not loaded yet: the caller loads it and encodes again. */
class LibraryNotLoaded extends Error {}
