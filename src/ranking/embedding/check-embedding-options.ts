import {
  checkBoolean,
  checkFunction,
  checkNumber,
  checkOneOf,
  checkQueryHandling,
  invalidOption,
  optionAt,
  QUERY_HANDLING_KEYS,
} from "../check-options.js";
import { checkKeys, optionKeys, under } from "../../util/option-keys.js";
import type { VectorIndexOptions } from "./vector-index.js";
import { checkEmbedderOptions, EMBEDDER_KEYS } from "./load-embedder.js";

/**
 * The keys of `EmbeddingRankerOptions`. Not `optionKeys`: the type lives in embedding-ranker.ts,
 * which imports this file; ranker-option-keys.test.ts holds the list to the type instead.
 */
export const EMBEDDING_RANKER_KEYS = [
  "embedder",
  "cacheDir",
  "minSimilarity",
  "abstention",
  "index",
  "onWarning",
  ...QUERY_HANDLING_KEYS,
] as const;
const INDEX_KEYS = optionKeys<keyof VectorIndexOptions>({
  kind: true,
  hnswAbove: true,
  m: true,
  efConstruction: true,
  efSearch: true,
});

/**
 * Checks `EmbeddingRankerOptions` at `path` of `owner`'s options (the top level when empty): a
 * hybrid ranker checks the options of the embedding ranker it builds as its own `semantic`.
 */
export function checkEmbeddingRankerOptions(owner: string, path: string, options: unknown): void {
  const given = checkKeys(owner, path, options, EMBEDDING_RANKER_KEYS, "{ minSimilarity: 0.4 }", {
    embedder: EMBEDDER_KEYS,
    index: INDEX_KEYS,
  });
  const at = optionAt(owner, path);
  const { embedder } = given;
  if (typeof embedder === "object" && embedder !== null && "embed" in embedder) {
    // An Embedder of the caller's: what it must have to be used at all.
    const { embed, dimensions } = embedder as { embed: unknown; dimensions?: unknown };
    if (typeof embed !== "function")
      throw invalidOption(at("embedder.embed"), "a function, an Embedder's embed(texts)", embed);
    if (typeof dimensions !== "number" || !Number.isInteger(dimensions) || dimensions < 1) {
      throw invalidOption(
        at("embedder.dimensions"),
        "a whole number ≥ 1, the length of the Embedder's vectors",
        dimensions,
      );
    }
  } else {
    checkEmbedderOptions(owner, under(path, "embedder"), embedder);
  }
  const { cacheDir } = given;
  if (cacheDir !== undefined && cacheDir !== false && (typeof cacheDir !== "string" || cacheDir === "")) {
    throw invalidOption(
      at("cacheDir"),
      'a folder path such as ".cache/toolsift", or false to keep vectors in memory',
      cacheDir,
    );
  }
  checkNumber(at("minSimilarity"), given.minSimilarity, { min: -1, max: 1, example: 0.35 });
  checkBoolean(at("abstention"), given.abstention);
  const index = checkKeys(owner, under(path, "index"), given.index, INDEX_KEYS, '{ kind: "exact" }');
  checkOneOf(at("index.kind"), index.kind, ["auto", "exact", "hnsw"]);
  checkNumber(at("index.hnswAbove"), index.hnswAbove, { min: 0, integer: true, example: 50_000 });
  checkNumber(at("index.m"), index.m, { min: 2, integer: true, example: 16 });
  checkNumber(at("index.efConstruction"), index.efConstruction, { min: 1, integer: true, example: 100 });
  checkNumber(at("index.efSearch"), index.efSearch, { min: 1, integer: true, example: 64 });
  checkFunction(at("onWarning"), given.onWarning, "(code, message) => console.warn(message)");
  checkQueryHandling(at, given);
}
