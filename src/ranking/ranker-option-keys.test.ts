import { describe, expect, expectTypeOf, it } from "vitest";
import type { Bm25Options } from "./bm25/bm25-ranker.js";
import { BM25_KEYS } from "./bm25/check-bm25-options.js";
import { EMBEDDING_RANKER_KEYS } from "./embedding/check-embedding-options.js";
import type { EmbeddingRankerOptions } from "./embedding/embedding-ranker.js";
import { HYBRID_KEYS } from "./hybrid/check-hybrid-options.js";
import type { HybridRankerOptions } from "./hybrid/hybrid-ranker.js";

// The rankers' option key lists cannot be written with optionKeys (each options type lives in the
// ranker's file, which imports the check), so the type check holds them here, both ways: an
// option the type gains and the list lacks would be refused as unknown, and a key the list has
// and the type lacks would be accepted and ignored.
describe("the rankers' option key lists", () => {
  it("name exactly the keys of their options types", () => {
    expectTypeOf<(typeof BM25_KEYS)[number]>().toEqualTypeOf<keyof Bm25Options>();
    expectTypeOf<(typeof HYBRID_KEYS)[number]>().toEqualTypeOf<keyof HybridRankerOptions>();
    expectTypeOf<(typeof EMBEDDING_RANKER_KEYS)[number]>().toEqualTypeOf<keyof EmbeddingRankerOptions>();
    for (const keys of [BM25_KEYS, HYBRID_KEYS, EMBEDDING_RANKER_KEYS]) expect(new Set(keys).size).toBe(keys.length);
  });
});
