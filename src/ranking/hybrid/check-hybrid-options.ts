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
import { checkKeys } from "../../util/option-keys.js";
import { checkEmbeddingRankerOptions, EMBEDDING_RANKER_KEYS } from "../embedding/check-embedding-options.js";

const OWNER = "HybridRanker";
/**
 * The keys of `HybridRankerOptions`. Not `optionKeys`: the type lives in hybrid-ranker.ts, which
 * imports this file; ranker-option-keys.test.ts holds the list to the type instead.
 */
export const HYBRID_KEYS = [
  "lexical",
  "semantic",
  "fusion",
  "rrfK",
  "lexicalWeight",
  "lexicalWeightRange",
  "semanticFloor",
  "candidates",
  "fallbackToLexical",
  "abstention",
  "onWarning",
  ...QUERY_HANDLING_KEYS,
] as const;
const at = optionAt(OWNER, "");

/** Checks `HybridRankerOptions`, and the options of the embedding ranker it builds from `semantic`. */
export function checkHybridOptions(options: unknown): void {
  const given = checkKeys(OWNER, "", options, HYBRID_KEYS, '{ fusion: "rrf" }', { semantic: EMBEDDING_RANKER_KEYS });
  if (given.lexical !== undefined && !isRankerLike(given.lexical)) {
    throw invalidOption(
      at("lexical"),
      "a Ranker (an object with update and search), such as new Bm25Ranker()",
      given.lexical,
    );
  }
  const { semantic } = given;
  if (typeof semantic === "object" && semantic !== null && ("search" in semantic || "update" in semantic)) {
    if (!isRankerLike(semantic))
      throw invalidOption(
        at("semantic"),
        "a Ranker (an object with update and search functions) or EmbeddingRanker options",
        semantic,
      );
  } else {
    checkEmbeddingRankerOptions(OWNER, "semantic", semantic);
  }
  checkOneOf(at("fusion"), given.fusion, ["adaptive", "weighted", "rrf"]);
  checkNumber(at("rrfK"), given.rrfK, { min: 0, above: true, example: 60 });
  checkNumber(at("lexicalWeight"), given.lexicalWeight, { min: 0, max: 1, example: 0.9 });
  const range = given.lexicalWeightRange;
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2)
      throw invalidOption(at("lexicalWeightRange"), "[low, high], two numbers from 0 to 1 such as [0.5, 1]", range);
    checkNumber(at("lexicalWeightRange[0]"), range[0], { min: 0, max: 1, example: 0.5, required: true });
    checkNumber(at("lexicalWeightRange[1]"), range[1], { min: 0, max: 1, example: 1, required: true });
  }
  checkNumber(at("semanticFloor"), given.semanticFloor, { min: -1, max: 1, example: 0.3 });
  checkNumber(at("candidates"), given.candidates, { min: 1, integer: true, example: 50 });
  checkBoolean(at("fallbackToLexical"), given.fallbackToLexical);
  checkAbstention(given.abstention);
  checkFunction(at("onWarning"), given.onWarning, "(code, message) => console.warn(message)");
  checkQueryHandling(at, given);
}

function checkAbstention(abstention: unknown): void {
  if (abstention === undefined || typeof abstention === "boolean") return;
  if (typeof abstention !== "object" || abstention === null || Array.isArray(abstention)) {
    throw invalidOption(
      at("abstention"),
      "true, false, or limits such as { maxCoverage: 0.2, minSimilarity: 0.5 }",
      abstention,
    );
  }
  const limits = checkKeys(
    OWNER,
    "abstention",
    abstention,
    ["maxCoverage", "minSimilarity", "minSimilarityWithoutLexical"],
    "{ maxCoverage: 0.2, minSimilarity: 0.5 }",
  );
  // Both are required: without them every comparison is with undefined, and never abstains.
  checkNumber(at("abstention.maxCoverage"), limits.maxCoverage, { min: 0, max: 1, example: 0.2, required: true });
  // A similarity limit of -Infinity turns its rule off (the bench's coverage-only variant does).
  checkNumber(at("abstention.minSimilarity"), limits.minSimilarity, {
    min: -1,
    max: 1,
    infinite: true,
    example: 0.5,
    required: true,
  });
  checkNumber(at("abstention.minSimilarityWithoutLexical"), limits.minSimilarityWithoutLexical, {
    min: -1,
    max: 1,
    infinite: true,
    example: 0.4,
  });
}

function isRankerLike(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { search?: unknown }).search === "function" &&
    typeof (value as { update?: unknown }).update === "function"
  );
}
